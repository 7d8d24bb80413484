import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { StaffRole } from '@contract/console/rules';
import type { Database } from '../db/connection';
import { staff, staffDevices, staffSessions, type ShopRow, type StaffRow } from '../db/schema';
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

    /** Ends every session of a staff member (disabled, or a new password): their next request, on any instance, is logged out. */
    async deleteSessionsOf(staffId: number): Promise<void> {
      await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.rootId, rootId)));
    },

    /**
     * Whether the device cookie's token names a device the member `username` of this root signed in on since
     * `since` (staff_devices); the token is kept only as its sha256.
     */
    async knownDevice(token: string, username: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: staffDevices.id })
        .from(staffDevices)
        .innerJoin(staff, eq(staff.id, staffDevices.staffId))
        .where(
          and(
            eq(staffDevices.id, hashToken(token)),
            eq(staffDevices.rootId, rootId),
            eq(staff.rootId, rootId),
            eq(staff.username, username),
            gt(staffDevices.createdAt, since),
          ),
        )
        .limit(1);
      return rows.length === 1;
    },

    /** Remembers the device of `token` for the member (again: from now). */
    async rememberDevice(token: string, staffId: number, now: Date): Promise<void> {
      await db
        .insert(staffDevices)
        .values({ id: hashToken(token), staffId, rootId, createdAt: now })
        .onConflictDoUpdate({ target: [staffDevices.id, staffDevices.staffId], set: { createdAt: now } });
    },

    /** The team of this root, oldest first. */
    team(): Promise<StaffRow[]> {
      return db.select().from(staff).where(eq(staff.rootId, rootId)).orderBy(asc(staff.id));
    },

    /** A new member; null when the username is taken in this root (the unique key decides, also for two at once). */
    async add(values: { name: string; username: string; passwordHash: string; role: StaffRole }, now: Date): Promise<StaffRow | null> {
      const [row] = await db
        .insert(staff)
        .values({ rootId, ...values, createdAt: now })
        .onConflictDoNothing({ target: [staff.rootId, staff.username] })
        .returning();
      return row ?? null;
    },

    /**
     * Row-locks this root's enabled owners and the member `staffId` (one statement, id order: two owners changing each
     * other queue instead of deadlocking); returns the member (null: not of this root) and how many other enabled owners there are.
     */
    async lockForChange(staffId: number): Promise<{ member: StaffRow | null; otherOwners: number }> {
      const rows = await db
        .select()
        .from(staff)
        .where(and(eq(staff.rootId, rootId), sql`(${staff.id} = ${staffId} or (${staff.role} = 'owner' and not ${staff.disabled}))`))
        .orderBy(asc(staff.id))
        .for('update');
      return { member: rows.find((row) => row.id === staffId) ?? null, otherOwners: rows.filter((row) => row.id !== staffId && row.role === 'owner' && !row.disabled).length };
    },

    /**
     * Row-locks one member of this root until the transaction ends (their day of wallet credits is summed under it);
     * FOR NO KEY UPDATE, so inserts referencing the member (sessions, devices) do not wait on it.
     */
    async lockMember(staffId: number): Promise<void> {
      await db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, staffId), eq(staff.rootId, rootId)))
        .for('no key update');
    },

    async update(staffId: number, values: Partial<Pick<StaffRow, 'name' | 'role' | 'disabled' | 'passwordHash'>>): Promise<StaffRow> {
      const [row] = await db
        .update(staff)
        .set(values)
        .where(and(eq(staff.id, staffId), eq(staff.rootId, rootId)))
        .returning();
      return row;
    },

  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
