import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { StaffLiveEvent, StaffLongPoll } from '@contract/console/entities';
import { asFailure, waitSecondsOf, type ApiFailure } from '../api-failure';
import { pollInput, reconnectDelay, type PollInput } from '../chat-machine';
import { CONSOLE_SYSTEM_IDS } from './console-system';
import { notProvided } from '../not-provided';

export interface StaffLiveContext {
  /** the id of the last live event seen: staff_longpull's `count` */
  cursor: number;
  /** the events of the last answer, until they are handed to the inbox */
  pending: StaffLiveEvent[];
  /** the inbox's total unread of the last answer */
  unread: number;
  /** failed polls in a row (0 once a poll is answered) */
  failures: number;
  jitter: number;
  lastFailure: ApiFailure | null;
}

/** What the live channel hands the inbox (systemId 'inbox') after each answer. */
export type InboxLive = { type: 'inbox.live'; events: StaffLiveEvent[]; unread: number };

export type StaffLiveChartEvent = { type: 'live.reconnect' };

/**
 * The staff's live channel (systemId 'staffLive'), invoked by the console chart while a staff member
 * is logged in: long-polls staff_longpull with its cursor, hands each answer to the inbox and polls
 * again; a failed poll waits with the customer chat's jittered backoff (offline) and tries again by itself.
 */
export const staffLiveMachine = setup({
  types: {
    context: {} as StaffLiveContext,
    events: {} as StaffLiveChartEvent,
  },
  actors: {
    poll: fromPromise<StaffLongPoll, PollInput>(notProvided('poll')),
  },
  delays: {
    'reconnect backoff': ({ context }) => reconnectDelay(context.failures, context.jitter, waitSecondsOf(context.lastFailure)),
  },
  actions: {
    'store answer': assign((_, params: { answer: StaffLongPoll }) => ({
      cursor: params.answer.count,
      pending: params.answer.events,
      unread: params.answer.unread_count,
      failures: 0,
      lastFailure: null,
    })),
    'count failure': assign(({ context }, params: { error: unknown }) => ({ failures: context.failures + 1, lastFailure: asFailure(params.error) })),
    'draw jitter': assign({ jitter: () => Math.random() }),
    'hand to inbox': enqueueActions(({ context, system, enqueue }) => {
      const inbox = system.get(CONSOLE_SYSTEM_IDS.inbox);
      const live: InboxLive = { type: 'inbox.live', events: context.pending, unread: context.unread };
      if (inbox) enqueue.sendTo(inbox, live);
    }),
    'forget events': assign({ pending: [] }),
  },
}).createMachine({
  id: 'staffLive',
  context: { cursor: 0, pending: [], unread: 0, failures: 0, jitter: 0, lastFailure: null },
  initial: 'polling',
  states: {
    polling: {
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }) => pollInput(context),
        onDone: { target: 'dispatching', actions: { type: 'store answer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'offline', actions: [{ type: 'count failure', params: ({ event }) => ({ error: event.error }) }, 'draw jitter'] },
      },
    },
    dispatching: {
      entry: 'hand to inbox',
      always: { target: 'polling', actions: 'forget events' },
    },
    offline: {
      on: { 'live.reconnect': 'polling' },
      after: { 'reconnect backoff': 'polling' },
    },
  },
});

export type StaffLiveSnapshot = SnapshotFrom<typeof staffLiveMachine>;
/** From the first failed poll until one is answered again. */
export const isStaffOffline = (snapshot: Pick<StaffLiveSnapshot, 'context'>): boolean => snapshot.context.failures > 0;
