import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ConsoleMagazinePost } from '@contract/console/endpoints/magazine';
import { declaredFileProblem } from '@contract/rules/chat';
import { magazinePostProblems, type MagazinePostField, type MagazinePostInput, type MagazinePostProblems } from '@contract/rules/magazine-posts';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import type { PickedFile, UploadEvent } from '../upload';

type PostTexts = Omit<MagazinePostInput, 'date'>;

/** magazine_post_save's payload: a post (id) or a new one. */
export interface MagazineSave extends PostTexts {
  id?: number;
  /** '' for no cover */
  picture_id: number | '';
  published: 0 | 1;
  /** ISO timestamp, '' for now */
  date: string;
}

/** A change made from the list: publish, back to a draft, or remove. */
export interface MagazineChange {
  id: number;
  change: 'publish' | 'draft' | 'remove';
}

/** The post being written; `date` as a datetime-local field holds it (the owner's local time), '' for now. */
export interface MagazineForm extends PostTexts {
  id: number | null;
  date: string;
  published: boolean;
  picture: { id: number; url: string } | null;
}
export type MagazineTextField = MagazinePostField;

export interface MagazineContext {
  posts: ConsoleMagazinePost[] | null;
  form: MagazineForm | null;
  problems: MagazinePostProblems;
  /** the server's refusal, or a file refused before sending (the rule's word, no message) */
  failure: ApiFailure | null;
  saved: boolean;
}

export type MagazineEvent =
  | { type: 'posts.retry' }
  | { type: 'post.new' }
  | { type: 'post.edit'; id: number }
  | { type: 'post.field'; field: MagazineTextField; value: string }
  | { type: 'post.published'; value: boolean }
  | { type: 'post.upload'; file: PickedFile }
  | { type: 'post.unpicture' }
  | { type: 'post.cancel' }
  | { type: 'post.save' }
  | { type: 'post.publish'; id: number; published: boolean }
  | { type: 'post.remove'; id: number }
  | UploadEvent;

const pad = (value: number) => String(value).padStart(2, '0');
/** An ISO timestamp as a datetime-local field shows it, in this device's time zone. */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
/** A datetime-local value as an ISO timestamp ('' stays '': now; an unreadable value stays as typed, which the rule refuses). */
const isoOf = (local: string): string => {
  if (local.trim() === '') return '';
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? local : new Date(time).toISOString();
};

const saveOf = (form: MagazineForm): MagazineSave => ({
  ...(form.id === null ? {} : { id: form.id }),
  title: form.title.trim(),
  title_en: form.title_en.trim(),
  summary: form.summary.trim(),
  summary_en: form.summary_en.trim(),
  body: form.body.trim(),
  body_en: form.body_en.trim(),
  picture_id: form.picture?.id ?? '',
  published: form.published ? 1 : 0,
  date: isoOf(form.date),
});

/** The form's problems by the server's rule (contract/rules/magazine-posts.ts). */
export const magazineFormProblems = (form: MagazineForm): MagazinePostProblems => {
  const save = saveOf(form);
  return magazinePostProblems({ ...save, date: save.date === '' ? null : save.date });
};

const EMPTY_FORM: MagazineForm = { id: null, title: '', title_en: '', summary: '', summary_en: '', body: '', body_en: '', date: '', published: false, picture: null };

/**
 * The owner's magazine (issue 32): the posts (magazine_posts, drafts too, newest first), one post's form with its cover
 * uploaded (type shop_picture), saved (magazine_post_save), published or taken back (magazine_post_publish) or
 * removed (magazine_post_remove) from the list; every answer is every post.
 */
