import { assertEvent, assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ConsoleCatalog, ConsoleFolder } from '@contract/console/catalog-entities';
import { folderDraftProblems, type DraftProblem } from '@contract/rules/catalog-edit';
import { declaredFileProblem } from '@contract/rules/chat';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { progressPercent, type PickedFile, type UploadEvent } from '../upload';
import { pickedFileInput } from './picked-file-input';
import type { FolderSave } from './catalog-machine';

/** The folder's form as typed: names, its background colour ('' none) and where it sits (0: the top). */
export interface FolderForm {
  name: string;
  name_en: string;
  bg_color: string;
  parent_id: number;
}
export type FolderTextField = 'name' | 'name_en' | 'bg_color';

export interface FolderEditorContext {
  folder: ConsoleFolder;
  form: FolderForm;
  /** the rule's problems before sending, or the server's refused field */
  problems: DraftProblem[];
  /** the server's refusal (or a file refused before sending: the rule's word, no message) */
  refusal: ApiFailure | null;
  progress: { loaded: number; total: number } | null;
  /** what the last write saved, for the form's note */
  saved: 'folder' | 'picture' | null;
}

export type FolderEditorEvent =
  | { type: 'folder.field'; field: FolderTextField; value: string }
  | { type: 'folder.parent'; parentId: number }
  | { type: 'folder.submit' }
  | { type: 'picture.pick'; file: PickedFile }
  | { type: 'picture.remove' }
  | UploadEvent;

/** Told to the catalog once a write is saved: the folder as the server answered it. */
export type FolderEditorEmitted = { type: 'folder.stored'; folder: ConsoleFolder };

const formOf = (folder: ConsoleFolder): FolderForm => ({ name: folder.name, name_en: folder.name_en, bg_color: folder.bg_color ?? '', parent_id: folder.parent_id });

/**
 * catalog_folder_save's payload. The colour is sent only when it was changed: a seeded folder's colour may be any
 * CSS colour, which a rename must neither refuse nor drop.
 */
export function folderPayload(context: Pick<FolderEditorContext, 'folder' | 'form'>): FolderSave {
  const { folder, form } = context;
  const colour = form.bg_color.trim();
  return {
    folder_id: folder.id,
    name: form.name.trim(),
    name_en: form.name_en.trim(),
    parent_id: form.parent_id,
    ...(colour === (folder.bg_color ?? '') ? {} : { bg_color: colour }),
  };
}

/**
 * Where a folder may go (two levels): the top, or a top folder other than itself; a folder holding subfolders
 * stays on top. The server refuses the same (catalog_folder_save's folder_too_deep).
 */
export function parentChoices(catalog: ConsoleCatalog, folderId: number): ConsoleFolder[] {
  if (catalog.folders.some((folder) => folder.parent_id === folderId)) return [];
  return catalog.folders.filter((folder) => folder.parent_id === 0 && folder.id !== folderId);
}

/**
 * One folder edited whole in the console (issue 32): names, background colour and parent saved together
 * (catalog_folder_save, checked first by contract/rules/catalog-edit.ts); its picture uploaded (type shop_picture)
 * and set at once (catalog_folder_picture), or removed. One write at a time; each saved folder is told to the
 * catalog (`folder.stored`).
 */
export const folderEditorMachine = setup({
  types: {
    context: {} as FolderEditorContext,
    events: {} as FolderEditorEvent,
    input: {} as { folder: ConsoleFolder },
    emitted: {} as FolderEditorEmitted,
  },
  actors: {
    'save folder': fromPromise<ConsoleFolder, FolderSave>(notProvided('save folder')),
    'set picture': fromPromise<ConsoleFolder, { folder_id: number; picture_id: number }>(notProvided('set picture')),
    'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error("'upload picture' not provided");
    }),
  },
  guards: {
    'form is refused': ({ context }) => folderDraftProblems(folderPayload(context)).length > 0,
    'file is refused': ({ event }) => event.type === 'picture.pick' && declaredFileProblem('shop_picture', event.file) !== null,
    'has a picture': ({ context }) => context.folder.picture !== null,
  },
  actions: {
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error), progress: null })),
    // A picture's write keeps what is typed in the form and not saved yet.
    'store folder': assign(({ context }, params: { folder: ConsoleFolder; saved: 'folder' | 'picture' }) => ({
      folder: params.saved === 'folder' ? params.folder : { ...context.folder, picture: params.folder.picture },
      form: params.saved === 'folder' ? formOf(params.folder) : context.form,
      saved: params.saved,
      progress: null,
    })),
    'tell catalog': emit((_, params: { folder: ConsoleFolder }) => ({ type: 'folder.stored' as const, folder: params.folder })),
    'start write': assign({ problems: [], refusal: null, saved: null }),
  },
}).createMachine({
  id: 'folderEditor',
  context: ({ input }) => ({ folder: input.folder, form: formOf(input.folder), problems: [], refusal: null, progress: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'folder.field': { actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value }, problems: [], refusal: null, saved: null })) },
        'folder.parent': { actions: assign(({ context, event }) => ({ form: { ...context.form, parent_id: event.parentId }, problems: [], refusal: null, saved: null })) },
        'folder.submit': [
          { guard: 'form is refused', actions: assign(({ context }) => ({ problems: folderDraftProblems(folderPayload(context)), saved: null })) },
          { target: 'saving', actions: 'start write' },
        ],
        'picture.pick': [
          {
            guard: 'file is refused',
            actions: assign(({ event }) => {
              assertEvent(event, 'picture.pick');
              return { refusal: { result: declaredFileProblem('shop_picture', event.file) ?? '', message: '' }, saved: null };
            }),
          },
          { target: 'uploading', actions: 'start write' },
        ],
        'picture.remove': { guard: 'has a picture', target: 'settingPicture', actions: 'start write' },
      },
    },
    saving: {
      invoke: {
        src: 'save folder',
        input: ({ context }) => folderPayload(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'store folder', params: ({ event }) => ({ folder: event.output, saved: 'folder' as const }) },
            { type: 'tell catalog', params: ({ event }) => ({ folder: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      invoke: {
        src: 'upload picture',
        input: pickedFileInput,
      },
      on: {
        'upload.progress': { actions: assign(({ event }) => ({ progress: { loaded: event.loaded, total: event.total } })) },
        'upload.done': [
          { guard: ({ event }) => event.media !== undefined, target: 'settingPicture', actions: assign({ progress: null }) },
          { target: 'editing', actions: assign({ progress: null }) },
        ],
        'upload.failed': { target: 'editing', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    settingPicture: {
      invoke: {
        src: 'set picture',
        // After an upload: its picture; after a remove: 0 (none).
        input: ({ context, event }) => ({ folder_id: context.folder.id, picture_id: event.type === 'upload.done' && event.media ? event.media.id : 0 }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'store folder', params: ({ event }) => ({ folder: event.output, saved: 'picture' as const }) },
            { type: 'tell catalog', params: ({ event }) => ({ folder: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type FolderEditorSnapshot = SnapshotFrom<typeof folderEditorMachine>;

/** Whether a write is on its way (the form's buttons wait). */
export const isBusy = (snapshot: FolderEditorSnapshot): boolean => !snapshot.matches('editing');
/** The upload's progress in percent, or null. */
export const uploadPercent = (snapshot: FolderEditorSnapshot): number | null => (snapshot.matches('uploading') ? (progressPercent(snapshot.context.progress) ?? 0) : null);
/** The field the server's refusal names, or null. */
export const refusedField = (snapshot: FolderEditorSnapshot): string | null => {
  const field = (snapshot.context.refusal?.data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : null;
};
