import type { PickedFile } from '../upload';

/**
 * An upload actor's input: the file a `picture.pick` event carries (the console's picture charts). A module of its
 * own: machines/upload.ts ships with the console's first screen, this only with the later screens that upload.
 */
export function pickedFileInput({ event }: { event: { type: string; file?: PickedFile } }): { file: PickedFile } {
  if (event.type !== 'picture.pick' || !event.file) throw new Error(`an upload starts from picture.pick, not ${event.type}`);
  return { file: event.file };
}
