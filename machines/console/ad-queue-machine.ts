import { assertEvent, assign, fromPromise, raise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { AdQueuePage, QueuedAd } from '@contract/console/endpoints/ads';
import type { StaffLiveEvent } from '@contract/console/entities';
import { moderationReasonProblem, type AdStatus } from '@contract/rules/ad-lifecycle';
import type { FormProblems } from '@contract/rules/counter-forms';
import { asFailure, type ApiFailure } from '../api-failure';
import { adLifecycleNext } from '../ad-lifecycle';
import { appendOnce, pagedListStates } from '../paged-list';
import { notProvided } from '../not-provided';

/** Ads a page of the queue holds. */
export const AD_QUEUE_PAGE_LENGTH = 20;

export type Decision = 'approve' | 'reject' | 'ask_edit';
/** The queue (awaiting and uncertain, oldest first) or the ads of one status. */
export type QueueFilter = 'queue' | AdStatus;

export interface QueuePageRequest {
  status?: AdStatus;
  offset: number;
  length: number;
}

export interface ModerationRequest {
  ad_id: number;
  action: Decision;
  reason?: string;
}

export interface AdQueueContext {
  filter: QueueFilter;
  ads: QueuedAd[];
  total: number;
  nextOffset: number | null;
  listFailure: ApiFailure | null;
  /** the ad whose reject or ask-for-an-edit reason is being written, and which of the two */
  writing: { adId: number; action: 'reject' | 'ask_edit' } | null;
  reason: string;
  problems: FormProblems<'reason'>;
  /** the ad being decided (its buttons wait) */
  deciding: number | null;
  /** the server's refusal of the last decision (another moderator was first: 409) */
  decisionFailure: ApiFailure | null;
  /** the last ad decided, for the screen's note */
  decided: QueuedAd | null;
}

export type AdQueueEvent =
  | { type: 'queue.filter'; filter: QueueFilter }
  | { type: 'queue.more' }
  | { type: 'queue.retry' }
  | { type: 'queue.approve'; adId: number }
  | { type: 'queue.reasonOpen'; adId: number; action: 'reject' | 'ask_edit' }
  | { type: 'queue.reason'; text: string }
  | { type: 'queue.send' }
  | { type: 'queue.reasonCancel' }
  /** the staff's live channel's events, handed to every open screen (console-machine's 'hand to screens') */
  | { type: 'staff.live'; events: StaffLiveEvent[] }
  /** raised: the list is stale; its first page again, keeping what is shown */
  | { type: 'queue.refresh' };

const EMPTY: FormProblems<'reason'> = {};

/** The status ads_queue is asked for: none for the queue itself. */
const statusOf = (filter: QueueFilter): AdStatus | undefined => (filter === 'queue' ? undefined : filter);

/** Whether the ad lifecycle chart lets a moderator take `action` on this ad as it is now. */
const chartTakes = (ads: readonly QueuedAd[], adId: number, action: Decision): boolean => {
  const queued = ads.find((entry) => entry.ad.id === adId);
  return queued !== undefined && adLifecycleNext(queued.ad.status, 'moderator', action) !== null;
};

/**
 * The classifieds' moderation queue (issue 31, docs/classifieds.md): a screen's chart while the screen is open. The
 * queue, or the ads of one status (ads_queue); approve with one tap; reject or ask for an edit with a reason
 * (moderationReasonProblem, refused here as the server refuses it); each decision only when the ad lifecycle chart
 * takes it for a moderator. An ad entering the queue elsewhere (a new one, an edit, a hold after reports) arrives
 * through the staff's live channel and the list reads itself again.
 */
export const adQueueMachine = setup({
  types: {
    context: {} as AdQueueContext,
    events: {} as AdQueueEvent,
  },
  actors: {
    'load queue': fromPromise<AdQueuePage, QueuePageRequest>(notProvided('load queue')),
    moderate: fromPromise<QueuedAd, ModerationRequest>(notProvided('moderate')),
  },
  guards: {
    'has more': ({ context }) => context.nextOffset !== null,
    'the chart takes it': ({ context }, params: { adId: number; action: Decision }) => chartTakes(context.ads, params.adId, params.action),
    'is writing': ({ context }) => context.writing !== null,
    'reason is refused': ({ context }) => moderationReasonProblem(context.reason) !== null,
    'the queue changed': ({ event }) => event.type === 'staff.live' && event.events.some((live) => live.type === 'ad_queued' || live.type === 'ad_decided'),
  },
  actions: {
    'store page': assign(({ context }, params: { page: AdQueuePage; append: boolean }) => ({
      ads: params.append ? appendOnce(context.ads, params.page.ads, (entry) => entry.ad.id) : params.page.ads,
      total: params.page.total,
      nextOffset: params.page.next_offset,
      listFailure: null,
    })),
    'store list failure': assign((_, params: { error: unknown }) => ({ listFailure: asFailure(params.error) })),
    'choose filter': assign(({ event }) => {
      assertEvent(event, 'queue.filter');
      return { filter: event.filter, ads: [], total: 0, nextOffset: null, listFailure: null, writing: null, reason: '', problems: EMPTY };
    }),
    'open reason': assign(({ event }) => {
      assertEvent(event, 'queue.reasonOpen');
      return { writing: { adId: event.adId, action: event.action }, reason: '', problems: EMPTY, decisionFailure: null };
    }),
    'close reason': assign({ writing: null, reason: '', problems: EMPTY }),
    'edit reason': assign(({ event }) => {
      assertEvent(event, 'queue.reason');
      return { reason: event.text, problems: EMPTY };
    }),
    'refuse reason': assign(({ context }) => {
      const problem = moderationReasonProblem(context.reason);
      return { problems: problem ? { reason: problem } : EMPTY };
    }),
    'start decision': assign((_, params: { adId: number }) => ({ deciding: params.adId, decisionFailure: null, decided: null })),
    /** A decided ad leaves the queue at once; under a status filter it shows its new status. */
    'store decision': assign(({ context }, params: { decided: QueuedAd }) => ({
      ads:
        context.filter === 'queue' || context.filter !== params.decided.ad.status
          ? context.ads.filter((entry) => entry.ad.id !== params.decided.ad.id)
          : context.ads.map((entry) => (entry.ad.id === params.decided.ad.id ? params.decided : entry)),
      total: Math.max(0, context.total - 1),
      deciding: null,
      decided: params.decided,
      writing: null,
      reason: '',
      problems: EMPTY,
    })),
    'store decision failure': assign((_, params: { error: unknown }) => ({ deciding: null, decisionFailure: asFailure(params.error) })),
    refresh: raise({ type: 'queue.refresh' }),
  },
}).createMachine({
  id: 'adQueue',
  context: {
    filter: 'queue',
    ads: [],
    total: 0,
    nextOffset: null,
    listFailure: null,
    writing: null,
    reason: '',
    problems: EMPTY,
    deciding: null,
    decisionFailure: null,
    decided: null,
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'queue.filter': { target: '.loading', actions: 'choose filter' },
        // Another console's decisions too: a card left on screen would only be refused (409) when tapped.
        'staff.live': { guard: 'the queue changed', actions: 'refresh' },
      },
      states: pagedListStates({
        src: 'load queue',
        first: ({ context }: { context: AdQueueContext }) => ({ status: statusOf(context.filter), offset: 0, length: AD_QUEUE_PAGE_LENGTH }),
        more: ({ context }: { context: AdQueueContext }) => ({ status: statusOf(context.filter), offset: context.nextOffset ?? 0, length: AD_QUEUE_PAGE_LENGTH }),
        storeFirst: { type: 'store page', params: ({ event }: { event: DoneActorEvent<AdQueuePage> }) => ({ page: event.output, append: false }) },
        storeMore: { type: 'store page', params: ({ event }: { event: DoneActorEvent<AdQueuePage> }) => ({ page: event.output, append: true }) },
        firstFailed: { type: 'store list failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        moreFailed: { type: 'store list failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        hasMore: 'has more',
        events: { more: 'queue.more', retry: 'queue.retry', stale: 'queue.refresh' },
        whenStale: 'refresh',
      }),
    },
    decision: {
      initial: 'idle',
      // The reason is typed into while the decision is on its way: a refused one stays with what was typed.
      on: { 'queue.reason': { guard: 'is writing', actions: 'edit reason' } },
      states: {
        idle: {
          on: {
            'queue.approve': {
              guard: { type: 'the chart takes it', params: ({ event }) => ({ adId: event.adId, action: 'approve' as const }) },
              target: 'approving',
              actions: [{ type: 'start decision', params: ({ event }) => ({ adId: event.adId }) }, 'close reason'],
            },
            'queue.reasonOpen': { guard: { type: 'the chart takes it', params: ({ event }) => ({ adId: event.adId, action: event.action }) }, actions: 'open reason' },
            'queue.reasonCancel': { actions: 'close reason' },
            'queue.send': [
              { guard: 'reason is refused', actions: 'refuse reason' },
              { guard: 'is writing', target: 'sending', actions: { type: 'start decision', params: ({ context }) => ({ adId: context.writing?.adId ?? 0 }) } },
            ],
          },
        },
        approving: {
          invoke: {
            src: 'moderate',
            input: ({ context }) => ({ ad_id: context.deciding ?? 0, action: 'approve' as const }),
            onDone: { target: 'idle', actions: [{ type: 'store decision', params: ({ event }) => ({ decided: event.output }) }, 'refresh'] },
            onError: { target: 'idle', actions: [{ type: 'store decision failure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
        sending: {
          invoke: {
            src: 'moderate',
            input: ({ context }) => ({ ad_id: context.deciding ?? 0, action: context.writing?.action ?? 'reject', reason: context.reason.trim() }),
            onDone: { target: 'idle', actions: [{ type: 'store decision', params: ({ event }) => ({ decided: event.output }) }, 'refresh'] },
            onError: { target: 'idle', actions: [{ type: 'store decision failure', params: ({ event }) => ({ error: event.error }) }, 'refresh'] },
          },
        },
      },
    },
  },
});

export type AdQueueSnapshot = SnapshotFrom<typeof adQueueMachine>;
type Viewed = Pick<AdQueueSnapshot, 'context' | 'matches'>;

export const isLoadingQueue = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const queueFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.listFailure : null);
export const isDeciding = (snapshot: Viewed): boolean => !snapshot.matches({ decision: 'idle' });
