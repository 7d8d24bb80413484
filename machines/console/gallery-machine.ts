import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ConsoleGalleryPicture } from '@contract/console/endpoints/gallery';
import { declaredFileProblem } from '@contract/rules/chat';
import { SHOP_CONTENT_LIMITS } from '@contract/rules/shop-content';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import type { PickedFile, UploadEvent } from '../upload';

/** gallery_picture_save's payload: an entry (id) or a new one. */
export interface GallerySave {
  id?: number;
  title: string;
  title_en: string;
  picture_id: number;
}

/** The entry being written: its id when it is an edit, its picture once one is chosen or uploaded. */
export interface GalleryForm {
  id: number | null;
  title: string;
  title_en: string;
  picture: { id: number; url: string } | null;
}
export type GalleryField = 'title' | 'title_en';
/** What the form lacks before it can be sent. */
export type GalleryProblem = 'title_required' | 'title_too_long' | 'picture_required';

export interface GalleryContext {
  gallery: ConsoleGalleryPicture[] | null;
  form: GalleryForm | null;
  problems: Partial<Record<GalleryField | 'picture', GalleryProblem>>;
  /** the server's refusal, or a file refused before sending (the rule's word, no message) */
  failure: ApiFailure | null;
  saved: boolean;
  /** the entry the last move moves (the screen says so once it is answered) */
  moved: number | null;
}

export type GalleryEvent =
  | { type: 'gallery.retry' }
  | { type: 'entry.new' }
  | { type: 'entry.edit'; id: number }
  | { type: 'entry.field'; field: GalleryField; value: string }
  | { type: 'entry.upload'; file: PickedFile }
  | { type: 'entry.cancel' }
  | { type: 'entry.save' }
  | { type: 'entry.remove'; id: number }
  | { type: 'entry.move'; id: number; direction: 'up' | 'down' }
  | UploadEvent;

/** The form's problems, as the server would refuse them (titles 1..SHOP_CONTENT_LIMITS.title, a picture). */
export function galleryFormProblems(form: GalleryForm): GalleryContext['problems'] {
  const problems: GalleryContext['problems'] = {};
  for (const field of ['title', 'title_en'] as const) {
    const value = form[field].trim();
    if (value === '') problems[field] = 'title_required';
    else if (value.length > SHOP_CONTENT_LIMITS.title) problems[field] = 'title_too_long';
  }
  if (!form.picture) problems.picture = 'picture_required';
  return problems;
}

const saveOf = (form: GalleryForm): GallerySave => ({
  ...(form.id === null ? {} : { id: form.id }),
  title: form.title.trim(),
  title_en: form.title_en.trim(),
  picture_id: form.picture?.id ?? 0,
});

/**
 * The owner's gallery (issue 32): the list (gallery_pictures), one entry's form with its picture uploaded (type
 * shop_picture), saved (gallery_picture_save), moved one place (gallery_picture_move) or removed (gallery_picture_remove);
 * every answer is the whole gallery.
 */
