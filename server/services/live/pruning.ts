import type { Database } from '../../db/connection';
import { pruneLiveEvents } from '../../repositories/live-repository';

/** Live events are kept this long: a client away longer reloads its lists anyway. */
export const LIVE_EVENT_RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Deletes events past the retention every 10 minutes (every instance does; the second finds
 * nothing). One statement per period, not per long-poll. Returns the function that stops it.
 */
export function pruneLiveEventsEvery(db: Database, log: (message: string) => void): () => void {
  const timer = setInterval(() => {
    pruneLiveEvents(db, new Date(Date.now() - LIVE_EVENT_RETENTION_MS)).catch((error: unknown) =>
      log(`live: could not prune old events: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
