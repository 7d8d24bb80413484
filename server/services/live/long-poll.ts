import type { LiveHub } from './hub';
import type { PollOwner } from './poll-bounds';

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
    read: () => Promise<Answer>;
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
    const deadline = Date.now() + (options.holdMs ?? hub.holdMs);
    let answer = await options.read();
    while (!options.hasNews(answer)) {
      const left = deadline - Date.now();
      if (left <= 0) return answer;
      const reason = await watch.next(left, options.signal);
      if (reason !== 'event' && reason !== 'gap') return answer;
      answer = await options.read();
    }
    return answer;
  } finally {
    watch.stop();
  }
}
