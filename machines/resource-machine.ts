import { and, assertEvent, assign, enqueueActions, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { Code } from '@contract/api';
import type { User } from '@contract/index';
import { asFailure, isNotFound, type ApiFailure } from './api-failure';
import type { Notice } from './notice';
import { notProvided } from './not-provided';
import { SYSTEM_IDS } from './system';

/** One API request: a contract code and its payload. */
export interface ApiRequest {
  code: Code;
  payload: Record<string, unknown>;
}

/**
 * What a saved reply tells the app: 'user' — the reply is the session's user
 * (`session.update`); 'favorites' — the reply carries the user's favorites
 * (`favorites.update`).
 */
export type Announcement = 'user' | 'favorites';

/** A contract rule's missing or wrong fields of a payload, by field name (empty: it may be sent). */
export type FieldProblems = Partial<Record<string, string>>;

/** The notices a save can raise (src/app/notices.ts words them). */
export type ResourceNoticeId = 'profile saved' | 'contact sent';

export interface ResourceInput {
  /** what to load; absent for a form that only sends (it starts ready, with no data) */
  load?: ApiRequest;
  /** the code that saves an edit (its payload comes with `resource.save`) */
  save?: Code;
  /** after a save: the reply replaces the data ('replace', the default), or the data is loaded again ('reload') */
  afterSave?: 'replace' | 'reload';
  /** after a save, tell the app what changed */
  announce?: Announcement;
  /** a contract rule the payload must pass before it is sent (contract/rules/*); its problems stay beside their fields */
  check?: (payload: Record<string, unknown>) => FieldProblems;
  /** the notice raised once the server took a save */
  savedNotice?: ResourceNoticeId;
  /** a refused save is also told as a failure notice (spec §8's toast), not only kept for the view */
  tellRefusal?: boolean;
  /** a form the chart keeps, by its blank fields: `resource.edit` changes one, a save the server took blanks it again */
  form?: Record<string, string>;
}

export interface ResourceContext {
  request: ApiRequest | null;
  saveCode: Code | null;
  afterSave: 'replace' | 'reload';
  announce: Announcement | null;
  check: ((payload: Record<string, unknown>) => FieldProblems) | null;
  savedNotice: ResourceNoticeId | null;
  tellRefusal: boolean;
  /** the form's blank fields (null: the view keeps its own fields) and what is typed now */
  blank: Record<string, string> | null;
  form: Record<string, string> | null;
  data: unknown;
  failure: ApiFailure | null;
  /** the fields the last send was refused for, by the check or by the server (its failure's `data.field`) */
  problems: FieldProblems;
}

export type ResourceEvent =
  | { type: 'resource.retry' }
  /** what it shows changed elsewhere (the live channel: an order's status, the wallet): read it again, keeping it shown */
  | { type: 'resource.refresh' }
  | { type: 'resource.save'; payload: Record<string, unknown> }
  | { type: 'resource.edit'; field: string; value: string };

/** The success notice of a save (only asked for when the input names one). */
const savedNotice = (context: ResourceContext): Notice<ResourceNoticeId> => ({ tone: 'success', id: context.savedNotice as ResourceNoticeId });

/**
 * Loads one thing a screen shows (a magazine page, an order, the wallet…) and
 * saves edits to it; without a load it is a form that only sends (contact,
 * access request, a favorite). A screen opens one as a child of the app actor
 * for as long as it shows; the one 'call' effect is the API client, provided
 * by the composition root.
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
  },
  actors: {
    call: fromPromise<unknown, ApiRequest>(notProvided('call')),
  },
  guards: {
    'has load': ({ context }) => context.request !== null,
    'not found': ({ event }) => isNotFound((event as { error?: unknown }).error),
    'can save': ({ context }) => context.saveCode !== null,
    'fails its check': ({ context, event }) => {
      assertEvent(event, 'resource.save');
      return context.check !== null && Object.keys(context.check(event.payload)).length > 0;
    },
    'reloads after save': ({ context }) => context.afterSave === 'reload' && context.request !== null,
    'keeps a form': ({ context }) => context.form !== null,
    'tells the save': ({ context }) => context.savedNotice !== null,
    'tells a refusal': ({ context }) => context.tellRefusal,
  },
  actions: {
    'store data': assign((_, params: { data: unknown }) => ({ data: params.data, failure: null })),
    'store saved data': assign((_, params: { data: unknown }) => ({ data: params.data, failure: null })),
    'forget failure': assign({ failure: null }),
    'edit form': assign(({ context, event }) => {
      assertEvent(event, 'resource.edit');
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    // A sent form starts blank again.
    'blank the form': assign(({ context }) => ({ form: context.blank })),
    /** provided by the composition root: shows the notice (src/app/notices.ts) */
    notify: (_, _notice: Notice<ResourceNoticeId>) => {},
    'remember failure': assign((_, params: { error: unknown }) => {
      const failure = asFailure(params.error);
      // A refusal that names its field (data.field) is shown beside that field.
      const field = (failure.data as { field?: unknown } | null | undefined)?.field;
      return { failure, problems: typeof field === 'string' ? { [field]: failure.result } : {} };
    }),
    'remember problems': assign(({ context, event }) => {
      assertEvent(event, 'resource.save');
      return { problems: context.check?.(event.payload) ?? {}, failure: null };
    }),
    'start saving': assign({ failure: null, problems: {} }),
    /** the input's opt-in: what a saved reply tells the app */
    announce: enqueueActions(({ context, enqueue, system }, params: { data: unknown }) => {
      if (context.announce === null) return;
      const app = system.get(SYSTEM_IDS.app) as AnyActorRef | undefined;
      if (!app) return;
      const update =
        context.announce === 'user'
          ? { type: 'session.update' as const, user: params.data as User }
          : { type: 'favorites.update' as const, favorites: (params.data as { favorites: number[] }).favorites };
      enqueue.sendTo(app, update);
    }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({
    request: input.load ?? null,
    saveCode: input.save ?? null,
    afterSave: input.afterSave ?? 'replace',
    announce: input.announce ?? null,
    check: input.check ?? null,
    savedNotice: input.savedNotice ?? null,
    tellRefusal: input.tellRefusal ?? false,
    blank: input.form ?? null,
    form: input.form ?? null,
    data: null,
    failure: null,
    problems: {},
  }),
  // Typing goes on while a form is sent.
  on: { 'resource.edit': { guard: 'keeps a form', actions: 'edit form' } },
  initial: 'start',
  states: {
    start: { always: [{ guard: 'has load', target: 'loading' }, { target: 'ready' }] },
    loading: {
      invoke: {
        src: 'call',
        input: ({ context }) => context.request as ApiRequest,
        onDone: { target: 'ready', actions: { type: 'store data', params: ({ event }) => ({ data: event.output }) } },
        onError: [
          { guard: 'not found', target: 'notFound', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'resource.retry': 'loading' } },
    // The server says it is not there: no retry, the view shows its not-found page.
    notFound: {},
    ready: {
      on: {
        'resource.refresh': { guard: 'has load', target: 'refreshing' },
        'resource.save': [
          { guard: 'fails its check', actions: 'remember problems' },
          { guard: 'can save', target: 'saving', actions: 'start saving' },
        ],
      },
    },
    // Read again while the old data stays shown; a failure keeps it (the next change tries again), another change starts over.
    refreshing: {
      on: { 'resource.refresh': { target: 'refreshing', reenter: true } },
      invoke: {
        src: 'call',
        input: ({ context }) => context.request as ApiRequest,
        onDone: { target: 'ready', actions: { type: 'store data', params: ({ event }) => ({ data: event.output }) } },
        onError: 'ready',
      },
    },
    saving: {
      invoke: {
        src: 'call',
        input: ({ context, event }) => {
          assertEvent(event, 'resource.save');
          return { code: context.saveCode as Code, payload: event.payload };
        },
        // The outcomes the input names: the save's notice, a blank form, a refusal told.
        onDone: [
          {
            guard: and(['reloads after save', 'tells the save']),
            target: 'loading',
            actions: ['forget failure', { type: 'announce', params: ({ event }) => ({ data: event.output }) }, { type: 'notify', params: ({ context }) => savedNotice(context) }],
          },
          { guard: 'reloads after save', target: 'loading', actions: ['forget failure', { type: 'announce', params: ({ event }) => ({ data: event.output }) }] },
          {
            guard: 'tells the save',
            target: 'ready',
            actions: [
              { type: 'store saved data', params: ({ event }) => ({ data: event.output }) },
              { type: 'announce', params: ({ event }) => ({ data: event.output }) },
              'blank the form',
              { type: 'notify', params: ({ context }) => savedNotice(context) },
            ],
          },
          {
            target: 'ready',
            actions: [{ type: 'store saved data', params: ({ event }) => ({ data: event.output }) }, { type: 'announce', params: ({ event }) => ({ data: event.output }) }, 'blank the form'],
          },
        ],
        onError: [
          {
            guard: 'tells a refusal',
            target: 'ready',
            actions: [
              { type: 'remember failure', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: ({ event }) => ({ tone: 'failure' as const, error: event.error }) },
            ],
          },
          { target: 'ready', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});

export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** What a screen's resource shows: loading, ready (or saving) with its data, or failed with the server's failure. */
export type Resource<T> =
  | { status: 'loading'; data: null; failure: null }
  | { status: 'ready' | 'saving'; data: T; failure: ApiFailure | null }
  | { status: 'failed'; data: null; failure: ApiFailure }
  /** the server said it is not there (a 404): a page of its own, no retry */
  | { status: 'notFound'; data: null; failure: ApiFailure };

/**
 * The resource as a screen shows it (undefined: its actor is not spawned yet), for
 * `useSelector(actor, selectResource<DataOf<'code'>>, shallowEqual)`; `T` is the contract's reply type of the loaded code.
 */
export function selectResource<T>(snapshot: ResourceSnapshot | undefined): Resource<T> {
  if (!snapshot || snapshot.matches('loading') || snapshot.matches('start')) return { status: 'loading', data: null, failure: null };
  if (snapshot.matches('failed')) return { status: 'failed', data: null, failure: snapshot.context.failure as ApiFailure };
  if (snapshot.matches('notFound')) return { status: 'notFound', data: null, failure: snapshot.context.failure as ApiFailure };
  return { status: snapshot.matches('saving') ? 'saving' : 'ready', data: snapshot.context.data as T, failure: snapshot.context.failure };
}

const NO_PROBLEMS: FieldProblems = {};

/** The fields the last send was refused for (the input's check, or the server naming a field). */
export const selectProblems = (snapshot: ResourceSnapshot | undefined): FieldProblems => snapshot?.context.problems ?? NO_PROBLEMS;

/** The form the chart keeps (its input's `form`), as typed. */
export const selectForm = (snapshot: ResourceSnapshot | undefined): Record<string, string> | null => snapshot?.context.form ?? null;

/** True while a save is under way. */
export const selectSaving = (snapshot: ResourceSnapshot | undefined): boolean => snapshot?.matches('saving') ?? false;
