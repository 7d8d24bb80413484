import { and, assign, stateIn, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { LONGPOLL_HOLD_MIN_MS } from '@contract/rules/chat';
import { asFailure, waitSecondsOf, type ApiFailure } from './api-failure';

/*
 * The long poll both live channels run (the customer's chat, chat-machine.ts, and the staff's,
 * console/staff-live-machine.ts): written once here, its states, delays, guards and actions; each
 * chart spreads them into its own setup and adds what it does with an answer ('take answer',
 * 'hand over').
 */

/** The first wait after a failed poll; each further failure doubles it, up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before the next try after `failures` failed polls in a row: half of the doubled
 * wait is fixed, half drawn by `jitter` (0 ≤ jitter < 1), so thousands of clients cut off
 * together do not come back in the same second. A 503's wait_seconds is never undercut.
 */
export function reconnectDelay(failures: number, jitter: number, serverWaitSeconds: number | null = null): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  const drawn = Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(jitter, 0), 1));
  return Math.max(drawn, (serverWaitSeconds ?? 0) * 1000);
}

/** A long poll's input: the cursor, and whether the server may hold it. */
export interface PollInput {
  count: number;
  wait: boolean;
}

/**
 * After a failure the poll is not held: answered at once by a server that is back, it ends the
 * offline notice then, not a hold (25 s) later. Answered, polls are held again.
 */
export const pollInput = (context: PollState): PollInput => ({ count: context.cursor, wait: isHeld(context) });

/** What decides a poll's input: the cursor, the failures, and whether its first poll is held. */
type PollState = Pick<LongPollContext<unknown>, 'cursor' | 'failures' | 'holdFirst' | 'answered'>;

/** A poll the server may hold: none after a failure, and not the first of a chart that asks it at once. */
const isHeld = (context: PollState): boolean => context.failures === 0 && (context.holdFirst || context.answered);

/** What every long poll answers: the cursor after its events. */
export interface PollAnswer<TLive> {
  count: number;
  events: TLive[];
}

export interface LongPollContext<TLive> {
  /** the id of the last live event seen: the poll's `count` */
  cursor: number;
  /** the events of the last answer, until they are handed to their owners */
  pending: TLive[];
  /** failed polls in a row (0 once a poll is answered) */
  failures: number;
  /**
   * held polls in a row answered at once with nothing new: a newer poll of the session or address
   * took their place (the server's bounds, docs/server.md), or the server is closing
   */
  replaced: number;
  /**
   * whether the first poll may be held: false where an answer carries counts the screen needs at once (the staff's
   * badges), which a shop with no live event yet would otherwise see only when the hold ends
   */
  holdFirst: boolean;
  /** an answer has been stored since the chart started */
  answered: boolean;
  /** drawn on each failure or replacement by 'draw jitter' (0 ≤ jitter < 1) */
  jitter: number;
  lastFailure: ApiFailure | null;
}

export const LONG_POLL_START = { cursor: 0, pending: [], failures: 0, replaced: 0, holdFirst: true, answered: false, jitter: 0, lastFailure: null } satisfies LongPollContext<never>;

/** The poll's first moments, until the shortest hold a server may be set to has passed (a state id, for stateIn). */
const EARLY_ID = 'pollEarly';

/**
 * The delays, guards and actions of the long poll, for a chart whose context holds LongPollContext
 * and whose poll answers TAnswer. The jitter is drawn by 'draw jitter' (tests provide their own).
 */
export function longPollImplementations<TContext extends LongPollContext<TAnswer['events'][number]>, TAnswer extends PollAnswer<unknown>, TEvent extends EventObject>() {
  type Args = { context: TContext };
  // The fields written are the long poll's own, a part of every TContext.
  const patch = (fields: Partial<LongPollContext<TAnswer['events'][number]>>) => fields as Partial<TContext>;
  return {
    delays: {
      'reconnect backoff': ({ context }: Args) => reconnectDelay(context.failures, context.jitter, waitSecondsOf(context.lastFailure)),
      'replaced backoff': ({ context }: Args) => reconnectDelay(context.replaced, context.jitter),
      // A hold that passed ends no sooner (LONGPOLL_HOLD_MS is configured at least this long).
      'least hold': LONGPOLL_HOLD_MIN_MS,
    },
    guards: {
      /** A held poll answered with its own cursor and no event. */
      'nothing new': ({ context }: Args, params: { answer: TAnswer }) => isHeld(context) && params.answer.events.length === 0 && params.answer.count === context.cursor,
    },
    actions: {
      'store answer': assign<TContext, TEvent, { answer: TAnswer }, TEvent, never>((_, params) =>
        patch({ cursor: params.answer.count, pending: params.answer.events, failures: 0, replaced: 0, answered: true, lastFailure: null }),
      ),
      'count failure': assign<TContext, TEvent, { error: unknown }, TEvent, never>(({ context }, params) =>
        patch({ failures: context.failures + 1, lastFailure: asFailure(params.error) }),
      ),
      'count replaced': assign<TContext, TEvent, undefined, TEvent, never>(({ context }) => patch({ replaced: context.replaced + 1 })),
      'draw jitter': assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ jitter: Math.random() })),
      'forget events': assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ pending: [] })),
    },
  };
}

/**
 * The long poll's states, for a chart that implements 'poll' (the request), 'take answer' (what
 * it keeps of an answer besides the cursor) and 'hand over' (the events to their owners), with
 * longPollImplementations. Polling → dispatching → polling again; a failure waits with jittered
 * backoff (offline) and tries again by itself; a held poll answered at once with nothing new was
 * replaced by a newer one (the server's bounds) and waits with the same backoff, so polls past a
 * bound do not take each other's place in turn.
 */
export function longPollStates<TAnswer extends PollAnswer<unknown>>() {
  const answerOf = ({ event }: { event: DoneActorEvent<TAnswer> }) => ({ answer: event.output });
  return {
    polling: {
      initial: 'early',
      states: {
        early: { id: EARLY_ID, after: { 'least hold': 'held' } },
        held: {},
      },
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }: { context: PollState }) => pollInput(context),
        onDone: [
          {
            guard: and([stateIn(`#${EARLY_ID}`), { type: 'nothing new', params: answerOf }]),
            target: 'replaced',
            actions: ['count replaced', 'draw jitter', { type: 'take answer', params: answerOf }],
          },
          { target: 'dispatching', actions: [{ type: 'store answer', params: answerOf }, { type: 'take answer', params: answerOf }] },
        ],
        onError: { target: 'offline', actions: [{ type: 'count failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) }, 'draw jitter'] },
      },
    },
    dispatching: {
      entry: 'hand over',
      always: { target: 'polling', actions: 'forget events' },
    },
    // Visible to the person; it tries again by itself after the backoff.
    offline: {
      after: { 'reconnect backoff': 'polling' },
    },
    replaced: {
      after: { 'replaced backoff': 'polling' },
    },
  } as const;
}
