import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ContentPages, HomePicture, HomePictures } from '@contract/console/endpoints/content';
import { normalizeDigits } from '@contract/digits';
import { declaredFileProblem } from '@contract/rules/chat';
import { contentPageProblems, homePictureProblems, type ContentPage, type ContentProblem, type HomePictureKind } from '@contract/rules/shop-content';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import type { PickedFile, UploadEvent } from '../upload';

/** A content page's save: content_page_update's payload. */
export interface PageSave {
  page: ContentPage;
  fa: string;
  en: string;
}

/** A slide's or banner's change, as the console's codes take it. */
export type PictureChange =
  | { code: 'home_picture_add'; kind: HomePictureKind; title: string; title_en: string; picture_id: number; link: string }
  | { code: 'home_picture_update'; kind: HomePictureKind; id: number; title: string; title_en: string; picture_id: number; link: string }
  | { code: 'home_picture_remove'; kind: HomePictureKind; id: number }
  | { code: 'home_pictures_reorder'; kind: HomePictureKind; ids: string };

/** The slide or banner being written: its id when it is an edit, the picture id as typed. */
export interface PictureForm {
  kind: HomePictureKind;
  id: number | null;
  title: string;
  title_en: string;
  picture_id: string;
  link: string;
}
export type PictureField = Exclude<keyof PictureForm, 'kind' | 'id'>;

export interface ShopContentContext {
  pages: ContentPages | null;
  pictures: HomePictures | null;
  /** the page open in the pages' editor and its text as typed */
  page: ContentPage;
  draft: { fa: string; en: string };
  pageProblems: Partial<Record<'fa' | 'en', ContentProblem>>;
  form: PictureForm | null;
  formProblems: Partial<Record<PictureField, ContentProblem>>;
  failure: ApiFailure | null;
  /** what the server took last (the screen says so until the next edit) */
  saved: 'page' | 'pictures' | null;
  /** the page's text as its save began: typed into since, the server's answer does not replace it */
  sentDraft: { fa: string; en: string } | null;
  /** the pictures' change on its way is the open form's save (its answer closes the form; a move's or removal's does not) */
  formSent: boolean;
}

export type ShopContentEvent =
  | { type: 'content.retry' }
  | { type: 'page.pick'; page: ContentPage }
  | { type: 'page.edit'; language: 'fa' | 'en'; value: string }
  | { type: 'page.save' }
  | { type: 'picture.new'; kind: HomePictureKind }
  | { type: 'picture.edit'; kind: HomePictureKind; id: number }
  | { type: 'picture.field'; field: PictureField; value: string }
  | { type: 'picture.cancel' }
  | { type: 'picture.save' }
  | { type: 'picture.remove'; kind: HomePictureKind; id: number }
  | { type: 'picture.move'; kind: HomePictureKind; id: number; by: -1 | 1 }
  /** a file picked for the open form's picture: uploaded (a shop picture), its id goes in the form */
  | { type: 'picture.upload'; file: PickedFile }
  | UploadEvent;

const listOf = (pictures: HomePictures | null, kind: HomePictureKind): HomePicture[] => (pictures ? (kind === 'slide' ? pictures.slides : pictures.banners) : []);

const pictureInput = (form: PictureForm) => ({
  title: form.title.trim(),
  title_en: form.title_en.trim(),
  picture_id: form.picture_id.trim() === '' ? Number.NaN : Number(normalizeDigits(form.picture_id.trim())),
  link: form.link.trim(),
});

/** The form's change as the server takes it. */
export function pictureChange(form: PictureForm): PictureChange {
  const input = pictureInput(form);
  return form.id === null ? { code: 'home_picture_add', kind: form.kind, ...input } : { code: 'home_picture_update', kind: form.kind, id: form.id, ...input };
}

/** The kind's ids with `id` moved by one place; null at an edge (nothing to move). */
export function movedIds(pictures: HomePictures | null, kind: HomePictureKind, id: number, by: -1 | 1): number[] | null {
  const ids = listOf(pictures, kind).map((entry) => entry.id);
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  [ids[at], ids[to]] = [ids[to], ids[at]];
  return ids;
}

const draftOf = (pages: ContentPages | null, page: ContentPage) => (pages ? { ...pages[page] } : { fa: '', en: '' });

/**
 * The owner's storefront content (issue 32): the content pages (about, rules, privacy in fa and en) and the home's
 * slides and banners. Each form is checked by the save's guard with the rules the server applies
 * (contract/rules/shop-content.ts); the server's refusal is kept in its words.
 */
