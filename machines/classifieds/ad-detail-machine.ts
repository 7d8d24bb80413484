import { and, assertEvent, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { AdDetail } from '@contract/entities/ad';
import { AD_LIMITS } from '@contract/rules/ads';
import { normalizeText } from '@contract/fields';
import { asFailure, isNotFound, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { bookmarkRefusal, type BookmarkAnswer, type BookmarkRefusal, type BookmarkRequest } from './bookmark';

/*
 * /home-4/detail/:id: the ad (get_ad_ty; a missing or unpublished one is a clear not-found), its bookmark, "report
 * this ad" with a reason (once), and "chat with the publisher" (ty_contact_publisher, then the conversation's
 * page). A guest who bookmarks, reports or asks to chat is sent to log in first; a bookmark asked for so is kept across
 * the login (by the composition root) and made once, back on the ad.
 */

/** Why the report's reason cannot be sent yet (the server's bounds, AD_LIMITS.reportReason). */
export type ReportProblem = { kind: 'rule'; rule: 'reason_short' | 'reason_long' } | { kind: 'server'; message: string };

export interface AdDetailInput {
  adId: number;
  loggedIn: boolean;
}

export interface AdDetailContext {
  adId: number;
  loggedIn: boolean;
  ad: AdDetail | null;
  failure: ApiFailure | null;
  bookmarkRefusal: BookmarkRefusal | null;
  reason: string;
  reportProblem: ReportProblem | null;
  contactFailure: ApiFailure | null;
}

export type AdDetailEvent =
  | { type: 'detail.retry' }
  | { type: 'detail.bookmark' }
  | { type: 'detail.report' }
  | { type: 'detail.reason'; text: string }
  | { type: 'detail.sendReport' }
  | { type: 'detail.cancelReport' }
  | { type: 'detail.contact' };

const reasonRule = (reason: string): ReportProblem | null => {
  const length = normalizeText(reason).length;
  if (length < AD_LIMITS.reportReason.min) return { kind: 'rule', rule: 'reason_short' };
  if (length > AD_LIMITS.reportReason.max) return { kind: 'rule', rule: 'reason_long' };
  return null;
};

export const adDetailMachine = setup({
  types: {
    context: {} as AdDetailContext,
    events: {} as AdDetailEvent,
    input: {} as AdDetailInput,
  },
  actors: {
    'load ad': fromPromise<AdDetail, { id: number }>(notProvided('load ad')),
    'toggle bookmark': fromPromise<BookmarkAnswer, BookmarkRequest>(notProvided('toggle bookmark')),
    'report ad': fromPromise<{ ad_id: number; reported: true }, { adId: number; reason: string }>(notProvided('report ad')),
    'contact publisher': fromPromise<{ conversation_id: number }, { adId: number }>(notProvided('contact publisher')),
    /** whether a guest asked to bookmark this ad before logging in; the wish is taken (forgotten) as it is read */
    'take bookmark intent': fromPromise<boolean, { adId: number }>(notProvided('take bookmark intent')),
  },
  guards: {
    'logged in': ({ context }) => context.loggedIn,
    // What get_ad_ty answers for an ad a visitor may not see (missing, unpublished, under review, deleted).
    'ad not found': ({ event }) => isNotFound((event as { error?: unknown }).error),
    'reason is sound': ({ context }) => reasonRule(context.reason) === null,
    // The publisher does not chat with themself, nor report or bookmark their own ad; a deleted publisher cannot be reached.
    'not mine': ({ context }) => context.ad !== null && !context.ad.mine,
    'publisher reachable': ({ context }) => context.ad !== null && !context.ad.mine && !context.ad.publisher.deleted,
    // A wish from before the login bookmarks only an ad not bookmarked yet: taken again, it would remove the bookmark.
    'wished unbookmarked': ({ context, event }) => (event as { output?: unknown }).output === true && context.ad !== null && !context.ad.bookmarked && !context.ad.mine,
  },
  actions: {
    'ask to log in': () => {},
    /** provided by the composition root: keeps the wish to bookmark this ad across the login, then asks to log in */
    'ask to log in to bookmark': (_, _params: { adId: number }) => {},
    /** provided by the composition root: spec §8's toast of a refused bookmark, report or chat */
    'tell failure': (_, _params: { error: unknown }) => {},
    'open chat': (_, _params: { conversationId: number }) => {},
    'store ad': assign((_, params: { ad: AdDetail }) => ({ ad: params.ad, failure: null })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'store bookmark': assign(({ context }, params: { answer: BookmarkAnswer }) => ({
      ad: context.ad && context.ad.id === params.answer.ad_id ? { ...context.ad, bookmarked: params.answer.bookmarked } : context.ad,
      bookmarkRefusal: null,
    })),
    'store bookmark refusal': assign(({ context }, params: { error: unknown }) => ({ bookmarkRefusal: bookmarkRefusal(context.adId, params.error) })),
    'edit reason': assign(({ event }) => {
      assertEvent(event, 'detail.reason');
      return { reason: event.text, reportProblem: null };
    }),
    'refuse reason': assign(({ context }) => ({ reportProblem: reasonRule(context.reason) })),
    'clear report': assign({ reason: '', reportProblem: null }),
    'store report refusal': assign((_, params: { error: unknown }) => ({ reportProblem: { kind: 'server', message: asFailure(params.error).message } as ReportProblem })),
    'store contact failure': assign((_, params: { error: unknown }) => ({ contactFailure: asFailure(params.error) })),
    'clear contact failure': assign({ contactFailure: null }),
  },
}).createMachine({
  id: 'adDetail',
  context: ({ input }) => ({
    adId: input.adId,
    loggedIn: input.loggedIn,
    ad: null,
    failure: null,
    bookmarkRefusal: null,
    reason: '',
    reportProblem: null,
    contactFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load ad',
        input: ({ context }) => ({ id: context.adId }),
        onDone: { target: 'shown', actions: { type: 'store ad', params: ({ event }) => ({ ad: event.output }) } },
        onError: [
          { guard: 'ad not found', target: 'notFound' },
          { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'detail.retry': 'loading' } },
    // Not final: a final child leaves the system, and the screen would wait for it for ever.
    notFound: {},
    shown: {
      type: 'parallel',
      states: {
        bookmark: {
          initial: 'start',
          states: {
            start: { always: [{ guard: 'logged in', target: 'recalling' }, { target: 'idle' }] },
            // Logged in: did a guest's tap on this ad lead to the login? Then the bookmark is made now, once.
            recalling: {
              invoke: {
                src: 'take bookmark intent',
                input: ({ context }) => ({ adId: context.adId }),
                onDone: [{ guard: 'wished unbookmarked', target: 'toggling' }, { target: 'idle' }],
                onError: 'idle',
              },
              on: { 'detail.bookmark': 'toggling' },
            },
            idle: {
              on: {
                'detail.bookmark': [
                  { guard: 'logged in', target: 'toggling' },
                  { actions: { type: 'ask to log in to bookmark', params: ({ context }) => ({ adId: context.adId }) } },
                ],
              },
            },
            toggling: {
              invoke: {
                src: 'toggle bookmark',
                input: ({ context }) => ({ adId: context.adId, bookmarked: !(context.ad?.bookmarked ?? false) }),
                onDone: { target: 'idle', actions: { type: 'store bookmark', params: ({ event }) => ({ answer: event.output }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'store bookmark refusal', params: ({ event }) => ({ error: event.error }) },
                    { type: 'tell failure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
        report: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'detail.report': [
                  { guard: not('logged in'), actions: 'ask to log in' },
                  { guard: 'not mine', target: 'editing' },
                ],
              },
            },
            editing: {
              on: {
                'detail.reason': { actions: 'edit reason' },
                'detail.cancelReport': { target: 'closed', actions: 'clear report' },
                'detail.sendReport': [{ guard: 'reason is sound', target: 'sending' }, { actions: 'refuse reason' }],
              },
            },
            sending: {
              invoke: {
                src: 'report ad',
                input: ({ context }) => ({ adId: context.adId, reason: normalizeText(context.reason) }),
                onDone: 'reported',
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'store report refusal', params: ({ event }) => ({ error: event.error }) },
                    { type: 'tell failure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
            // Once: the ad is reported, the form does not open again on this page.
            reported: {},
          },
        },
        contact: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                // A deleted publisher cannot be reached: no chat is offered, to a guest either.
                'detail.contact': [
                  { guard: and([not('logged in'), 'publisher reachable']), actions: 'ask to log in' },
                  { guard: and(['logged in', 'publisher reachable']), target: 'opening', actions: 'clear contact failure' },
                ],
              },
            },
            opening: {
              invoke: {
                src: 'contact publisher',
                input: ({ context }) => ({ adId: context.adId }),
                onDone: { target: 'idle', actions: { type: 'open chat', params: ({ event }) => ({ conversationId: event.output.conversation_id }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'store contact failure', params: ({ event }) => ({ error: event.error }) },
                    { type: 'tell failure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type AdDetailSnapshot = SnapshotFrom<typeof adDetailMachine>;
type Viewed = Pick<AdDetailSnapshot, 'context' | 'matches'>;

export const adLoadFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches('failed') ? snapshot.context.failure : null);
export const isAdNotFound = (snapshot: Viewed): boolean => snapshot.matches('notFound');
export const isReportOpen = (snapshot: Viewed): boolean => snapshot.matches({ shown: { report: 'editing' } }) || snapshot.matches({ shown: { report: 'sending' } });
export const isReported = (snapshot: Viewed): boolean => snapshot.matches({ shown: { report: 'reported' } });
