import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { loginRequests, rateEvents } from '../db/schema';

/** Rate events older than the longest window any limit counts (visits: 24 hours) count for nothing. */
export const RATE_EVENT_RETENTION_MS = 25 * 3600_000;
/** A login request (its code's hash) is kept a day past its expiry, then deleted. */
export const LOGIN_REQUEST_RETENTION_MS = 24 * 3600_000;
/** Rows deleted per table per run: a run never holds a long lock; a backlog goes over several runs. */
export const STALE_ROWS_BATCH = 5_000;
const CLEAN_EVERY_MS = 10 * 60_000;

/** Deletes at most `batch` stale rows of each table; returns how many of each went. */
export async function deleteStaleRows(db: Database, now: Date, batch = STALE_ROWS_BATCH): Promise<{ rateEvents: number; loginRequests: number }> {
  const oldEvents = db.select({ id: rateEvents.id }).from(rateEvents).where(lt(rateEvents.createdAt, new Date(now.getTime() - RATE_EVENT_RETENTION_MS))).limit(batch);
  const events = await db.delete(rateEvents).where(inArray(rateEvents.id, oldEvents)).returning({ id: rateEvents.id });
  const oldRequests = db.select({ id: loginRequests.id }).from(loginRequests).where(lt(loginRequests.expiresAt, new Date(now.getTime() - LOGIN_REQUEST_RETENTION_MS))).limit(batch);
  const requests = await db.delete(loginRequests).where(inArray(loginRequests.id, oldRequests)).returning({ id: sql<string>`1` });
  return { rateEvents: events.length, loginRequests: requests.length };
}

/** deleteStaleRows every 10 minutes (every instance does; the second finds nothing). Returns the function that stops it. */
export function deleteStaleRowsEvery(db: Database, clock: () => Date, log: (message: string) => void): () => void {
  const timer = setInterval(() => {
    deleteStaleRows(db, clock()).catch((error: unknown) => log(`could not delete stale rows: ${error instanceof Error ? error.message : String(error)}`));
  }, CLEAN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
