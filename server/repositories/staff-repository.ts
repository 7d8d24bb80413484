import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { staff, staffSessions, type ShopRow, type StaffRow } from '../db/schema';
import { newToken } from './account-repository';
import { hashToken } from './user-repository';

/** A staff session lives 12 hours: a working day, after which the console asks for the password again. */
export const STAFF_SESSION_TTL_SECONDS = 12 * 3600;

/** Staff and staff sessions of the shop's root (a brand and its branches share staff). */
export function createStaffRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    rootId,
    /** The staff member of this root with that (normalised) username, disabled or not. */
    async byUsername(username: string): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(and(eq(staff.rootId, rootId), eq(staff.username, username)));
      return row ?? null;
    },

    /** The enabled staff member of an unexpired session of this root for `token`, or null. */
    async bySessionToken(token: string, now: Date): Promise<StaffRow | null> {
      const [row] = await db
        .select({ staff })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.id, hashToken(token)),
            eq(staffSessions.rootId, rootId),
            eq(staff.rootId, rootId),
            eq(staff.disabled, false),
            gt(staffSessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row?.staff ?? null;
    },

    /** A new session for the staff member; returns its token (the cookie value). */
    async createSession(staffId: number, now: Date): Promise<string> {
      const token = newToken();
      await db.insert(staffSessions).values({ id: hashToken(token), staffId, rootId, createdAt: now, expiresAt: new Date(now.getTime() + STAFF_SESSION_TTL_SECONDS * 1000) });
      return token;
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(staffSessions).where(and(eq(staffSessions.id, hashToken(token)), eq(staffSessions.rootId, rootId)));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
