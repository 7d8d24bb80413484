import { assertEvent, assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ConsoleItem } from '@contract/console/catalog-entities';
import { declaredFileProblem } from '@contract/rules/chat';
import { CATALOG_PICTURES_MAX, movedPicture } from '@contract/rules/shop-pictures';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { progressPercent, type PickedFile, type UploadEvent } from '../upload';
import { pickedFileInput } from './picked-file-input';

/** One of an item's pictures: its id (a picture of the shop) and where it is shown. */
export interface ItemPicture {
  id: number;
  url: string;
}

export interface ItemPicturesContext {
  itemId: number;
  /** in order: the first is the cover */
  pictures: ItemPicture[];
  /** the list being saved (shown while it is on its way) */
  pending: ItemPicture[] | null;
  progress: { loaded: number; total: number } | null;
  /** the file's problem before sending (the rule's word), or the server's refusal */
  refusal: ApiFailure | null;
}

export type ItemPicturesEvent =
  | { type: 'picture.pick'; file: PickedFile }
  | { type: 'picture.remove'; index: number }
  | { type: 'picture.move'; index: number; step: -1 | 1 }
  | UploadEvent;

/** Told to whoever shows the catalog once a change is saved: the item as the server answered it. */
export type ItemPicturesEmitted = { type: 'pictures.saved'; item: ConsoleItem };

/**
 * An item's pictures in the console's item editor (issue 32): pick a file → the upload (type shop_picture,
 * re-encoded by the server) → the item's list with it appended is saved (catalog_item_pictures); remove and
 * move save the list at once. The first picture is the item's cover. One change at a time.
 */
export const itemPicturesMachine = setup({
  types: {
    context: {} as ItemPicturesContext,
    events: {} as ItemPicturesEvent,
    input: {} as { itemId: number; pictures: readonly ItemPicture[] },
    emitted: {} as ItemPicturesEmitted,
  },
  actors: {
    'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error("'upload picture' not provided");
    }),
    'save pictures': fromPromise<ConsoleItem, { item_id: number; picture_ids: number[] }>(notProvided('save pictures')),
  },
  guards: {
    'has room': ({ context }) => context.pictures.length < CATALOG_PICTURES_MAX,
    'file is refused': ({ event }) => {
      assertEvent(event, 'picture.pick');
      return declaredFileProblem('shop_picture', event.file) !== null;
    },
    'is a picture': ({ context, event }) => {
      assertEvent(event, ['picture.remove', 'picture.move']);
      return event.index >= 0 && event.index < context.pictures.length;
    },
  },
  actions: {
    'refuse file': assign(({ event }) => {
      assertEvent(event, 'picture.pick');
      const result = declaredFileProblem('shop_picture', event.file) ?? '';
      return { refusal: { result, message: '' } };
    }),
    'start upload': assign({ refusal: null, progress: null }),
    'store progress': assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: { loaded: event.loaded, total: event.total } };
    }),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error), pending: null, progress: null })),
  },
}).createMachine({
  id: 'itemPictures',
  context: ({ input }) => ({ itemId: input.itemId, pictures: [...input.pictures], pending: null, progress: null, refusal: null }),
  initial: 'shown',
  states: {
    shown: {
      on: {
        'picture.pick': [{ guard: 'file is refused', actions: 'refuse file' }, { guard: 'has room', target: 'uploading', actions: 'start upload' }],
        'picture.remove': {
          guard: 'is a picture',
          target: 'saving',
          actions: assign({ pending: ({ context, event }) => context.pictures.filter((_, index) => index !== event.index), refusal: null }),
        },
        'picture.move': {
          guard: 'is a picture',
          target: 'saving',
          actions: assign({ pending: ({ context, event }) => movedPicture(context.pictures, event.index, event.step), refusal: null }),
        },
      },
    },
    uploading: {
      invoke: {
        src: 'upload picture',
        input: pickedFileInput,
      },
      on: {
        'upload.progress': { actions: 'store progress' },
        'upload.done': [
          {
            guard: ({ event }) => event.media !== undefined,
            target: 'saving',
            actions: assign({ pending: ({ context, event }) => [...context.pictures, { id: event.media!.id, url: event.media!.url }], progress: null }),
          },
          { target: 'shown', actions: assign({ progress: null }) },
        ],
        'upload.failed': { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      invoke: {
        src: 'save pictures',
        input: ({ context }) => ({ item_id: context.itemId, picture_ids: (context.pending ?? context.pictures).map((picture) => picture.id) }),
        onDone: {
          target: 'shown',
          actions: [assign({ pictures: ({ event }) => event.output.pictures, pending: null }), emit(({ event }) => ({ type: 'pictures.saved' as const, item: event.output }))],
        },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ItemPicturesSnapshot = SnapshotFrom<typeof itemPicturesMachine>;

/** The pictures as shown: the list on its way while it is saved. */
export const shownPictures = (snapshot: ItemPicturesSnapshot): ItemPicture[] => snapshot.context.pending ?? snapshot.context.pictures;
/** Whether a change is on its way (the buttons wait). */
export const isBusy = (snapshot: ItemPicturesSnapshot): boolean => !snapshot.matches('shown');
/** The upload's progress in percent, or null. */
export const uploadPercent = (snapshot: ItemPicturesSnapshot): number | null => (snapshot.matches('uploading') ? (progressPercent(snapshot.context.progress) ?? 0) : null);
