import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection';
import type { Bill } from '@contract/entities/order';
import { compiledSelect } from '../db/compiled-statement';
import { deliverySet, lockedOrderClaimingKey, placedWithAnswer, type DeliveryValues, type PlacedValues } from './checkout-statements';
import type { CartWithLines } from './cart-statements';
import {
  addresses,
  checkoutSettings,
  discountCodes,
  discountUsages,
  idempotencyKeys,
  orderItems,
  orders,
  payments,
  userLocations,
  shops,
  type ShopRow,
} from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** The shop an order was placed at, as the order list names it. */
const placedShopColumns = { id: shops.id, name: shops.name, nameEn: shops.nameEn, masterId: shops.masterId };

/** Statuses of an order that was placed and not canceled (counts for "first order"). */
const PLACED = [OrderStatus.pending, OrderStatus.confirmedByStore, OrderStatus.sent, OrderStatus.completed];

// Statements of every cart add and checkout step, built once (compiled-statement.ts).
const settingsOf = compiledSelect<{ shopId: number }, typeof checkoutSettings.$inferSelect>(
  new QueryBuilder().select().from(checkoutSettings).where(eq(checkoutSettings.shopId, sql.placeholder('shopId'))),
);
const refundedOf = compiledSelect<{ shopId: number; orderId: number }, { total: string }>(
  new QueryBuilder()
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    // A paid attempt refunded by a staff cancel went back through the bank, not to the wallet: not this notice's.
    .where(and(eq(payments.shopId, sql.placeholder('shopId')), eq(payments.orderId, sql.placeholder('orderId')), isNotNull(payments.refundedAt), ne(payments.status, 'paid'))),
);

const placedCount = compiledSelect<{ shopId: number; userId: number }, { total: number }>(
  new QueryBuilder()
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.shopId, sql.placeholder('shopId')), eq(orders.userId, sql.placeholder('userId')), inArray(orders.status, PLACED))),
);

