import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Submission, SubmissionCsv, SubmissionForm, SubmissionKind, SubmissionPage } from '@contract/console/customer-message-entities';
import { CUSTOMER_MESSAGES_PAGE_LENGTH } from '@contract/console/rules';
import { asFailure, type ApiFailure } from '../api-failure';
import { appendOnce } from '../paged-list';
import { notProvided } from '../not-provided';

/** The list's filter as form_submissions and form_submissions_csv take it (days 'YYYY-MM-DD', Tehran). */
export interface SubmissionFilter {
  kind: SubmissionKind;
  form_id?: number;
  from?: string;
  to?: string;
}

export interface SubmissionsContext {
  kind: SubmissionKind;
  /** one form's (0: the franchise application), or every form's (null) */
  formId: number | null;
  from: string | null;
  to: string | null;
  forms: SubmissionForm[];
  submissions: Submission[];
  total: number;
  nextOffset: number | null;
  failure: ApiFailure | null;
  /** the last export: how many rows it saved, or why it failed */
  exported: { rows: number } | { failure: ApiFailure } | null;
}

export type SubmissionsEvent =
  | { type: 'filter.kind'; kind: SubmissionKind }
  | { type: 'filter.form'; formId: number | null }
  | { type: 'filter.days'; from: string | null; to: string | null }
  | { type: 'list.more' }
  | { type: 'list.retry' }
  | { type: 'csv.export' };

export const filterOf = (context: Pick<SubmissionsContext, 'kind' | 'formId' | 'from' | 'to'>): SubmissionFilter => ({
  kind: context.kind,
  ...(context.formId === null ? {} : { form_id: context.formId }),
  ...(context.from ? { from: context.from } : {}),
  ...(context.to ? { to: context.to } : {}),
});

/**
 * The shop's form submissions or survey answers (form_submissions), newest first, more on request, filtered by form
 * and by days; the same filter saved as a CSV file (form_submissions_csv, then the `save file` effect). A new filter
 * reads the list again from its first page.
 */
export const submissionsMachine = setup({
  types: { context: {} as SubmissionsContext, events: {} as SubmissionsEvent, input: {} as { kind: SubmissionKind } },
  actors: {
    'load submissions': fromPromise<SubmissionPage, SubmissionFilter & { offset: number; length: number }>(notProvided('load submissions')),
    'export csv': fromPromise<SubmissionCsv, SubmissionFilter>(notProvided('export csv')),
  },
  guards: {
    'has more': ({ context }) => context.nextOffset !== null,
  },
  actions: {
    'choose kind': assign(({ event }) => {
      assertEvent(event, 'filter.kind');
      return { kind: event.kind, formId: null, forms: [], exported: null };
    }),
    'choose form': assign(({ event }) => {
      assertEvent(event, 'filter.form');
      return { formId: event.formId, exported: null };
    }),
    'choose days': assign(({ event }) => {
      assertEvent(event, 'filter.days');
      return { from: event.from, to: event.to, exported: null };
    }),
    'store page': assign(({ context }, params: { page: SubmissionPage; append: boolean }) => ({
      forms: params.page.forms,
      submissions: params.append ? appendOnce(context.submissions, params.page.submissions) : params.page.submissions,
      total: params.page.total,
      nextOffset: params.page.next_offset,
      failure: null,
    })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'store export': assign((_, params: { rows: number }) => ({ exported: { rows: params.rows } })),
    'store export failure': assign((_, params: { error: unknown }) => ({ exported: { failure: asFailure(params.error) } })),
    /** The browser saves the file (the effect is the view's: a Blob and a download link). */
    'save file': (_, _params: { csv: SubmissionCsv }) => {},
  },
}).createMachine({
  id: 'submissions',
  context: ({ input }) => ({ kind: input.kind, formId: null, from: null, to: null, forms: [], submissions: [], total: 0, nextOffset: null, failure: null, exported: null }),
  initial: 'loading',
  on: {
    'filter.kind': { target: '.loading', actions: 'choose kind' },
    'filter.form': { target: '.loading', actions: 'choose form' },
    'filter.days': { target: '.loading', actions: 'choose days' },
  },
  states: {
    loading: {
      invoke: {
        src: 'load submissions',
        input: ({ context }) => ({ ...filterOf(context), offset: 0, length: CUSTOMER_MESSAGES_PAGE_LENGTH }),
        onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    shown: {
      on: {
        'list.more': { guard: 'has more', target: 'loadingMore' },
        'csv.export': 'exporting',
      },
    },
    loadingMore: {
      invoke: {
        src: 'load submissions',
        input: ({ context }) => ({ ...filterOf(context), offset: context.nextOffset ?? 0, length: CUSTOMER_MESSAGES_PAGE_LENGTH }),
        onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: true }) } },
        onError: { target: 'shown', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    exporting: {
      invoke: {
        src: 'export csv',
        input: ({ context }) => filterOf(context),
        onDone: {
          target: 'shown',
          actions: [
            { type: 'save file', params: ({ event }) => ({ csv: event.output }) },
            { type: 'store export', params: ({ event }) => ({ rows: event.output.rows }) },
          ],
        },
        onError: { target: 'shown', actions: { type: 'store export failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type SubmissionsSnapshot = SnapshotFrom<typeof submissionsMachine>;
type Viewed = Pick<SubmissionsSnapshot, 'context' | 'matches'>;
export const isLoadingSubmissions = (snapshot: Viewed): boolean => snapshot.matches('loading');
export const isLoadingMoreSubmissions = (snapshot: Viewed): boolean => snapshot.matches('loadingMore');
export const isExporting = (snapshot: Viewed): boolean => snapshot.matches('exporting');
export const submissionsFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches('failed') ? snapshot.context.failure : null);