export const shopContentMachine = setup({
  types: {
    context: {} as ShopContentContext,
    events: {} as ShopContentEvent,
  },
  actors: {
    'load content': fromPromise<{ pages: ContentPages; pictures: HomePictures }, void>(notProvided('load content')),
    'save page': fromPromise<ContentPages, PageSave>(notProvided('save page')),
    'change pictures': fromPromise<HomePictures, PictureChange>(notProvided('change pictures')),
    'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error("'upload picture' not provided");
    }),
  },
  guards: {
    'page is refused': ({ context }) => Object.keys(contentPageProblems(context.draft)).length > 0,
    'form is refused': ({ context }) => context.form !== null && Object.keys(homePictureProblems(pictureInput(context.form))).length > 0,
    'has form': ({ context }) => context.form !== null,
    'file is refused': ({ event }) => event.type === 'picture.upload' && declaredFileProblem('shop_picture', event.file) !== null,
    'can move': ({ context, event }) => event.type === 'picture.move' && movedIds(context.pictures, event.kind, event.id, event.by) !== null,
    'is listed': ({ context, event }) =>
      (event.type === 'picture.edit' || event.type === 'picture.remove') && listOf(context.pictures, event.kind).some((entry) => entry.id === event.id),
  },
  actions: {
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'pick page': assign(({ context, event }) => {
      assertEvent(event, 'page.pick');
      return { page: event.page, draft: draftOf(context.pages, event.page), pageProblems: {}, saved: null, failure: null };
    }),
    'edit page': assign(({ context, event }) => {
      assertEvent(event, 'page.edit');
      return { draft: { ...context.draft, [event.language]: event.value }, pageProblems: {}, saved: null, failure: null };
    }),
    'refuse page': assign(({ context }) => ({ pageProblems: contentPageProblems(context.draft), saved: null })),
    'open new': assign(({ event }) => {
      assertEvent(event, 'picture.new');
      return { form: { kind: event.kind, id: null, title: '', title_en: '', picture_id: '', link: '' }, formProblems: {}, saved: null, failure: null };
    }),
    'open edit': assign(({ context, event }) => {
      assertEvent(event, 'picture.edit');
      const entry = listOf(context.pictures, event.kind).find((candidate) => candidate.id === event.id)!;
      return {
        form: { kind: event.kind, id: entry.id, title: entry.title, title_en: entry.title_en, picture_id: String(entry.picture_id), link: entry.link },
        formProblems: {},
        saved: null,
        failure: null,
      };
    }),
    'edit form': assign(({ context, event }) => {
      assertEvent(event, 'picture.field');
      return context.form ? { form: { ...context.form, [event.field]: event.value }, formProblems: {}, saved: null, failure: null } : {};
    }),
    'close form': assign({ form: null, formProblems: {}, failure: null }),
    'refuse form': assign(({ context }) => ({ formProblems: context.form ? homePictureProblems(pictureInput(context.form)) : {}, saved: null })),
  },
}).createMachine({
  id: 'shopContent',
  context: {
    pages: null,
    pictures: null,
    page: 'about',
    draft: { fa: '', en: '' },
    pageProblems: {},
    form: null,
    formProblems: {},
    failure: null,
    saved: null,
    sentDraft: null,
    formSent: false,
  },
  initial: 'loading',
  // The page's text and the open form are typed into whatever runs meanwhile (an upload, a save, a move).
  on: {
    'page.edit': { actions: 'edit page' },
    'picture.field': { guard: 'has form', actions: 'edit form' },
  },
  states: {
    loading: {
      invoke: {
        src: 'load content',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({ pages: event.output.pages, pictures: event.output.pictures, draft: draftOf(event.output.pages, context.page), failure: null })),
        },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'content.retry': 'loading' } },
    editing: {
      on: {
        'page.pick': { actions: 'pick page' },
        'page.save': [{ guard: 'page is refused', actions: 'refuse page' }, { target: 'savingPage', actions: assign(({ context }) => ({ failure: null, saved: null, sentDraft: context.draft })) }],
        'picture.new': { actions: 'open new' },
        'picture.edit': { guard: 'is listed', actions: 'open edit' },
        'picture.cancel': { actions: 'close form' },
        'picture.save': [
          { guard: 'form is refused', actions: 'refuse form' },
          { guard: 'has form', target: 'changingPictures', actions: assign({ failure: null, saved: null, formSent: true }) },
        ],
        'picture.remove': {
          guard: 'is listed',
          target: 'changingPictures',
          actions: assign({ failure: null, saved: null, formSent: false }),
        },
        'picture.move': { guard: 'can move', target: 'changingPictures', actions: assign({ failure: null, saved: null, formSent: false }) },
        'picture.upload': [
          {
            guard: 'file is refused',
            actions: assign(({ event }) => ({ failure: { result: event.type === 'picture.upload' ? (declaredFileProblem('shop_picture', event.file) ?? '') : '', message: '' } })),
          },
          { guard: 'has form', target: 'uploadingPicture', actions: assign({ failure: null, saved: null }) },
        ],
      },
    },
    uploadingPicture: {
      invoke: {
        src: 'upload picture',
        input: ({ event }) => {
          assertEvent(event, 'picture.upload');
          return { file: event.file };
        },
      },
      on: {
        'upload.done': {
          target: 'editing',
          actions: assign(({ context, event }) => (context.form && event.media ? { form: { ...context.form, picture_id: String(event.media.id) }, formProblems: {} } : {})),
        },
        'upload.failed': { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
        'picture.cancel': { target: 'editing', actions: 'close form' },
      },
    },
    savingPage: {
      // The picture form is none of the page's save: it closes at once.
      on: { 'picture.cancel': { actions: 'close form' } },
      invoke: {
        src: 'save page',
        input: ({ context }) => ({ page: context.page, fa: context.draft.fa, en: context.draft.en }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            pages: event.output,
            draft: context.draft === context.sentDraft ? draftOf(event.output, context.page) : context.draft,
            sentDraft: null,
            saved: 'page' as const,
          })),
        },
        onError: { target: 'editing', actions: [assign({ sentDraft: null }), { type: 'store failure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    changingPictures: {
      invoke: {
        src: 'change pictures',
        input: ({ context, event }): PictureChange => {
          if (event.type === 'picture.remove') return { code: 'home_picture_remove', kind: event.kind, id: event.id };
          if (event.type === 'picture.move') return { code: 'home_pictures_reorder', kind: event.kind, ids: JSON.stringify(movedIds(context.pictures, event.kind, event.id, event.by)) };
          return pictureChange(context.form!);
        },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            pictures: event.output,
            ...(context.formSent ? { form: null, formProblems: {} } : {}),
            formSent: false,
            saved: 'pictures' as const,
          })),
        },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ShopContentSnapshot = SnapshotFrom<typeof shopContentMachine>;
