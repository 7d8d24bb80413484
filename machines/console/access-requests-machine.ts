import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type * as v from 'valibot';
import type { AccessRequest, AccessRequestPageSchema } from '@contract/console/counter-entities';
import { INBOX_PAGE_LENGTH } from '@contract/console/rules';
import { accessAnswerProblems, noProblems, type FormProblems } from '@contract/rules/counter-forms';
import { asFailure, type ApiFailure } from '../api-failure';
import { appendOnce } from '../paged-list';
import { notProvided } from '../not-provided';
import type { AccessCounted } from './staff-live-machine';

export type AccessRequestPage = v.InferOutput<typeof AccessRequestPageSchema>;
export type AccessStatus = AccessRequest['status'];

export interface AccessPageRequest {
  status: AccessStatus;
  offset: number;
  length: number;
}

export interface AccessAnswer {
  request_id: number;
  decision: 'approve' | 'deny';
  reason?: string;
}

export interface AccessRequestsContext {
  status: AccessStatus;
  requests: AccessRequest[];
  nextOffset: number | null;
  /** every pending request of the shop (the navigation's badge) */
  pendingCount: number;
  listFailure: ApiFailure | null;
  /** the request whose denial is being written (its reason box open), or null */
  denying: number | null;
  reason: string;
  /** the deny form's refused fields (the rule, before sending) */
  problems: FormProblems<'reason'>;
  /** the request being answered (its buttons wait) */
  answering: number | null;
  /** the server's refusal of the last answer (an answered request is 409) */
  answerFailure: ApiFailure | null;
  /** the last request answered, for the screen's note */
  answered: AccessRequest | null;
}

export type AccessRequestsEvent =
  | { type: 'access.filter'; status: AccessStatus }
  | { type: 'access.more' }
  | { type: 'access.retry' }
  | { type: 'access.approve'; requestId: number }
  | { type: 'access.denyOpen'; requestId: number }
  | { type: 'access.reason'; text: string }
  | { type: 'access.deny' }
  | { type: 'access.denyCancel' }
  /** the staff's live channel heard a new request (staff-live-machine) */
  | { type: 'access.requested' }
  /** the staff's live channel's count of pending requests (another console may have answered one) */
  | AccessCounted
  /** raised: the list is stale; its first page again, keeping what is shown */
  | { type: 'access.refresh' };

const EMPTY: FormProblems<'reason'> = {};

/**
 * The access requests of the shop (systemId 'accessRequests'), invoked by the console chart while a staff member is
 * logged in, so the navigation's badge counts pending requests on every screen: the list by status (access_requests),
 * one tap approves, a denial needs a reason (accessAnswerProblems, refused here before sending, as the server refuses
 * it), and a request made while the console is open arrives through the staff's live channel (`access.requested`).
 */
