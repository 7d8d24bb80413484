import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AuditEntry, TeamMember } from '@contract/console/counter-entities';
import { asFailure, type ApiFailure } from '../api-failure';
import { appendOnce } from '../paged-list';
import { notProvided } from '../not-provided';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_LENGTH = 50;

export interface AuditPageRequest {
  staff_id?: number;
  offset: number;
  length: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  num_results: number;
  next_offset: number | null;
}

export interface AuditLogContext {
  /** one staff member's entries, or everyone's (null) */
  staffId: number | null;
  entries: AuditEntry[];
  nextOffset: number | null;
  failure: ApiFailure | null;
  /** the team, for the filter (an empty list while it loads or if it failed: the log still shows) */
  members: TeamMember[];
}

export type AuditLogEvent = { type: 'audit.filter'; staffId: number | null } | { type: 'audit.more' } | { type: 'audit.retry' };

const pageRequest = (context: AuditLogContext, offset: number): AuditPageRequest => ({
  ...(context.staffId === null ? {} : { staff_id: context.staffId }),
  offset,
  length: AUDIT_PAGE_LENGTH,
});

/** The owner's audit log: newest first (audit_log), more on request, filtered by a staff member of the team (team). */
export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
  },
  actors: {
    'load entries': fromPromise<AuditPage, AuditPageRequest>(notProvided('load entries')),
    'load team': fromPromise<TeamMember[], void>(notProvided('load team')),
  },
  guards: {
    'has more': ({ context }) => context.nextOffset !== null,
  },
  actions: {
    'store page': assign(({ context }, params: { page: AuditPage; append: boolean }) => ({
      entries: params.append ? appendOnce(context.entries, params.page.entries, (entry) => entry.id) : params.page.entries,
      nextOffset: params.page.next_offset,
      failure: null,
    })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'choose staff': assign(({ event }) => {
      assertEvent(event, 'audit.filter');
      return { staffId: event.staffId, entries: [], nextOffset: null, failure: null };
    }),
  },
}).createMachine({
  id: 'auditLog',
  context: { staffId: null, entries: [], nextOffset: null, failure: null, members: [] },
  type: 'parallel',
  states: {
    log: {
      initial: 'loading',
      on: { 'audit.filter': { target: '.loading', actions: 'choose staff' } },
      states: {
        loading: {
          invoke: {
            src: 'load entries',
            input: ({ context }) => pageRequest(context, 0),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
            onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'audit.retry': 'loading' } },
        shown: { on: { 'audit.more': { guard: 'has more', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            src: 'load entries',
            input: ({ context }) => pageRequest(context, context.nextOffset ?? 0),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: true }) } },
            onError: { target: 'shown', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    team: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'load team',
            onDone: { target: 'done', actions: assign({ members: ({ event }) => event.output }) },
            onError: 'done',
          },
        },
        done: { type: 'final' },
      },
    },
  },
});

export type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;
type Viewed = Pick<AuditLogSnapshot, 'context' | 'matches'>;
export const isLoadingAudit = (snapshot: Viewed): boolean => snapshot.matches({ log: 'loading' });
export const isLoadingMoreAudit = (snapshot: Viewed): boolean => snapshot.matches({ log: 'loadingMore' });
export const auditFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ log: 'failed' }) ? snapshot.context.failure : null);
