import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ItemType } from '@contract/enums';
import { OrderStatus } from '@contract/entities/order';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection';
import { compiledSelect, compiledStatement } from '../db/compiled-statement';
import { cartWithFirstLine, cartWithLines, insertedLine, lockOnly, ownerReads, type CartWithLines, type CartWithLinesAndReads, type LineValues, type OwnerReads } from './cart-statements';
import { isCartStatus, itemOptions, items, orderItems, orders, type ItemOptionRow, type ShopRow } from '../db/schema';
import type { ResolvedLine } from '../services/checkout/cart-lines';

/** Whose cart: a logged-in user, or an anonymous visitor by sha256 of the `gid` cookie. */
export type CartOwner = { userId: number } | { guestId: string };

// The statements of every cart add, built once (compiled-statement.ts): Drizzle's building of them was most of the
// server's own CPU per add on PostgreSQL. The merged reads and writes are in cart-statements.ts.
const placeholder = sql.placeholder;
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
const optionsOf = compiledSelect<{ shopId: number; itemId: number }, ItemOptionRow>(
  new QueryBuilder()
    .select()
    .from(itemOptions)
    .where(and(eq(itemOptions.shopId, placeholder('shopId')), eq(itemOptions.itemId, placeholder('itemId'))))
    .orderBy(asc(itemOptions.sort), asc(itemOptions.id)),
);
const setCount = compiledStatement<{ count: number; shopId: number; orderId: number; lineId: number }, never>(
  sql`update ${orderItems} set ${sql.identifier(orderItems.itemCount.name)} = ${placeholder('count')} where ${and(eq(orderItems.shopId, placeholder('shopId')), eq(orderItems.orderId, placeholder('orderId')), eq(orderItems.id, placeholder('lineId')))}`,
);

/** A line to write: its item and count, and what resolveLine priced. */
export type NewLine = { itemId: number; itemCount: number } & ResolvedLine;
// jsonb values go as JSON text, as Drizzle sends them; a null size stays SQL null, not JSON null.
const lineValuesOf = (line: NewLine): LineValues => ({
  itemId: line.itemId,
  itemCount: line.itemCount,
  price: line.price,
  feature: line.feature,
  color: line.color,
  size: line.size === null ? null : JSON.stringify(line.size),
  comment: JSON.stringify(line.comment),
  itemData: JSON.stringify(line.itemData),
});

