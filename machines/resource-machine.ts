import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { messageOf } from './api-failure';
import { notProvided } from './not-provided';

export interface ResourceContext<TData> {
  data: TData | null;
  error: string | null;
  /** true after a save succeeded, until the next edit is sent */
  saved: boolean;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.save'; payload: Record<string, unknown> };

/**
 * Loads one thing from the server and saves changes to it (profile, wallet,
 * invite data, access request). 'load' and 'save' arrive as provided actors.
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext<unknown>,
    events: {} as ResourceEvent,
  },
  actors: {
    load: fromPromise<unknown, void>(async () => null),
    save: fromPromise<unknown, Record<string, unknown>>(notProvided('save')),
  },
  actions: {
    // Provided by the view, e.g. to tell the app machine about a changed user.
    'announce saved': (_, _params: { data: unknown }) => {},
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'resource.retry': 'loading' } },
    ready: {
      on: { 'resource.save': { target: 'saving', actions: assign({ saved: false, error: null }) } },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ event }) => {
          assertEvent(event, 'resource.save');
          return event.payload;
        },
        onDone: {
          target: 'ready',
          actions: [assign({ data: ({ event }) => event.output, saved: true }), { type: 'announce saved', params: ({ event }) => ({ data: event.output }) }],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
