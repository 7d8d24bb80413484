import { assign, enqueueActions, fromPromise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { StaffLiveEvent, StaffLongPoll } from '@contract/console/entities';
import { LONG_POLL_START, longPollImplementations, longPollStates, type LongPollContext, type PollInput } from '../long-poll';
import { notProvided } from '../not-provided';
import { CONSOLE_SYSTEM_IDS } from './console-system';

export interface StaffLiveContext extends LongPollContext<StaffLiveEvent> {
  /** the inbox's total unread of the last answer */
  unread: number;
  /** the shop's pending and unopened orders of the last answer, when it said */
  unaccepted?: number;
  unopened?: number;
  /** the shop's pending access requests of the last answer, when it said */
  pendingAccess?: number;
  /** the ads waiting for a moderator of the last answer (a classifieds shop's only) */
  queuedAds?: number;
}

/** What the live channel hands the access requests (systemId 'accessRequests') after each answer that says it. */
export type AccessCounted = { type: 'access.counted'; count: number };

/** What the live channel hands the inbox (systemId 'inbox') after each answer. */
export type InboxLive = { type: 'inbox.live'; events: StaffLiveEvent[]; unread: number };

type OrderLiveEvent = Extract<StaffLiveEvent, { type: 'order_placed' | 'order_changed' }>;

/**
 * What the live channel hands the orders board (systemId 'ordersBoard') after each answer: the orders placed or
 * changed, and the shop's counts when the answer has them.
 */
export type OrdersLive = { type: 'orders.live'; events: OrderLiveEvent[]; unaccepted?: number; unopened?: number };

const isOrderEvent = (live: StaffLiveEvent): live is OrderLiveEvent => live.type === 'order_placed' || live.type === 'order_changed';

export type StaffLiveChartEvent = { type: 'live.reconnect' };

const longPoll = longPollImplementations<StaffLiveContext, StaffLongPoll, StaffLiveChartEvent>();
const states = longPollStates<StaffLongPoll>();

/**
 * The staff's live channel (systemId 'staffLive'), invoked by the console chart while a staff member
 * is logged in: the long poll (long-poll.ts) of staff_longpull, each answer handed to the inbox, and its orders
 * placed or changed with the shop's order counts to the orders board.
 */
export const staffLiveMachine = setup({
  types: {
    context: {} as StaffLiveContext,
    events: {} as StaffLiveChartEvent,
  },
  actors: {
    poll: fromPromise<StaffLongPoll, PollInput>(notProvided('poll')),
  },
  delays: longPoll.delays,
  guards: longPoll.guards,
  actions: {
    ...longPoll.actions,
    'take answer': assign<StaffLiveContext, StaffLiveChartEvent, { answer: StaffLongPoll }, StaffLiveChartEvent, never>((_, params) => ({
      unread: params.answer.unread_count,
      unaccepted: params.answer.unaccepted_count,
      unopened: params.answer.unopened_count,
      pendingAccess: params.answer.pending_access_count,
      queuedAds: params.answer.queued_ads_count,
    })),
    'hand over': enqueueActions(({ context, system, enqueue }) => {
      const inbox = system.get(CONSOLE_SYSTEM_IDS.inbox);
      const live: InboxLive = { type: 'inbox.live', events: context.pending, unread: context.unread };
      if (inbox) enqueue.sendTo(inbox, live);
      const board = system.get(CONSOLE_SYSTEM_IDS.ordersBoard);
      const orders: OrdersLive = { type: 'orders.live', events: context.pending.filter(isOrderEvent), unaccepted: context.unaccepted, unopened: context.unopened };
      if (board && (orders.events.length > 0 || orders.unaccepted !== undefined || orders.unopened !== undefined)) enqueue.sendTo(board, orders);
      // A new access request: the access list (and the navigation's badge) is read again.
      const access = system.get(CONSOLE_SYSTEM_IDS.accessRequests);
      if (access && context.pending.some((event) => event.type === 'access_requested')) enqueue.sendTo(access, { type: 'access.requested' });
      // The shop's pending count: another console's answer lowers it with no event of its own, and the badge follows.
      if (access && context.pendingAccess !== undefined) {
        const counted: AccessCounted = { type: 'access.counted', count: context.pendingAccess };
        enqueue.sendTo(access, counted);
      }
      // The open screens' own charts (the ads' moderation queue) hear the answer's events through the console.
      const root = system.get(CONSOLE_SYSTEM_IDS.console);
      if (root && context.pending.length > 0) enqueue.sendTo(root as AnyActorRef, { type: 'screens.live', events: context.pending });
    }),
  },
}).createMachine({
  id: 'staffLive',
  // The first answer brings the counts of the tab's title and the navigation's badges: it is asked at once.
  context: { ...LONG_POLL_START, holdFirst: false, unread: 0 },
  initial: 'polling',
  states: {
    ...states,
    offline: { ...states.offline, on: { 'live.reconnect': 'polling' } },
  },
});

export type StaffLiveSnapshot = SnapshotFrom<typeof staffLiveMachine>;
/** From the first failed poll until one is answered again. */
export const isStaffOffline = (snapshot: Pick<StaffLiveSnapshot, 'context'>): boolean => snapshot.context.failures > 0;
/** The ads waiting for a moderator, as the last answer counted them (0 before one, or at a shop without ads). */
export const queuedAdsCount = (snapshot: Pick<StaffLiveSnapshot, 'context'>): number => snapshot.context.queuedAds ?? 0;
