import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { WalletOperation, WalletStatus, WalletType } from '@contract/entities/account';
import type { Database } from '../db/connection';
import { referrals, users, walletTransactions, type ShopRow, type WalletTransactionRow } from '../db/schema';

/** A database handle or a transaction from `db.transaction` (both run queries). */
export type Executor = Database;

/**
 * The referral reward: 20 dollars (spec §1), kept in rial like all money.
 * The rate is a product decision written down in docs/accounts.md.
 */
export const USD_IN_RIAL = 600_000;
export const REFERRAL_REWARD_RIAL = 20 * USD_IN_RIAL;

export interface CreditInput {
  userId: number;
  operation: WalletOperation;
  /** signed rial: positive adds to the balance (charge, refund, admin, system), negative spends (buy) */
  amount: number;
  status?: WalletStatus;
  orderId?: number | null;
  /** the balance it moves: the wallet (default) or the discount bag */
  kind?: WalletType;
  /** an 'admin' row's reason (the customer reads it) and the staff member who wrote it */
  reason?: string;
  staffId?: number | null;
  /** when it was written (the app's clock: a staff member's day of credits is counted by it); default now() */
  createdAt?: Date;
}

/**
 * The wallet ledger of the shop's root. The balance is the sum of successful
 * rows. Spending must happen inside one transaction (`repos.transaction`): `lock(userId)` first
 * (a row lock on the user, so two checkouts cannot both spend the same
 * balance), then `balance(userId)`, then `credit(…)` with a negative amount.
 */
export function createWalletRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  const repository = {
    /** The user's balance in rial (successful rows only), of the wallet or of the discount bag (`kind` gift). */
    async balance(userId: number, kind: WalletType = 'wallet'): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)` })
        .from(walletTransactions)
        .where(and(eq(walletTransactions.rootId, rootId), eq(walletTransactions.userId, userId), eq(walletTransactions.status, 'success'), eq(walletTransactions.kind, kind)));
      return Number(row?.total ?? 0);
    },

    /** The user's wallet transactions (not the discount bag's), newest first. */
    list(userId: number): Promise<WalletTransactionRow[]> {
      return db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.rootId, rootId), eq(walletTransactions.userId, userId), eq(walletTransactions.kind, 'wallet')))
        .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id));
    },

    /** What an order's cancel gave back to this user, summed by balance (the wallet, the discount bag). */
    async refundsOf(userId: number, orderId: number): Promise<{ kind: WalletType; amount: number }[]> {
      const rows = await db
        .select({ kind: walletTransactions.kind, amount: sql<string>`sum(${walletTransactions.amount})` })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.rootId, rootId),
            eq(walletTransactions.userId, userId),
            eq(walletTransactions.orderId, orderId),
            eq(walletTransactions.operation, 'refund'),
            eq(walletTransactions.status, 'success'),
          ),
        )
        .groupBy(walletTransactions.kind);
      return rows.map((row) => ({ kind: row.kind, amount: Number(row.amount) })).filter((row) => row.amount > 0);
    },

    /**
     * Row-locks the user (of this root) until the transaction ends; false when no such user.
     * FOR NO KEY UPDATE: two spenders exclude each other, while the key-share locks that every
     * insert referencing the user takes (idempotency keys, payments, ledger rows) do not wait on it
     * (docs/server.md "Lock order").
     */
    async lock(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.rootId, rootId)))
        .for('no key update');
      return rows.length === 1;
    },

    /**
     * What a staff member added to wallets (positive 'admin' rows, every customer of the root) from `from` until
     * before `to`; read under the member's lock (staff-repository lockMember), so parallel credits sum in turn.
     */
    async staffCredits(staffId: number, from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)` })
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.rootId, rootId),
            eq(walletTransactions.staffId, staffId),
            eq(walletTransactions.operation, 'admin'),
            gt(walletTransactions.amount, 0),
            gte(walletTransactions.createdAt, from),
            lt(walletTransactions.createdAt, to),
          ),
        );
      return Number(row?.total ?? 0);
    },

    /** Appends one ledger row (call inside the transaction that holds `lock`). */
    async credit(input: CreditInput): Promise<WalletTransactionRow> {
      if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Error(`wallet amount must be a non-zero integer, got ${input.amount}`);
      const [row] = await db
        .insert(walletTransactions)
        .values({
          rootId,
          userId: input.userId,
          operation: input.operation,
          amount: input.amount,
          status: input.status ?? 'success',
          orderId: input.orderId ?? null,
          kind: input.kind ?? 'wallet',
          reason: input.reason ?? '',
          staffId: input.staffId ?? null,
          ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        })
        .returning();
      return row;
    },

    /**
     * The referral rule: when an invited user's first order completes, the
     * inviter gets `amount` (the shop's referral_reward; default REFERRAL_REWARD_RIAL) as a 'system' credit. Runs once per
     * invitee (later orders find the referral rewarded; a concurrent completion waits for the referral's row, then
     * finds it rewarded). Returns the credit, or null.
     */
    async rewardReferral(input: { inviteeId: number; orderId: number; amount?: number }): Promise<WalletTransactionRow | null> {
      const amount = input.amount ?? REFERRAL_REWARD_RIAL;
      if (amount <= 0) return null;
      const [claimed] = await db
        .update(referrals)
        .set({ rewardedAt: sql`now()`, rewardOrderId: input.orderId })
        .where(and(eq(referrals.inviteeId, input.inviteeId), eq(referrals.rootId, rootId), isNull(referrals.rewardedAt)))
        .returning();
      if (!claimed) return null;
      await repository.lock(claimed.inviterId);
      return repository.credit({ userId: claimed.inviterId, operation: 'system', amount, orderId: input.orderId });
    },
  };
  return repository;
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
