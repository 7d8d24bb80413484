import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { shops } from './shops';
import { users } from './users';

/**
 * One SMS login attempt. The id is sha256 of the random token in the `lrid`
 * cookie, so the code is bound to the browser that asked for it; the code is
 * stored only as sha256(token + code).
 */
export const loginRequests = pgTable(
  'login_requests',
  {
    id: text('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** set when the right code arrives for a phone without an account: complete_register may follow */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** set when the request logged someone in; it can never be used again */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('login_requests_root_mobile').on(table.rootId, table.mobile)],
);

/** Rate-limit events kept in the database so every server instance counts the same ones. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    /** 'sms' (one per code sent) or 'verify_fail' (one per wrong code) */
    kind: text('kind').notNull(),
    /** 'phone:09…' or 'ip:1.2.3.4' */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_events_lookup').on(table.rootId, table.kind, table.subject, table.createdAt)],
);

/** Requests for access to an access_request shop (wholesale); an operator answers by SMS. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    company: text('company').notNull().default(''),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    /** the refusal's reason (the customer reads it in the SMS) */
    reason: text('reason').notNull().default(''),
    answeredBy: integer('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('access_requests_user').on(table.rootId, table.userId), index('access_requests_status').on(table.rootId, table.status, table.id)],
);

/** The wallet ledger: the balance is the sum of successful rows; amounts are signed rial. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    operation: text('operation').$type<'charge' | 'buy' | 'refund' | 'admin' | 'system'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<'success' | 'fail'>().notNull().default('success'),
    /** which balance the row moves: the wallet, or the discount bag (spec §7 type gift) */
    kind: text('kind').$type<'wallet' | 'gift'>().notNull().default('wallet'),
    orderId: integer('order_id'),
    /** an 'admin' row's reason, as the staff member wrote it (the customer's wallet history shows it) */
    reason: text('reason').notNull().default(''),
    /** the staff member who wrote an 'admin' row */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The second: a staff member's credits of one day, summed under their lock (actions/console/wallets.ts).
  (table) => [
    index('wallet_transactions_user').on(table.rootId, table.userId, table.createdAt),
    index('wallet_transactions_staff').on(table.rootId, table.staffId, table.createdAt),
  ],
);

/** A user's referral code (created on first get_invite_data). */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id').notNull().references(() => shops.id),
    code: text('code').notNull(),
  },
  (table) => [unique('invite_codes_root_code').on(table.rootId, table.code)],
);

/** Who invited whom; rewardedAt is set once, when the invitee's first order completes. */
export const referrals = pgTable('referrals', {
  inviteeId: integer('invitee_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inviterId: integer('inviter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  rootId: integer('root_id').notNull().references(() => shops.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  rewardOrderId: integer('reward_order_id'),
});

export type LoginRequestRow = typeof loginRequests.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

/**
 * A wallet top-up through the online gateway (spec §4's wallet operation "charge"): our side of the attempt, as
 * `payments` is for an order. `token` is the sep_id the bank brings back; verified once under the row's lock, it
 * writes one 'charge' ledger row: successful when paid, 'fail' when canceled or failed.
 */
export const walletCharges = pgTable(
  'wallet_charges',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => shops.id),
    /** the shop the customer charged at (the bank page names it) */
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** rial */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    token: text('token').notNull().unique(),
    status: text('status').$type<'requested' | 'paid' | 'canceled' | 'failed'>().notNull().default('requested'),
    refId: text('ref_id'),
    redirectUrl: text('redirect_url'),
    /** the provider's own id of the attempt (Zarinpal's authority, a Checkout Session's id) */
    gatewayRef: text('gateway_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('wallet_charges_user').on(table.rootId, table.userId, table.createdAt)],
);

export type WalletChargeRow = typeof walletCharges.$inferSelect;
