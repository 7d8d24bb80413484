import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { accessRequests, staff, users, type ShopRow, type UserRow } from '../db/schema';

export type AccessStatus = 'pending' | 'approved' | 'rejected';

/** An access request with what the console shows beside it: the customer, and who answered. */
export interface AccessRequestView {
  id: number;
  userId: number;
  name: string;
  mobile: string;
  company: string;
  message: string;
  status: AccessStatus;
  reason: string;
  createdAt: Date;
  answeredAt: Date | null;
  answeredBy: string;
}

/** A customer as the console finds them, with their wallet balance (rial). */
export interface ConsoleCustomerRow {
  user: UserRow;
  balance: number;
}

/**
 * The console's view of the brand's customers (issue 30): their access requests and wallets. Every read is of the
 * shop's root, so another brand's customer is never found (the console answers 404).
 */
export function createConsoleCustomersRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  // Spelled out: inside a select list Drizzle writes columns unqualified, and "user_id" = "id" would read the ledger's own id.
  const balance = sql<string>`coalesce((select sum(wt.amount) from wallet_transactions wt
    where wt.root_id = ${rootId} and wt.user_id = "users"."id" and wt.status = 'success' and wt.kind = 'wallet'), 0)`;
  const view = {
    id: accessRequests.id,
    userId: accessRequests.userId,
    name: users.name,
    mobile: users.mobile,
    company: accessRequests.company,
    message: accessRequests.message,
    status: accessRequests.status,
    reason: accessRequests.reason,
    createdAt: accessRequests.createdAt,
    answeredAt: accessRequests.answeredAt,
    answeredBy: sql<string>`coalesce("staff"."name", '')`,
  };
  const ofRoot = eq(accessRequests.rootId, rootId);
  return {
    /** A page of the brand's access requests with `status`, newest first, its total, and the pending count. */
    async accessPage(status: AccessStatus, { offset, length }: { offset: number; length: number }): Promise<{ rows: AccessRequestView[]; total: number; pending: number }> {
      const [rows, [totals]] = await Promise.all([
        db
          .select(view)
          .from(accessRequests)
          .innerJoin(users, eq(users.id, accessRequests.userId))
          .leftJoin(staff, eq(staff.id, accessRequests.answeredBy))
          .where(and(ofRoot, eq(accessRequests.status, status)))
          .orderBy(desc(accessRequests.id))
          .limit(length)
          .offset(offset),
        db
          .select({
            total: sql<number>`cast(count(*) filter (where ${accessRequests.status} = ${status}) as int)`,
            pending: sql<number>`cast(count(*) filter (where ${accessRequests.status} = 'pending') as int)`,
          })
          .from(accessRequests)
          .where(ofRoot),
      ]);
      return { rows, total: Number(totals?.total ?? 0), pending: Number(totals?.pending ?? 0) };
    },

    /** The brand's pending access requests (the staff's long poll shows the count). */
    async pendingAccessCount(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`cast(count(*) as int)` }).from(accessRequests).where(and(ofRoot, eq(accessRequests.status, 'pending')));
      return Number(row?.n ?? 0);
    },

    /** One request of the brand, row-locked until the transaction ends (two answers queue; the second finds it answered). */
    async lockAccessRequest(id: number) {
      const [row] = await db.select().from(accessRequests).where(and(ofRoot, eq(accessRequests.id, id))).for('update');
      return row ?? null;
    },

    async accessRequestView(id: number): Promise<AccessRequestView | null> {
      const [row] = await db
        .select(view)
        .from(accessRequests)
        .innerJoin(users, eq(users.id, accessRequests.userId))
        .leftJoin(staff, eq(staff.id, accessRequests.answeredBy))
        .where(and(ofRoot, eq(accessRequests.id, id)));
      return row ?? null;
    },

    /** Answers a request and sets its customer's access_flag (1 approved, -1 rejected), in the caller's transaction. */
    async answerAccess(request: { id: number; userId: number }, answer: { status: 'approved' | 'rejected'; reason: string; staffId: number; at: Date }): Promise<void> {
      await db.update(accessRequests).set({ status: answer.status, reason: answer.reason, answeredBy: answer.staffId, answeredAt: answer.at }).where(eq(accessRequests.id, request.id));
      await db
        .update(users)
        .set({ accessFlag: answer.status === 'approved' ? 1 : -1 })
        .where(and(eq(users.id, request.userId), eq(users.rootId, rootId)));
    },

    /** The brand's customer with that id and their balance, or null (another brand's, or no one). */
    async customer(userId: number): Promise<ConsoleCustomerRow | null> {
      const [row] = await db.select({ user: users, balance }).from(users).where(and(eq(users.id, userId), eq(users.rootId, rootId)));
      return row ? { user: row.user, balance: Number(row.balance) } : null;
    },

    /** The brand's customers whose mobile or name holds `search`, at most `limit`, newest accounts first. */
    async find(search: string, limit: number): Promise<ConsoleCustomerRow[]> {
      const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const rows = await db
        .select({ user: users, balance })
        .from(users)
        .where(and(eq(users.rootId, rootId), or(ilike(users.mobile, pattern), ilike(users.name, pattern))))
        .orderBy(desc(users.id))
        .limit(limit);
      return rows.map((row) => ({ user: row.user, balance: Number(row.balance) }));
    },
  };
}
export type ConsoleCustomersRepository = ReturnType<typeof createConsoleCustomersRepository>;
