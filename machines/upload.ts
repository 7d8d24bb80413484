import type { ChatMessage, Media } from '@contract/entities/chat';

/*
 * A picture sent from a chat (the customer's support chat, the staff's inbox): what the chart reads
 * of the picked file and what the upload actor (src/api/upload-actor.ts) reports back.
 */

/** A picked file as the chart sees it (the view hands over the File itself, which has these). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** What the upload actor reports back. */
export type UploadEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  /** `media` is the stored picture (an ad's picture is kept by the chart that sent it) */
  | { type: 'upload.done'; message: ChatMessage | null; media?: Media }
  | { type: 'upload.failed'; error: unknown };

/** Upload progress in percent (0–100), or null when nothing is being sent. */
export function progressPercent(progress: { loaded: number; total: number } | null): number | null {
  if (!progress) return null;
  return progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
}
