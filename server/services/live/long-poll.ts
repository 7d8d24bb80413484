import type { Code } from '@contract/api';
import type { StatementLane } from '../../db/statement-lanes';
import type { SessionLookup } from '../../http/session';
import type { LiveHub, LiveWatch } from './hub';
import type { PollOwner } from './poll-bounds';
import { QUIET_ANSWER_TRUST_MS } from './quiet-answers';

/**
 * Codes whose session look-up runs in the embedded database's background lane (db/statement-lanes.ts), as their first
 * read does: a poll answered now or a second later looks the same to its customer, and thousands of them polling
 * again at once must not queue ahead of a checkout.
 */
export const LONG_POLL_CODES: ReadonlySet<Code> = new Set<Code>(['longpull']);

/**
 * A long-poll's session look-up: in the background lane, and trusting a kept user as long as a quiet answer (a sign-out
 * ends the session's polls and forgets both on every instance; the poll reads nothing but its own events).
 */
export const LONG_POLL_LOOKUP: SessionLookup = { lane: 'background', trustMs: QUIET_ANSWER_TRUST_MS };

/**
 * Holds a long-poll: reads now, and again each time an event of `audiences` arrives (or the bus
 * had a gap), until `hasNews` says the answer is worth sending or `holdMs` passes; then answers the
 * last read. The watch begins before the first read, so an event committed between the read and
 * the wait still wakes it. Nothing touches the database while it waits: `read` runs only at the
 * start and after a wake, each time on a connection of its own that it gives back. A poll that ends
 * with nothing new (its hold passed, a newer poll replaced it, its session ended, the client left, the
 * server closes) answers its last read: its end reads nothing.
 */
export async function holdForNews<Answer>(
  hub: LiveHub,
  options: {
    audiences: readonly string[];
    /** reads in `lane`: background for a first read and a crowd's wake, foreground when its own event woke it */
    read: (lane: StatementLane) => Promise<Answer>;
    /**
     * The first read's lane (default background). Foreground for a first connection (count 0), whose first read
     * decides what is history: read late, an event sent meanwhile would count as history and never be answered.
     */
    firstRead?: StatementLane;
    /**
     * An answer known without reading (the poll's quiet answer: quiet-answers.ts), asked once the watch has begun, so an
     * event after it still wakes the poll. It stands for the first read.
     */
    recall?: () => Answer | null;
    /** The hold passed with nothing new: `answer` is what the same poll, coming back, would read. */
    onQuiet?: (answer: Answer) => void;
    hasNews: (answer: Answer) => boolean;
    /** the client went away: stop holding (its answer goes nowhere) */
    signal?: AbortSignal;
    holdMs?: number;
    /** whose poll it is: held within the session's, account's and address's bounds, answered when the session ends */
    owner?: PollOwner;
  },
): Promise<Answer> {
  const watch = hub.watch(options.audiences, options.owner);
  try {
    const deadline = Date.now() + (options.holdMs ?? hub.holdFor());
    // Its first read waits behind other requests' statements: a poll that just came back (its hold ended, maybe
    // together with thousands of others) has no one waiting on it.
    let answer = options.recall?.() ?? (await firstRead(watch, options.read, options.firstRead ?? 'background'));
    while (!options.hasNews(answer)) {
      const left = deadline - Date.now();
      const reason = left <= 0 ? 'timeout' : await watch.next(left, options.signal);
      if (reason === 'timeout') options.onQuiet?.(answer);
      if (reason !== 'event' && reason !== 'broadcast' && reason !== 'gap') return answer;
      // Its own audience's event: read at once, the customer waits for it. A crowd woken together (a public message,
      // a gap on the bus) reads in the background lane, behind every other request's statements.
      answer = await options.read(reason === 'event' ? 'foreground' : 'background');
    }
    return answer;
  } finally {
    watch.stop();
  }
}

const OWN_EVENT = Symbol('own event');

/**
 * The first read in `lane`. In the background lane it may wait seconds behind a crowd's (a restart's thousands of
 * polls); an event of the poll's own audience meanwhile has its customer waiting, so it reads again at once in the
 * foreground and answers that (the background read still runs, its answer unused).
 */
async function firstRead<Answer>(watch: LiveWatch, read: (lane: StatementLane) => Promise<Answer>, lane: StatementLane): Promise<Answer> {
  if (lane === 'foreground') return read('foreground');
  const queued = read('background');
  const ownEvent = new Promise<typeof OWN_EVENT>((resolve) => (watch.reading = () => resolve(OWN_EVENT)));
  try {
    const first = await Promise.race([queued, ownEvent]);
    if (first !== OWN_EVENT) return first;
  } finally {
    watch.reading = null;
  }
  queued.catch(() => undefined);
  watch.readSince();
  return read('foreground');
}
