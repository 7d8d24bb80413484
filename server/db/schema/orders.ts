import { sql, type SQL } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { OrderStatus } from '@contract/entities/order';
import { items } from './catalog';
import { shops } from './shops';
import { users } from './users';

/** The statuses of a cart: choosing products (1), or awaiting an online payment (2). */
const CART_STATUSES = [OrderStatus.choosingProduct, OrderStatus.awaitingLocationAndPayment];

/**
 * `column in (1, 2)` with the values written out: a named statement's generic plan can use the partial index
 * orders_open_cart only when its condition is the index's own, values included (placeholders prove nothing).
 */
export const isCartStatus = (column: AnyPgColumn | SQL): SQL => sql`${column} in (${sql.raw(CART_STATUSES.join(', '))})`;

/** Order status 1 is an open cart (choosing a product); 3 is active; above 3 archived. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').references(() => users.id),
    status: smallint('status').notNull().default(1),
    comment: text('comment').notNull().default(''),
    /** rial */
    amountWalletGift: bigint('amount_wallet_gift', { mode: 'number' }).notNull().default(0),
    deliveryMethod: smallint('delivery_method'),
    // Checkout columns (issue 5); see docs/checkout.md.
    /** sha256 of the visitor's `gid` cookie for an anonymous cart; null once it belongs to a user */
    guestId: text('guest_id'),
    addressId: integer('address_id'),
    /** the delivery address as it was when the order was placed */
    deliveryAddress: jsonb('delivery_address').$type<{ label: string; address: string; lat: number; lng: number; city: string; postal_code: string } | null>(),
    branchName: text('branch_name').notNull().default(''),
    deliveryType: smallint('delivery_type').notNull().default(0),
    discountCodeId: integer('discount_code_id'),
    useWallet: smallint('use_wallet').notNull().default(0),
    /** 1 while the cart pays from the discount bag (use_wallet type gift); the amount is the bill's gift */
    useGift: smallint('use_gift').notNull().default(0),
    /** 1: placed in the shop or from its QR code (final_order's internal_order, from /splash?internal_order=1) */
    internalOrder: smallint('internal_order').notNull().default(0),
    /** cash | card_reader | online | money_transfer | wallet, set when placed */
    payment: text('payment'),
    paid: smallint('paid').notNull().default(0),
    /** 'now', 'HH:mm' or 'YYYY-MM-DD HH:mm' (Tehran) */
    deliveryTime: text('delivery_time').notNull().default('now'),
    trackingCode: text('tracking_code'),
    /** the bill frozen when the order is placed (rial) */
    bill: jsonb('bill').$type<Record<string, number | string | null>>(),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    /** when the store said the order will be ready or arrive (its confirm's minutes from then) */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** when a staff member first opened the placed order (the board's alert rings until then) */
    staffOpenedAt: timestamp('staff_opened_at', { withTimezone: true }),
    /** the last change of status once placed (the board's "since") */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_shop_user_status').on(table.shopId, table.userId, table.status),
    // A user's cart: one row or two a user. On (shop, user, status) the generic plan filtered the status, walking
    // every order the user ever placed to find the cart, a longer walk with each order (bench:api:pg's checkout).
    index('orders_open_cart').on(table.shopId, table.userId).where(isCartStatus(table.status)),
    // Guest carts only: a plan for a user's orders never walks it (a young table's generic plan chose it for shop_id alone).
    // The board: a shop's placed orders, newest first (its status filter is read off the rows). Neither on (shop, status, …)
    // nor whole: the planner took either for a user's open cart over orders_open_cart (cart-plans).
    // Partial: only a query that says `placed_at is not null` (the board's) can use it.
    index('orders_shop_placed')
      .on(table.shopId, table.placedAt)
      .where(sql`${table.placedAt} is not null`),
    index('orders_shop_guest')
      .on(table.shopId, table.guestId)
      .where(sql`${table.guestId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull().references(() => items.id),
    itemCount: integer('item_count').notNull(),
    /** rial per unit, computed by the server */
    price: bigint('price', { mode: 'number' }).notNull(),
    feature: text('feature'),
    color: text('color'),
    size: jsonb('size').$type<{ name: string; price: number } | null>(),
    comment: jsonb('comment').$type<{ name: string; price: number; count: number }[]>().notNull().default([]),
    itemData: jsonb('item_data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('order_items_shop_order').on(table.shopId, table.orderId)],
);

/**
 * An order's history once placed (docs/orders.md): one row per change of status, written in the change's own
 * transaction. `actor` says who: a staff member (owner or staff, named as they were), the customer, or the
 * server's jobs ('system': a payment that expired).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** place | confirm | send | complete | cancel | expire */
    action: text('action').notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    actor: text('actor').$type<'owner' | 'staff' | 'customer' | 'system'>().notNull(),
    staffId: integer('staff_id'),
    /** the staff member's name at the time (a later rename or removal keeps the history as it was) */
    staffName: text('staff_name').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** a confirm's minutes until ready */
    readyIn: smallint('ready_in'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order').on(table.shopId, table.orderId, table.id)],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;