export const magazineMachine = setup({
  types: { context: {} as MagazineContext, events: {} as MagazineEvent },
  actors: {
    'load posts': fromPromise<ConsoleMagazinePost[], void>(notProvided('load posts')),
    'save post': fromPromise<ConsoleMagazinePost[], MagazineSave>(notProvided('save post')),
    'change post': fromPromise<ConsoleMagazinePost[], MagazineChange>(notProvided('change post')),
    'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error("'upload picture' not provided");
    }),
  },
  guards: {
    'has form': ({ context }) => context.form !== null,
    'form is refused': ({ context }) => context.form !== null && Object.keys(magazineFormProblems(context.form)).length > 0,
    'file is refused': ({ event }) => event.type === 'post.upload' && declaredFileProblem('shop_picture', event.file) !== null,
    'is listed': ({ context, event }) =>
      (event.type === 'post.edit' || event.type === 'post.remove' || event.type === 'post.publish') && (context.posts ?? []).some((post) => post.id === event.id),
    'changes its state': ({ context, event }) => event.type === 'post.publish' && (context.posts ?? []).some((post) => post.id === event.id && post.published !== event.published),
  },
  actions: {
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'close form': assign({ form: null, problems: {}, failure: null }),
    'drop cover': assign(({ context }) => (context.form ? { form: { ...context.form, picture: null }, saved: false } : {})),
    'store posts': assign((_, params: { posts: ConsoleMagazinePost[] }) => ({ posts: params.posts, failure: null })),
  },
}).createMachine({
  id: 'magazine',
  context: { posts: null, form: null, problems: {}, failure: null, saved: false },
  initial: 'loading',
  // The open form is typed into whatever runs meanwhile (its cover's upload, a change from the list).
  on: {
    'post.field': {
      guard: 'has form',
      actions: assign(({ context, event }) => ({ form: { ...context.form!, [event.field]: event.value }, problems: {}, failure: null, saved: false })),
    },
    'post.published': { guard: 'has form', actions: assign(({ context, event }) => ({ form: { ...context.form!, published: event.value }, saved: false })) },
  },
  states: {
    loading: {
      invoke: {
        src: 'load posts',
        onDone: { target: 'editing', actions: { type: 'store posts', params: ({ event }) => ({ posts: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'posts.retry': 'loading' } },
    editing: {
      on: {
        'post.new': { actions: assign({ form: EMPTY_FORM, problems: {}, failure: null, saved: false }) },
        'post.edit': {
          guard: 'is listed',
          actions: assign(({ context, event }) => {
            const post = (context.posts ?? []).find((candidate) => candidate.id === event.id)!;
            const picture = post.picture_id === null || post.picture === null ? null : { id: post.picture_id, url: post.picture };
            const { id, title, title_en, summary, summary_en, body, body_en, published } = post;
            return { form: { id, title, title_en, summary, summary_en, body, body_en, published, date: localDateTime(post.date), picture }, problems: {}, failure: null, saved: false };
          }),
        },
        'post.unpicture': { guard: 'has form', actions: 'drop cover' },
        'post.cancel': { actions: 'close form' },
        'post.upload': [
          {
            guard: 'file is refused',
            actions: assign(({ event }) => {
              assertEvent(event, 'post.upload');
              return { failure: { result: declaredFileProblem('shop_picture', event.file) ?? '', message: '' } };
            }),
          },
          { guard: 'has form', target: 'uploading', actions: assign({ failure: null, saved: false }) },
        ],
        'post.save': [
          { guard: 'form is refused', actions: assign(({ context }) => ({ problems: magazineFormProblems(context.form!) })) },
          { guard: 'has form', target: 'saving', actions: assign({ failure: null, saved: false }) },
        ],
        'post.publish': { guard: 'changes its state', target: 'changing', actions: assign({ failure: null, saved: false }) },
        'post.remove': { guard: 'is listed', target: 'changing', actions: assign({ failure: null, saved: false }) },
      },
    },
    uploading: {
      invoke: {
        src: 'upload picture',
        input: ({ event }) => {
          assertEvent(event, 'post.upload');
          return { file: event.file };
        },
      },
      on: {
        'upload.done': {
          target: 'editing',
          actions: assign(({ context, event }) => (context.form && event.media ? { form: { ...context.form, picture: { id: event.media.id, url: event.media.url } } } : {})),
        },
        'upload.failed': { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
        // Cancel stops the upload: its cover goes in no form.
        'post.cancel': { target: 'editing', actions: 'close form' },
      },
    },
    saving: {
      invoke: {
        src: 'save post',
        input: ({ context }) => saveOf(context.form!),
        onDone: { target: 'editing', actions: [{ type: 'store posts', params: ({ event }) => ({ posts: event.output }) }, assign({ form: null, saved: true })] },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    changing: {
      // A change from the list is none of the form's: it closes at once.
      on: { 'post.cancel': { actions: 'close form' }, 'post.unpicture': { guard: 'has form', actions: 'drop cover' } },
      invoke: {
        src: 'change post',
        input: ({ event }): MagazineChange => {
          assertEvent(event, ['post.publish', 'post.remove']);
          return { id: event.id, change: event.type === 'post.remove' ? 'remove' : event.published ? 'publish' : 'draft' };
        },
        onDone: { target: 'editing', actions: [{ type: 'store posts', params: ({ event }) => ({ posts: event.output }) }, assign({ saved: true })] },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type MagazineSnapshot = SnapshotFrom<typeof magazineMachine>;