export const galleryMachine = setup({
  types: { context: {} as GalleryContext, events: {} as GalleryEvent },
  actors: {
    'load gallery': fromPromise<ConsoleGalleryPicture[], void>(notProvided('load gallery')),
    'save entry': fromPromise<ConsoleGalleryPicture[], GallerySave>(notProvided('save entry')),
    'remove entry': fromPromise<ConsoleGalleryPicture[], { id: number }>(notProvided('remove entry')),
    'move entry': fromPromise<ConsoleGalleryPicture[], { id: number; direction: 'up' | 'down' }>(notProvided('move entry')),
    'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error("'upload picture' not provided");
    }),
  },
  guards: {
    'has form': ({ context }) => context.form !== null,
    'form is refused': ({ context }) => context.form !== null && Object.keys(galleryFormProblems(context.form)).length > 0,
    'file is refused': ({ event }) => event.type === 'entry.upload' && declaredFileProblem('shop_picture', event.file) !== null,
    // Not past an end: the first does not go up nor the last down.
    'can move': ({ context, event }) => {
      if (event.type !== 'entry.move') return false;
      const entries = context.gallery ?? [];
      const at = entries.findIndex((entry) => entry.id === event.id);
      return at >= 0 && (event.direction === 'up' ? at > 0 : at < entries.length - 1);
    },
    'is listed': ({ context, event }) => (event.type === 'entry.edit' || event.type === 'entry.remove') && (context.gallery ?? []).some((entry) => entry.id === event.id),
  },
  actions: {
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'close form': assign({ form: null, problems: {}, failure: null }),
    'store gallery': assign((_, params: { gallery: ConsoleGalleryPicture[] }) => ({ gallery: params.gallery, failure: null })),
  },
}).createMachine({
  id: 'gallery',
  context: { gallery: null, form: null, problems: {}, failure: null, saved: false, moved: null },
  initial: 'loading',
  // The open form is typed into whatever runs meanwhile (its picture's upload, a move, a removal).
  on: {
    'entry.field': {
      guard: 'has form',
      actions: assign(({ context, event }) => ({ form: context.form ? { ...context.form, [event.field]: event.value } : null, problems: {}, failure: null, saved: false, moved: null })),
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'load gallery',
        onDone: { target: 'editing', actions: { type: 'store gallery', params: ({ event }) => ({ gallery: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'gallery.retry': 'loading' } },
    editing: {
      on: {
        'entry.new': { actions: assign({ form: { id: null, title: '', title_en: '', picture: null }, problems: {}, failure: null, saved: false, moved: null }) },
        'entry.edit': {
          guard: 'is listed',
          actions: assign(({ context, event }) => {
            const entry = (context.gallery ?? []).find((candidate) => candidate.id === event.id)!;
            return { form: { id: entry.id, title: entry.title, title_en: entry.title_en, picture: { id: entry.picture_id, url: entry.picture } }, problems: {}, failure: null, saved: false, moved: null };
          }),
        },
        'entry.cancel': { actions: 'close form' },
        'entry.upload': [
          {
            guard: 'file is refused',
            actions: assign(({ event }) => {
              assertEvent(event, 'entry.upload');
              return { failure: { result: declaredFileProblem('shop_picture', event.file) ?? '', message: '' } };
            }),
          },
          { guard: 'has form', target: 'uploading', actions: assign({ failure: null, saved: false, moved: null }) },
        ],
        'entry.save': [
          { guard: 'form is refused', actions: assign(({ context }) => ({ problems: context.form ? galleryFormProblems(context.form) : {} })) },
          { guard: 'has form', target: 'saving', actions: assign({ failure: null, saved: false, moved: null }) },
        ],
        'entry.remove': { guard: 'is listed', target: 'removing', actions: assign({ failure: null, saved: false, moved: null }) },
        'entry.move': { guard: 'can move', target: 'moving', actions: assign({ failure: null, saved: false, moved: ({ event }) => event.id }) },
      },
    },
    moving: {
      // A move or a removal is none of the form's: it closes at once.
      on: { 'entry.cancel': { actions: 'close form' } },
      invoke: {
        src: 'move entry',
        input: ({ event }) => {
          assertEvent(event, 'entry.move');
          return { id: event.id, direction: event.direction };
        },
        onDone: { target: 'editing', actions: { type: 'store gallery', params: ({ event }) => ({ gallery: event.output }) } },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      invoke: {
        src: 'upload picture',
        input: ({ event }) => {
          assertEvent(event, 'entry.upload');
          return { file: event.file };
        },
      },
      on: {
        'upload.done': {
          target: 'editing',
          actions: assign(({ context, event }) => (context.form && event.media ? { form: { ...context.form, picture: { id: event.media.id, url: event.media.url } }, problems: {} } : {})),
        },
        'upload.failed': { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
        // Cancel stops the upload: its picture goes in no form.
        'entry.cancel': { target: 'editing', actions: 'close form' },
      },
    },
    saving: {
      invoke: {
        src: 'save entry',
        input: ({ context }) => saveOf(context.form!),
        onDone: { target: 'editing', actions: [{ type: 'store gallery', params: ({ event }) => ({ gallery: event.output }) }, assign({ form: null, saved: true })] },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removing: {
      on: { 'entry.cancel': { actions: 'close form' } },
      invoke: {
        src: 'remove entry',
        input: ({ event }) => {
          assertEvent(event, 'entry.remove');
          return { id: event.id };
        },
        onDone: { target: 'editing', actions: [{ type: 'store gallery', params: ({ event }) => ({ gallery: event.output }) }, assign({ saved: true })] },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type GallerySnapshot = SnapshotFrom<typeof galleryMachine>;
