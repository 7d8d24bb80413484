import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import type { EventBus } from '../events';

/** How long the database gets to answer `select 1` before readiness calls it unreachable (a proxy's check times out at a few seconds). */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

export type Readiness =
  | { ready: true; database: 'ok'; events: 'ok' }
  | { ready: false; draining: true }
  | { ready: false; database: 'ok' | 'unreachable'; events: 'ok' | 'disconnected' };

/**
 * Whether this instance should get requests: not while it shuts down, and only while the database answers a
 * `select 1` in time and the bus listens (without it the caches could not be trusted and long polls would miss
 * other instances' events). On PGlite "unreachable" is its thread gone (crashed, closed) or stuck past the timeout.
 */
export async function readiness({ db, events, draining, timeoutMs = READY_DATABASE_TIMEOUT_MS }: { db: Database; events: EventBus; draining: boolean; timeoutMs?: number }): Promise<Readiness> {
  if (draining) return { ready: false, draining: true };
  const database = await answersWithin(db, timeoutMs);
  const bus = events.connected ? 'ok' : 'disconnected';
  if (database && bus === 'ok') return { ready: true, database: 'ok', events: 'ok' };
  return { ready: false, database: database ? 'ok' : 'unreachable', events: bus };
}

async function answersWithin(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