export const accessRequestsMachine = setup({
  types: {
    context: {} as AccessRequestsContext,
    events: {} as AccessRequestsEvent,
  },
  actors: {
    'load requests': fromPromise<AccessRequestPage, AccessPageRequest>(notProvided('load requests')),
    'answer request': fromPromise<AccessRequest, AccessAnswer>(notProvided('answer request')),
  },
  guards: {
    'has more': ({ context }) => context.nextOffset !== null,
    'is pending': ({ context }, params: { requestId: number }) => context.requests.some((request) => request.id === params.requestId && request.status === 'pending'),
    'reason is refused': ({ context }) => !noProblems(accessAnswerProblems({ decision: 'deny', reason: context.reason })),
    'is denying': ({ context }) => context.denying !== null,
    'the count changed': ({ context, event }) => event.type === 'access.counted' && event.count !== context.pendingCount,
  },
  actions: {
    'store page': assign(({ context }, params: { page: AccessRequestPage; append: boolean }) => ({
      requests: params.append ? appendOnce(context.requests, params.page.requests, (request) => request.id) : params.page.requests,
      nextOffset: params.page.next_offset,
      pendingCount: params.page.pending_count,
      listFailure: null,
    })),
    'store list failure': assign((_, params: { error: unknown }) => ({ listFailure: asFailure(params.error) })),
    'choose status': assign(({ event }) => {
      assertEvent(event, 'access.filter');
      return { status: event.status, requests: [], nextOffset: null, listFailure: null, denying: null, reason: '', problems: EMPTY };
    }),
    'open denial': assign(({ event }) => {
      assertEvent(event, 'access.denyOpen');
      return { denying: event.requestId, reason: '', problems: EMPTY, answerFailure: null };
    }),
    'close denial': assign({ denying: null, reason: '', problems: EMPTY }),
    'edit reason': assign(({ event }) => {
      assertEvent(event, 'access.reason');
      return { reason: event.text, problems: EMPTY };
    }),
    'refuse reason': assign(({ context }) => ({ problems: accessAnswerProblems({ decision: 'deny', reason: context.reason }) })),
    'start answer': assign((_, params: { requestId: number }) => ({ answering: params.requestId, answerFailure: null, answered: null })),
    /** The answered request leaves the pending list at once (the refresh that follows brings the server's count). */
    'store answer': assign(({ context }, params: { answered: AccessRequest }) => ({
      requests:
        context.status === 'pending'
          ? context.requests.filter((request) => request.id !== params.answered.id)
          : context.requests.map((request) => (request.id === params.answered.id ? params.answered : request)),
      pendingCount: Math.max(0, context.pendingCount - 1),
      answering: null,
      answered: params.answered,
      denying: null,
      reason: '',
      problems: EMPTY,
    })),
    'store answer failure': assign((_, params: { error: unknown }) => ({ answering: null, answerFailure: asFailure(params.error) })),
    refresh: raise({ type: 'access.refresh' }),
  },
}).createMachine({
  id: 'accessRequests',
  context: {
    status: 'pending',
    requests: [],
    nextOffset: null,
    pendingCount: 0,
    listFailure: null,
    denying: null,
    reason: '',
    problems: EMPTY,
    answering: null,
    answerFailure: null,
    answered: null,
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: { 'access.filter': { target: '.loading', actions: 'choose status' } },
      states: {
        loading: {
          invoke: {
            src: 'load requests',
            input: ({ context }) => ({ status: context.status, offset: 0, length: INBOX_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
            onError: { target: 'failed', actions: { type: 'store list failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'access.retry': 'loading', 'access.refresh': 'loading', 'access.requested': 'loading', 'access.counted': { guard: 'the count changed', target: 'loading' } } },
        shown: {
          on: {
            'access.more': { guard: 'has more', target: 'loadingMore' },
            'access.refresh': 'refreshing',
            'access.requested': 'refreshing',
            'access.counted': { guard: 'the count changed', target: 'refreshing' },
          },
        },
        loadingMore: {
          invoke: {
            src: 'load requests',
            input: ({ context }) => ({ status: context.status, offset: context.nextOffset ?? 0, length: INBOX_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: true }) } },
            onError: { target: 'shown', actions: { type: 'store list failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // The first page again, the list staying on screen; another event starts it over.
        refreshing: {
          on: { 'access.refresh': { target: 'refreshing', reenter: true }, 'access.requested': { target: 'refreshing', reenter: true } },
          invoke: {
            src: 'load requests',
            input: ({ context }) => ({ status: context.status, offset: 0, length: INBOX_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
            onError: { target: 'shown', actions: { type: 'store list failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    answer: {
      initial: 'idle',
      // The reason is typed into while the denial is on its way: a refused one stays with what was typed.
      on: { 'access.reason': { guard: 'is denying', actions: 'edit reason' } },
      states: {
        idle: {
          on: {
            'access.approve': {
              guard: { type: 'is pending', params: ({ event }) => ({ requestId: event.requestId }) },
              target: 'approving',
              actions: [{ type: 'start answer', params: ({ event }) => ({ requestId: event.requestId }) }, 'close denial'],
            },
            'access.denyOpen': { guard: { type: 'is pending', params: ({ event }) => ({ requestId: event.requestId }) }, actions: 'open denial' },
            'access.denyCancel': { actions: 'close denial' },
            'access.deny': [
              { guard: 'reason is refused', actions: 'refuse reason' },
              { guard: 'is denying', target: 'denying', actions: { type: 'start answer', params: ({ context }) => ({ requestId: context.denying ?? 0 }) } },
            ],
          },
        },
        approving: {
          invoke: {
            src: 'answer request',
            input: ({ context }) => ({ request_id: context.answering ?? 0, decision: 'approve' as const }),
            onDone: { target: 'idle', actions: [{ type: 'store answer', params: ({ event }) => ({ answered: event.output }) }, 'refresh'] },
            onError: { target: 'idle', actions: [{ type: 'store answer failure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
        denying: {
          invoke: {
            src: 'answer request',
            input: ({ context }) => ({ request_id: context.answering ?? 0, decision: 'deny' as const, reason: context.reason.trim() }),
            onDone: { target: 'idle', actions: [{ type: 'store answer', params: ({ event }) => ({ answered: event.output }) }, 'refresh'] },
            onError: { target: 'idle', actions: [{ type: 'store answer failure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
      },
    },
  },
});

export type AccessRequestsSnapshot = SnapshotFrom<typeof accessRequestsMachine>;
type Viewed = Pick<AccessRequestsSnapshot, 'context' | 'matches'>;

export const isLoadingRequests = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const requestsFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.listFailure : null);
export const isAnswering = (snapshot: Viewed): boolean => !snapshot.matches({ answer: 'idle' });
