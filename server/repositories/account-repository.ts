import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { accessRequests, inviteCodes, loginRequests, rateEvents, referrals, sessions, users, type ShopRow, type UserRow } from '../db/schema';
import { hashToken } from './user-repository';

/** A session lives 30 days. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** A fresh token of 256 random bits, base64url (cookie value). */
export const newToken = () => randomBytes(32).toString('base64url');

/** sha256 of a login request's token and the code: the only form a code is stored in. */
export const hashCode = (token: string, code: string) => createHash('sha256').update(`${token}:${code}`).digest('hex');

export type RateKind = 'sms' | 'verify_fail';

/**
 * Login requests, rate-limit events, sessions, accounts, referral codes and access requests of the shop's root.
 * Each runs on what the repository was built on: a transaction's writes through `repos.transaction`.
 */
export function createAccountRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    rootId,
    /** Serialises work on one key (e.g. a phone) across every server instance until the transaction ends. */
    async lockKey(key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${rootId}:${key}`}))`);
    },

    /** Times of rate events of `kind` for `subject` since `since`, oldest first. */
    async eventTimes(kind: RateKind, subject: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: rateEvents.createdAt })
        .from(rateEvents)
        .where(and(eq(rateEvents.rootId, rootId), eq(rateEvents.kind, kind), eq(rateEvents.subject, subject), gt(rateEvents.createdAt, since)))
        .orderBy(asc(rateEvents.createdAt));
      return rows.map((row) => row.at);
    },

    async addEvent(kind: RateKind, subject: string, at: Date): Promise<void> {
      await db.insert(rateEvents).values({ rootId, kind, subject, createdAt: at });
    },

    /** Takes back the events addEvent wrote for `subject` at `at` (what they counted did not happen). */
    async removeEvent(kind: RateKind, subject: string, at: Date): Promise<void> {
      await db
        .delete(rateEvents)
        .where(and(eq(rateEvents.rootId, rootId), eq(rateEvents.kind, kind), eq(rateEvents.subject, subject), eq(rateEvents.createdAt, at)));
    },

    async loginRequest(token: string, forUpdate = false) {
      const query = db
        .select()
        .from(loginRequests)
        .where(and(eq(loginRequests.id, hashToken(token)), eq(loginRequests.rootId, rootId)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async deleteLoginRequest(token: string): Promise<void> {
      await db.delete(loginRequests).where(eq(loginRequests.id, hashToken(token)));
    },

    async createLoginRequest(values: { token: string; mobile: string; code: string; now: Date; ttlSeconds: number }) {
      await db.insert(loginRequests).values({
        id: hashToken(values.token),
        rootId,
        mobile: values.mobile,
        codeHash: hashCode(values.token, values.code),
        createdAt: values.now,
        expiresAt: new Date(values.now.getTime() + values.ttlSeconds * 1000),
      });
    },

    async updateLoginRequest(token: string, values: Partial<{ wrongTries: number; verifiedAt: Date; usedAt: Date }>) {
      await db.update(loginRequests).set(values).where(eq(loginRequests.id, hashToken(token)));
    },

    /** Row-locks the account until the transaction ends (FOR NO KEY UPDATE, as the wallet's lock): work on it queues here. */
    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.rootId, rootId))).for('no key update');
    },

    async userByMobile(mobile: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(and(eq(users.rootId, rootId), eq(users.mobile, mobile)));
      return row ?? null;
    },

    /** Creates the account of `mobile` (or returns the one a concurrent request created). */
    async createUser(mobile: string, name: string): Promise<{ user: UserRow; created: boolean }> {
      const [row] = await db.insert(users).values({ rootId, mobile, name }).onConflictDoNothing().returning();
      if (row) return { user: row, created: true };
      const existing = await this.userByMobile(mobile);
      if (!existing) throw new Error('user vanished after a conflicting insert');
      return { user: existing, created: false };
    },

    async updateUser(userId: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
      const [row] = await db.update(users).set(values).where(and(eq(users.id, userId), eq(users.rootId, rootId))).returning();
      return row;
    },

    /** The user publishes as a person again when they held `code` (the shop revoked it); another code they hold stays. */
    async dropConsultant(userId: number, code: string): Promise<void> {
      await db
        .update(users)
        .set({ data: sql`${users.data} || '{"ty_user_type": "person", "consultant_code": null}'::jsonb` })
        .where(and(eq(users.id, userId), eq(users.rootId, rootId), sql`${users.data}->>'consultant_code' = ${code}`));
    },

    /** A new session for the user; returns its token (the cookie value). */
    async createSession(userId: number, now: Date): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({ id: hashToken(token), userId, rootId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000) });
      return token;
    },

    /** Deletes the session of `token`; returns its user's id (null when there was none). */
    async deleteSession(token: string): Promise<number | null> {
      const [row] = await db.delete(sessions).where(eq(sessions.id, hashToken(token))).returning({ userId: sessions.userId });
      return row?.userId ?? null;
    },

    /** The user's referral code, created on first use. */
    async inviteCode(userId: number): Promise<string> {
      const [existing] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId));
      if (existing) return existing.code;
      for (;;) {
        const code = randomInviteCode();
        const [row] = await db.insert(inviteCodes).values({ userId, rootId, code }).onConflictDoNothing().returning();
        if (row) return row.code;
        const [again] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId));
        if (again) return again.code;
      }
    },

    async inviterByCode(code: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: inviteCodes.userId })
        .from(inviteCodes)
        .where(and(eq(inviteCodes.rootId, rootId), eq(inviteCodes.code, code.toUpperCase())));
      return row?.userId ?? null;
    },

    async addReferral(inviterId: number, inviteeId: number): Promise<void> {
      if (inviterId === inviteeId) return;
      await db.insert(referrals).values({ inviterId, inviteeId, rootId }).onConflictDoNothing();
    },

    async referralCounts(userId: number): Promise<{ invited: number; rewarded: number }> {
      const [row] = await db
        .select({ invited: count(), rewarded: count(referrals.rewardedAt) })
        .from(referrals)
        .where(and(eq(referrals.rootId, rootId), eq(referrals.inviterId, userId)));
      return { invited: Number(row?.invited ?? 0), rewarded: Number(row?.rewarded ?? 0) };
    },

    async pendingAccessRequest(userId: number) {
      const [row] = await db
        .select()
        .from(accessRequests)
        .where(and(eq(accessRequests.rootId, rootId), eq(accessRequests.userId, userId), eq(accessRequests.status, 'pending')));
      return row ?? null;
    },

    /** The account's latest access request at this root (null: none): where it stands, and a refusal's reason. */
    async latestAccessRequest(userId: number) {
      const [row] = await db
        .select({ id: accessRequests.id, status: accessRequests.status, reason: accessRequests.reason })
        .from(accessRequests)
        .where(and(eq(accessRequests.rootId, rootId), eq(accessRequests.userId, userId)))
        .orderBy(desc(accessRequests.id))
        .limit(1);
      return row ?? null;
    },

    async createAccessRequest(userId: number, values: { message: string; company: string }) {
      const [row] = await db.insert(accessRequests).values({ rootId, shopId: shop.id, userId, ...values }).returning();
      return row;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomInviteCode(): string {
  return Array.from(randomBytes(8), (byte) => INVITE_ALPHABET[byte % INVITE_ALPHABET.length]).join('');
}
