import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ItemType } from '@contract/enums';
import { OrderStatus } from '@contract/entities/order';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection';
import { compiledSelect, compiledStatement } from '../db/compiled-statement';
import { itemOptions, items, orderItems, orders, type ShopRow } from '../db/schema';

/** Order status of a cart still being filled. */
export const OPEN_CART_STATUS = 1;

/** Whose cart: a logged-in user, or an anonymous visitor by sha256 of the `gid` cookie. */
export type CartOwner = { userId: number } | { guestId: string };

// Namespace of the advisory locks that serialise one owner's cart writes.
const CART_LOCK = 7_270_005;

const CART_STATUSES = [OrderStatus.choosingProduct, OrderStatus.awaitingLocationAndPayment];

// The statements of every cart add, built once (compiled-statement.ts): Drizzle's building of them was most of the
// server's own CPU per add on PostgreSQL.
const placeholder = sql.placeholder;
const cartOf = (owner: 'user' | 'guest') =>
  compiledSelect<{ shopId: number; owner: number | string }, typeof orders.$inferSelect>(
    new QueryBuilder()
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, placeholder('shopId')), eq(owner === 'user' ? orders.userId : orders.guestId, placeholder('owner')), inArray(orders.status, CART_STATUSES)))
      .orderBy(desc(orders.id))
      .limit(1)
      .for('update'),
  );
const lockedCart = { user: cartOf('user'), guest: cartOf('guest') };
const linesQuery = new QueryBuilder()
  .select({ line: orderItems, name: items.name, nameEn: items.nameEn })
  .from(orderItems)
  .innerJoin(items, and(eq(items.id, orderItems.itemId), eq(items.shopId, placeholder('shopId'))))
  .where(and(eq(orderItems.shopId, placeholder('shopId')), eq(orderItems.orderId, placeholder('orderId'))))
  .orderBy(asc(orderItems.id));
const orderLines = compiledSelect<{ shopId: number; orderId: number }, (typeof linesQuery)['_']['result'][number]>(linesQuery);
const productById = compiledSelect<{ shopId: number; itemId: number }, typeof items.$inferSelect>(
  new QueryBuilder()
    .select()
    .from(items)
    .where(and(eq(items.shopId, placeholder('shopId')), eq(items.id, placeholder('itemId')), eq(items.type, ItemType.product))),
);
const optionsOf = compiledSelect<{ shopId: number; itemId: number }, typeof itemOptions.$inferSelect>(
  new QueryBuilder()
    .select()
    .from(itemOptions)
    .where(and(eq(itemOptions.shopId, placeholder('shopId')), eq(itemOptions.itemId, placeholder('itemId'))))
    .orderBy(asc(itemOptions.sort), asc(itemOptions.id)),
);
const setCount = compiledStatement<{ count: number; shopId: number; orderId: number; lineId: number }, never>(
  sql`update ${orderItems} set ${sql.identifier(orderItems.itemCount.name)} = ${placeholder('count')} where ${and(eq(orderItems.shopId, placeholder('shopId')), eq(orderItems.orderId, placeholder('orderId')), eq(orderItems.id, placeholder('lineId')))}`,
);
const ownerLock = {
  user: compiledStatement<{ key: number }, never>(sql`select pg_advisory_xact_lock(${CART_LOCK}, ${placeholder('key')}::integer)`),
  guest: compiledStatement<{ key: string }, never>(sql`select pg_advisory_xact_lock(${CART_LOCK}, hashtext(${placeholder('key')}::text))`),
};

/** Carts (open orders) of one shop. */
export function createCartRepository(db: Database, shop: ShopRow) {
  const ownerIs = (owner: CartOwner) => ('userId' in owner ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId));
  return {
    /** The user's newest open cart at this shop, or null. */
    async openCart(userId: number) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), eq(orders.userId, userId), eq(orders.status, OPEN_CART_STATUS)))
        .orderBy(desc(orders.id))
        .limit(1);
      return row ?? null;
    },
    /** Serialises this owner's cart writes until the transaction ends (two first adds make one cart). */
    async lockOwner(owner: CartOwner) {
      await ('userId' in owner ? ownerLock.user(db, { key: owner.userId }) : ownerLock.guest(db, { key: owner.guestId }));
    },
    /** The owner's current cart (status 1, or 2 while an online payment is awaited), row-locked when `lock`. */
    async currentCart(owner: CartOwner, lock = false) {
      if (lock) {
        const [locked] = await ('userId' in owner ? lockedCart.user(db, { shopId: shop.id, owner: owner.userId }) : lockedCart.guest(db, { shopId: shop.id, owner: owner.guestId }));
        return locked ?? null;
      }
      const query = db
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), ownerIs(owner), inArray(orders.status, CART_STATUSES)))
        .orderBy(desc(orders.id))
        .limit(1);
      const [row] = await query;
      return row ?? null;
    },
    /** Removes the lines of the owner's open carts (status 1) at this shop; a cart awaiting an online payment keeps its lines. */
    async emptyOpenCarts(owner: CartOwner) {
      const open = db.select({ id: orders.id }).from(orders).where(and(eq(orders.shopId, shop.id), ownerIs(owner), eq(orders.status, OPEN_CART_STATUS)));
      await db.delete(orderItems).where(and(eq(orderItems.shopId, shop.id), inArray(orderItems.orderId, open)));
    },
    /** A new empty cart for the owner. */
    async createCart(owner: CartOwner) {
      const [row] = await db
        .insert(orders)
        .values({ shopId: shop.id, userId: 'userId' in owner ? owner.userId : null, guestId: 'guestId' in owner ? owner.guestId : null })
        .returning();
      return row;
    },
    /** The lines of one of this shop's orders, with the item names. */
    lines(orderId: number) {
      return orderLines(db, { shopId: shop.id, orderId });
    },
    /** One line of one order, or null (another order's line id is null). */
    async line(orderId: number, lineId: number) {
      const [row] = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, orderId), eq(orderItems.id, lineId)));
      return row ?? null;
    },
    /** Adds a line. */
    async insertLine(values: Omit<typeof orderItems.$inferInsert, 'shopId' | 'id'>) {
      const [row] = await db.insert(orderItems).values({ ...values, shopId: shop.id }).returning();
      return row;
    },
    /** Sets a line's count. */
    async setLineCount(orderId: number, lineId: number, itemCount: number) {
      await setCount(db, { count: itemCount, shopId: shop.id, orderId, lineId });
    },
    /** Removes a line. */
    async deleteLine(orderId: number, lineId: number) {
      await db.delete(orderItems).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, orderId), eq(orderItems.id, lineId)));
    },
    /** Changes columns of one of the shop's orders. */
    async updateOrder(orderId: number, values: Partial<typeof orders.$inferInsert>) {
      const [row] = await db
        .update(orders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(orders.shopId, shop.id), eq(orders.id, orderId)))
        .returning();
      return row;
    },
    /** A product the shop sells (not a folder, not a hidden item), or null. */
    async product(itemId: number) {
      const [row] = await productById(db, { shopId: shop.id, itemId });
      return row ?? null;
    },
    /** The priced options of an item. */
    options(itemId: number) {
      return optionsOf(db, { shopId: shop.id, itemId });
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
