import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { inLane, type StatementLane } from '../db/statement-lanes';
import { sessions, users, type ShopRow, type UserRow } from '../db/schema';

/** sha256 hex of a session token: the key a session row is stored under. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The session lookup every signed-in request makes, its SQL built once per database (drizzle builds a
 * query's text on each call: with thousands of polls held that was a quarter of the main thread; bench:longpoll).
 */
const sessionUserQueries = new WeakMap<Database, ReturnType<typeof prepareSessionUser>>();
function prepareSessionUser(db: Database) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('hash')), eq(sessions.rootId, sql.placeholder('rootId')), eq(users.rootId, sql.placeholder('rootId')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');
}

/** A live session's user and when the session ends: what the session lookup reads. */
export interface SessionUser {
  user: UserRow;
  expiresAt: Date;
}

/** Users and sessions of the shop's root (a brand and its branches share them). */
export function createUserRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    /** The user of an unexpired session of this root for `token` and when the session ends, or null; in `lane` (db/statement-lanes.ts). */
    async bySessionToken(token: string, lane: StatementLane = 'foreground'): Promise<SessionUser | null> {
      const handle = inLane(db, lane);
      let query = sessionUserQueries.get(handle);
      if (!query) sessionUserQueries.set(handle, (query = prepareSessionUser(handle)));
      const [row] = await query.execute({ hash: hashToken(token), rootId, now: new Date().toISOString() });
      return row ?? null;
    },
  };
}
