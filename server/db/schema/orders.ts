import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './catalog';
import { shops } from './shops';
import { users } from './users';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('orders_shop_user_status').on(table.shopId, table.userId, table.status)],
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