/** Carts (open orders) of one shop. */
export function createCartRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  const ownerIs = (owner: CartOwner) => ('userId' in owner ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId));
  return {
    /** Serialises this owner's cart writes until the transaction ends (two first adds make one cart). */
    async lockOwner(owner: CartOwner) {
      await ('userId' in owner ? lockOnly.user(db, { key: owner.userId }) : lockOnly.guest(db, { key: owner.guestId }));
    },
    /**
     * Takes the owner's lock (none for null) and, in the same statement, reads what needs no lock: a product of the shop
     * with its options, the checkout settings, one of the user's addresses (cart-statements.ts ownerReads).
     */
    async lockAndRead(owner: CartOwner | null, reads: { itemId?: number; address?: { userId: number; id: number } } = {}): Promise<OwnerReads> {
      // 0 for a read not wanted (no row has id 0), not null: a null makes each plan prove the read empty, so PostgreSQL
      // kept planning the statement anew rather than reuse its plan.
      const values = { shopId: shop.id, itemId: reads.itemId ?? 0, rootId, userId: reads.address?.userId ?? 0, addressId: reads.address?.id ?? 0 };
      const [row] = await (owner === null
        ? ownerReads.none(db, values)
        : 'userId' in owner
          ? ownerReads.user(db, { ...values, key: owner.userId })
          : ownerReads.guest(db, { ...values, key: owner.guestId }));
      return row;
    },
    /**
     * The owner's current cart (status 1, or 2 while an online payment is awaited) with its lines, refunded amount and
     * whether its user placed an order before, row-locked when `lock` (after the owner lock: cart-statements.ts); or null.
     */
    async currentCartWithLines(owner: CartOwner, lock: boolean): Promise<CartWithLines | null> {
      const statements = 'userId' in owner ? cartWithLines.user : cartWithLines.guest;
      const [row] = await (lock ? statements.locked : statements.read)(db, { shopId: shop.id, owner: 'userId' in owner ? owner.userId : owner.guestId });
      return row ?? null;
    },
    /**
     * The user's current cart with its lines, as currentCartWithLines reads it without a lock, and in the same statement
     * the checkout settings and the user's address `addressId` (0: none); or null when the user has no cart.
     */
    async currentCartWithReads(userId: number, addressId: number): Promise<CartWithLinesAndReads | null> {
      const [row] = await cartWithLines.user.readWithReads(db, { shopId: shop.id, owner: userId, rootId, addressId });
      return row ?? null;
    },
    /** One of the user's orders (any status) with the same, row-locked; or null. */
    async lockedOrderWithLines(userId: number, orderId: number): Promise<CartWithLines | null> {
      const [row] = await cartWithLines.lockedById(db, { shopId: shop.id, owner: userId, orderId });
      return row ?? null;
    },
    /** The owner's current cart (status 1, or 2 while an online payment is awaited), row-locked when `lock`. */
    async currentCart(owner: CartOwner, lock = false) {
      if (lock) {
        const statement = 'userId' in owner ? cartWithLines.user.locked : cartWithLines.guest.locked;
        const [row] = await statement(db, { shopId: shop.id, owner: 'userId' in owner ? owner.userId : owner.guestId });
        return row?.order ?? null;
      }
      const query = db
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), ownerIs(owner), isCartStatus(orders.status)))
        .orderBy(desc(orders.id))
        .limit(1);
      const [row] = await query;
      return row ?? null;
    },
    /** Removes the lines of the owner's open carts (status 1) at this shop; a cart awaiting an online payment keeps its lines. */
    async emptyOpenCarts(owner: CartOwner) {
      const open = db.select({ id: orders.id }).from(orders).where(and(eq(orders.shopId, shop.id), ownerIs(owner), eq(orders.status, OrderStatus.choosingProduct)));
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
    /** A new cart for the owner with its first line, in one statement. */
    async createCartWithLine(owner: CartOwner, line: NewLine) {
      const [row] = await cartWithFirstLine(db, {
        shopId: shop.id,
        userId: 'userId' in owner ? owner.userId : null,
        guestId: 'guestId' in owner ? owner.guestId : null,
        ...lineValuesOf(line),
      });
      return row;
    },
    /** Adds a line. */
    async insertLine(orderId: number, line: NewLine) {
      const [row] = await insertedLine(db, { shopId: shop.id, orderId, ...lineValuesOf(line) });
      return row.line;
    },
    /** Sets a line's count. */
    async setLineCount(orderId: number, lineId: number, itemCount: number) {
      await setCount(db, { count: itemCount, shopId: shop.id, orderId, lineId });
    },
    /** A line's price (and its size's) as the item now has it (repriced on the cart's next read, issue 32). */
    async setLinePrice(orderId: number, lineId: number, price: number, size: { name: string; price: number } | null) {
      await db.update(orderItems).set({ price, size }).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, orderId), eq(orderItems.id, lineId)));
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

    /* A guest's cart joining the account's at login (services/guest-cart.ts), in the login's transaction. */
    /** The guest's open cart, row-locked; null when the guest has none. */
    async guestCartLocked(guestId: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), eq(orders.guestId, guestId), eq(orders.status, OrderStatus.choosingProduct)))
        .orderBy(desc(orders.id))
        .limit(1)
        .for('update');
      return row ?? null;
    },
    /** An order's lines as stored, in the order they were added. */
    lineRows(orderId: number) {
      return db.select().from(orderItems).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, orderId))).orderBy(asc(orderItems.id));
    },
    /** The cart becomes the account's. */
    async giveToUser(orderId: number, userId: number): Promise<void> {
      await db.update(orders).set({ userId, guestId: null }).where(and(eq(orders.shopId, shop.id), eq(orders.id, orderId)));
    },
    async setLineCountById(lineId: number, itemCount: number): Promise<void> {
      await db.update(orderItems).set({ itemCount }).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.id, lineId)));
    },
    /** A line moves to another cart of the shop. */
    async moveLine(lineId: number, orderId: number): Promise<void> {
      await db.update(orderItems).set({ orderId }).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.id, lineId)));
    },
    async deleteOrder(orderId: number): Promise<void> {
      await db.delete(orders).where(and(eq(orders.shopId, shop.id), eq(orders.id, orderId)));
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
