import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { shops } from './shops';
import { users } from './users';

/**
 * Saved addresses of a customer (per root, like accounts). Ids start at 10:
 * ids under 10 are reserved pseudo-addresses that mean "no transport" (spec §4).
 */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10 }),
    rootId: integer('root_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('addresses_root_user').on(table.rootId, table.userId)],
);

/** The last map position of a user (set_last_location). */
export const userLocations = pgTable('user_locations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Checkout rules of a shop; a shop without a row uses the defaults of services/checkout/settings.ts. */
export const checkoutSettings = pgTable('checkout_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  /** rial; 0 = no minimum */
  minOrder: bigint('min_order', { mode: 'number' }).notNull().default(0),
  freeFirstShipping: smallint('free_first_shipping').notNull().default(0),
  /** the "5% for ordering online" promo; 0 = off */
  onlineDiscountPercent: smallint('online_discount_percent').notNull().default(0),
  taxPercent: smallint('tax_percent').notNull().default(0),
  /** rial per order */
  packagingCost: bigint('packaging_cost', { mode: 'number' }).notNull().default(0),
  paymentTypes: jsonb('payment_types').$type<string[]>().notNull().default(['cash', 'card_reader', 'online', 'money_transfer', 'wallet']),
});

/** Discount codes of a shop: percent or fixed, with minimum order, expiry, first-order-only and usage limits. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    /** stored upper-case; matched case-insensitively */
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    /** percent (1–100) or rial */
    value: bigint('value', { mode: 'number' }).notNull(),
    /** cap of a percent discount, rial; null = none */
    maxAmount: bigint('max_amount', { mode: 'number' }),
    minOrder: bigint('min_order', { mode: 'number' }).notNull().default(0),
    /** null: usable at once */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** 1: only for an order paid online (the gateway) */
    onlineOnly: smallint('online_only').notNull().default(0),
    /** set when the owner turns the code off; checkout treats it as unknown from then on */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firstOrderOnly: smallint('first_order_only').notNull().default(0),
    perUserLimit: integer('per_user_limit'),
    totalLimit: integer('total_limit'),
    /** placed orders that used the code; raised under the code's row lock */
    usedCount: integer('used_count').notNull().default(0),
  },
  (table) => [unique('discount_codes_shop_code').on(table.shopId, table.code)],
);

/** One row per placed order that used a code (an order uses at most one). */
export const discountUsages = pgTable(
  'discount_usages',
  {
    id: serial('id').primaryKey(),
    discountCodeId: integer('discount_code_id').notNull().references(() => discountCodes.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('discount_usages_order').on(table.orderId), index('discount_usages_code_user').on(table.discountCodeId, table.userId)],
);

/** Our side of an online payment. `token` is the sep_id the gateway callback carries back. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** rial */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    token: text('token').notNull().unique(),
    status: text('status').$type<'requested' | 'paid' | 'canceled' | 'failed'>().notNull().default('requested'),
    refId: text('ref_id'),
    /** the gateway page of this attempt (final_order answers it again for a repeat without a key) */
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** set once when the gateway captured a voided or canceled attempt and the amount went back to the wallet */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** the provider's own id of this attempt (Zarinpal's authority, Stripe's Checkout Session id); the return and the
     * webhook are matched to a payment by it, never by what the customer's browser says alone */
    gatewayRef: text('gateway_ref'),
  },
  (table) => [
    // At most one live (requested or paid) payment per order, whatever races happen.
    uniqueIndex('payments_one_live_per_order').on(table.orderId).where(sql`status in ('requested', 'paid')`),
    index('payments_order').on(table.orderId),
    uniqueIndex('payments_gateway_ref').on(table.gateway, table.gatewayRef).where(sql`gateway_ref is not null`),
  ],
);

/**
 * Money given back through a gateway (a staff cancel, a voided attempt found paid): one row per refund, written with the
 * change that owes it. 'pending' until the provider accepts it; a job retries a refused or unanswered one, and the owner
 * sees it as "refund pending" meanwhile. Never deleted.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id').notNull(),
    /** rial */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** why: 'staff_cancel', 'voided_paid', 'amount_mismatch' */
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'done'>().notNull().default('pending'),
    /** the provider's id of the refund once accepted */
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    // A payment is refunded at most once, whatever retries or races happen.
    uniqueIndex('payment_refunds_payment').on(table.paymentId),
    index('payment_refunds_pending').on(table.shopId).where(sql`status = 'pending'`),
  ],
);

/**
 * A shop's own merchant account at a gateway (its merchant id and secret keys). Read only by the server's gateway
 * adapters; no code returns it. A shop without a row uses the server's configured account.
 */
export const shopGatewayAccounts = pgTable(
  'shop_gateway_accounts',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    gateway: text('gateway').notNull(),
    merchantId: text('merchant_id').notNull(),
    /** Stripe: the secret key; unused by Zarinpal */
    secretKey: text('secret_key'),
    /** Stripe: the webhook endpoint's signing secret */
    webhookSecret: text('webhook_secret'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.gateway] })],
);

/** The built-in sandbox bank's own ledger (what a real gateway keeps on its side). */
export const sandboxGatewayTransactions = pgTable('sandbox_gateway_transactions', {
  token: text('token').primaryKey(),
  merchant: text('merchant').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  callbackUrl: text('callback_url').notNull(),
  state: text('state').$type<'pending' | 'paid' | 'canceled' | 'refunded'>().notNull().default('pending'),
  refNum: text('ref_num'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The first answer to a write with an idempotency key, replayed for repeats of the same body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    code: text('code').notNull(),
    /** sha256 of the canonical request body */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.userId, table.key] })],
);

export type AddressRow = typeof addresses.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CheckoutSettingsRow = typeof checkoutSettings.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