/** Addresses, discount codes, payments, placed orders, idempotency keys and checkout settings of one shop. */
export function createCheckoutRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  // The shops of this shop's brand (a root shop's rootId is its own id).
  const ofBrand = or(eq(shops.rootId, rootId), eq(shops.id, shop.id));
  return {
    async settings() {
      const [row] = await settingsOf(db, { shopId: shop.id });
      return row ?? null;
    },

    // Addresses belong to the customer at the root, like the account.
    addresses(userId: number) {
      return db
        .select()
        .from(addresses)
        .where(and(eq(addresses.rootId, rootId), eq(addresses.userId, userId)))
        .orderBy(desc(addresses.id));
    },
    async insertAddress(userId: number, values: { label: string; address: string; lat: number; lng: number; city: string; postalCode: string }) {
      const [row] = await db.insert(addresses).values({ ...values, rootId, userId }).returning();
      return row;
    },
    async updateAddress(userId: number, id: number, values: { label: string; address: string; lat: number; lng: number; city: string; postalCode: string }) {
      const [row] = await db
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.rootId, rootId), eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning();
      return row ?? null;
    },
    async deleteAddress(userId: number, id: number) {
      const rows = await db.delete(addresses).where(and(eq(addresses.rootId, rootId), eq(addresses.userId, userId), eq(addresses.id, id))).returning({ id: addresses.id });
      return rows.length === 1;
    },
    async setLastLocation(userId: number, lat: number, lng: number) {
      await db
        .insert(userLocations)
        .values({ userId, lat, lng })
        .onConflictDoUpdate({ target: userLocations.userId, set: { lat, lng, updatedAt: sql`now()` } });
    },
    /** The user's last map position (set_last_location), or null. */
    async lastLocation(userId: number): Promise<{ lat: number; lng: number } | null> {
      const [row] = await db.select({ lat: userLocations.lat, lng: userLocations.lng }).from(userLocations).where(eq(userLocations.userId, userId));
      return row ?? null;
    },

    /** A code of this shop by its text (case-insensitive), row-locked when `lock`. */
    async discountByCode(code: string, lock = false) {
      const query = db.select().from(discountCodes).where(and(eq(discountCodes.shopId, shop.id), eq(discountCodes.code, code.toUpperCase())));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async discountById(id: number, lock = false) {
      const query = db.select().from(discountCodes).where(and(eq(discountCodes.shopId, shop.id), eq(discountCodes.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async userUsages(discountCodeId: number, userId: number) {
      const [row] = await db.select({ total: count() }).from(discountUsages).where(and(eq(discountUsages.discountCodeId, discountCodeId), eq(discountUsages.userId, userId)));
      return row.total;
    },
    /** Records a use under the code's row lock (the caller holds it). */
    async recordUsage(discountCodeId: number, userId: number, orderId: number) {
      await db.insert(discountUsages).values({ discountCodeId, userId, orderId });
      await db.update(discountCodes).set({ usedCount: sql`${discountCodes.usedCount} + 1` }).where(eq(discountCodes.id, discountCodeId));
    },
    /** Gives an order's use back (payment canceled, order canceled). */
    async releaseUsage(orderId: number) {
      const removed = await db.delete(discountUsages).where(eq(discountUsages.orderId, orderId)).returning();
      for (const usage of removed) {
        await db.update(discountCodes).set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` }).where(eq(discountCodes.id, usage.discountCodeId));
      }
    },

    /** Whether the user has placed (and not canceled) an order at this shop. */
    async hasPlacedOrder(userId: number) {
      const [row] = await placedCount(db, { shopId: shop.id, userId });
      return row.total > 0;
    },
    /**
     * The user's placed orders (status 3 and above) at every shop of the brand, newest first, each with
     * the shop it was placed at: a customer belongs to the brand, not to one branch. Item counts: itemCounts.
     */
    placedOrders(userId: number, tab: 'active' | 'previous' | 'all') {
      const status =
        tab === 'active' ? eq(orders.status, OrderStatus.pending) : tab === 'previous' ? gte(orders.status, OrderStatus.confirmedByStore) : gte(orders.status, OrderStatus.pending);
      return db
        .select({ order: orders, shop: placedShopColumns })
        .from(orders)
        .innerJoin(shops, eq(shops.id, orders.shopId))
        .where(and(ofBrand, eq(orders.userId, userId), status, lte(orders.status, OrderStatus.canceled)))
        .orderBy(desc(orders.id));
    },
    /** One of the user's placed orders at any shop of the brand, with that shop (null: none of theirs). */
    async brandOrder(userId: number, orderId: number) {
      const [row] = await db
        .select({ order: orders, shop: placedShopColumns })
        .from(orders)
        .innerJoin(shops, eq(shops.id, orders.shopId))
        .where(and(ofBrand, eq(orders.userId, userId), eq(orders.id, orderId), gte(orders.status, OrderStatus.pending)));
      return row ?? null;
    },
    /**
     * An order's item_count, the one definition the order list and the invoice share: the sum of
     * its lines' counts (one line of 2 counts 2), for orders of any shop of the brand. A grouped query, not a subquery in the orders
     * select: drizzle leaves columns of a one-table select unqualified, so `order_id = id` inside
     * the subquery compared order_items with themselves.
     */
    async itemCounts(orderIds: readonly number[]): Promise<Map<number, number>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderId: orderItems.orderId, total: sql<number>`coalesce(sum(${orderItems.itemCount}), 0)::int` })
        .from(orderItems)
        .innerJoin(shops, eq(shops.id, orderItems.shopId))
        .where(and(ofBrand, inArray(orderItems.orderId, [...orderIds])))
        .groupBy(orderItems.orderId);
      return new Map(rows.map((row) => [row.orderId, Number(row.total)]));
    },
    /** The user's newest pending (status 3) order at this shop, row-locked when `lock`: "the current order" of update_status_order. */
    async currentPlacedOrder(userId: number, lock = false) {
      const query = db
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), eq(orders.userId, userId), eq(orders.status, OrderStatus.pending)))
        .orderBy(desc(orders.id))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** One of the user's orders at this shop (any status), row-locked when `lock`. */
    async order(userId: number, orderId: number, lock = false) {
      const query = db.select().from(orders).where(and(eq(orders.shopId, shop.id), eq(orders.userId, userId), eq(orders.id, orderId)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Sets a cart's delivery (update_address_order); answers the row. */
    async setDelivery(orderId: number, values: Omit<DeliveryValues, 'deliveryAddress'> & { deliveryAddress: OrderRow['deliveryAddress'] }): Promise<OrderRow> {
      const deliveryAddress = values.deliveryAddress === null ? null : JSON.stringify(values.deliveryAddress);
      const [row] = await deliverySet(db, { shopId: shop.id, orderId, ...values, deliveryAddress });
      return row.order;
    },
    /** Places an order and keeps final_order's `answer` under `key` (null: keeps nothing), in one statement. */
    async markPlaced(orderId: number, values: Omit<PlacedValues, 'bill' | 'placedAt'> & { bill: Bill; placedAt: Date }, kept: { userId: number; key: string | null; answer: unknown }) {
      await placedWithAnswer(db, {
        shopId: shop.id,
        orderId,
        ...values,
        bill: JSON.stringify(values.bill),
        placedAt: values.placedAt.toISOString(),
        userId: kept.userId,
        key: kept.key,
        answer: JSON.stringify(kept.answer),
      });
    },

    async insertPayment(values: { orderId: number; userId: number; gateway: string; amount: number; token: string; redirectUrl: string; gatewayRef: string | null }) {
      const [row] = await db.insert(payments).values({ ...values, shopId: shop.id }).returning();
      return row;
    },
    /** The user's payment by token (sep_id), row-locked when `lock` (lock its order first: docs/server.md "Lock order"). */
    async paymentByToken(userId: number, token: string, lock = false) {
      const query = db.select().from(payments).where(and(eq(payments.shopId, shop.id), eq(payments.userId, userId), eq(payments.token, token)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** The order's newest payment attempt, or null. */
    async latestPayment(orderId: number) {
      const [row] = await db.select().from(payments).where(and(eq(payments.shopId, shop.id), eq(payments.orderId, orderId))).orderBy(desc(payments.id)).limit(1);
      return row ?? null;
    },
    /**
     * Marks a voided attempt refunded; true only for the one call that set it, so a
     * replayed or concurrent callback never refunds twice (a second UPDATE waits, then matches nothing).
     */
    async claimRefund(id: number) {
      const rows = await db
        .update(payments)
        .set({ refundedAt: sql`now()` })
        .where(and(eq(payments.shopId, shop.id), eq(payments.id, id), isNull(payments.refundedAt)))
        .returning({ id: payments.id });
      return rows.length === 1;
    },
    /** Rial of the order's voided attempts that the bank captured and we refunded to the wallet. */
    async refundedAmount(orderId: number) {
      const [row] = await refundedOf(db, { shopId: shop.id, orderId });
      return Number(row?.total ?? 0);
    },
    /** Rial of the order's paid payment given back through the bank that took it (a store's cancel, docs/orders.md). */
    async bankRefundedAmount(orderId: number) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
        .from(payments)
        .where(and(eq(payments.shopId, shop.id), eq(payments.orderId, orderId), isNotNull(payments.refundedAt), eq(payments.status, 'paid')));
      return Number(row?.total ?? 0);
    },
    async livePayment(orderId: number) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.shopId, shop.id), eq(payments.orderId, orderId), eq(payments.status, 'requested')))
        .for('update');
      return row ?? null;
    },
    async settlePayment(id: number, status: 'paid' | 'canceled' | 'failed', refId: string | null) {
      await db.update(payments).set({ status, refId, verifiedAt: sql`now()` }).where(and(eq(payments.shopId, shop.id), eq(payments.id, id)));
    },

    /**
     * Claims an idempotency key and reads the user's order `orderId` row-locked with its lines, in one statement (the
     * caller holds the owner lock). `order` null: no such order, and then `claimed` is unknown (false). On PostgreSQL a
     * concurrent claim of the same key waits for the first transaction; the key is then not claimed (keyRow reads it).
     */
    async lockedOrderClaimingKey(userId: number, orderId: number, key: string, code: string, requestHash: string): Promise<{ order: CartWithLines | null; claimed: boolean }> {
      const [row] = await lockedOrderClaimingKey(db, { shopId: shop.id, owner: userId, orderId, userId, key, code, requestHash });
      return row ? { order: row, claimed: row.claimed } : { order: null, claimed: false };
    },
    /** The stored idempotency row of the user's `key`, or null. */
    async keyRow(userId: number, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.shopId, shop.id), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row ?? null;
    },
    async storeKeyResponse(userId: number, key: string, response: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ response })
        .where(and(eq(idempotencyKeys.shopId, shop.id), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },
  };
}
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
