import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Code } from '@contract/api';
import { asFailure, type ApiFailure } from './api-failure';
import { notProvided } from './not-provided';

/** One API request: a contract code and its payload. */
export interface ApiRequest {
  code: Code;
  payload: Record<string, unknown>;
}

export interface ResourceInput {
  /** what to load */
  load: ApiRequest;
  /** the code that saves an edit (its payload comes with `resource.save`); the reply replaces the data */
  save?: Code;
}

export interface ResourceContext {
  request: ApiRequest;
  saveCode: Code | null;
  data: unknown;
  failure: ApiFailure | null;
  /** true after a save succeeded, until the next edit is sent */
  saved: boolean;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.save'; payload: Record<string, unknown> };

/**
 * Loads one thing a screen shows (a magazine page, an order, the wallet…) and
 * saves edits to it. A screen opens one as a child of the app actor for as
 * long as it shows; the one 'call' effect is the API client, provided by the
 * composition root.
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
    'can save': ({ context }) => context.saveCode !== null,
  },
  actions: {
    'store data': assign((_, params: { data: unknown }) => ({ data: params.data, failure: null })),
    'store saved data': assign((_, params: { data: unknown }) => ({ data: params.data, failure: null, saved: true })),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'start saving': assign({ saved: false, failure: null }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ request: input.load, saveCode: input.save ?? null, data: null, failure: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'call',
        input: ({ context }) => context.request,
        onDone: { target: 'ready', actions: { type: 'store data', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'failed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'resource.retry': 'loading' } },
    ready: {
      on: { 'resource.save': { guard: 'can save', target: 'saving', actions: 'start saving' } },
    },
    saving: {
      invoke: {
        src: 'call',
        input: ({ context, event }) => {
          assertEvent(event, 'resource.save');
          return { code: context.saveCode as Code, payload: event.payload };
        },
        onDone: { target: 'ready', actions: { type: 'store saved data', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'ready', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
