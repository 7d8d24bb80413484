import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { sessions, users, type ShopRow, type UserRow } from '../db/schema';

/** sha256 hex of a session token: the key a session row is stored under. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Users and sessions of the shop's root (a brand and its branches share them). */
export function createUserRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    /** The user of an unexpired session of this root for `token`, or null. */
    async bySessionToken(token: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, hashToken(token)), eq(sessions.rootId, rootId), eq(users.rootId, rootId), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row?.user ?? null;
    },
  };
}
