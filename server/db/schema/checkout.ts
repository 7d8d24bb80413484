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
  },
  (table) => [
    // At most one live (requested or paid) payment per order, whatever races happen.
    uniqueIndex('payments_one_live_per_order').on(table.orderId).where(sql`status in ('requested', 'paid')`),
    index('payments_order').on(table.orderId),
  ],
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
