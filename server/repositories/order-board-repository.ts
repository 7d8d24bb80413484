import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import type { Database } from '../db/connection';
import { orderEvents, orderItems, orders, paymentRefunds, payments, shops, staffAudit, users, walletTransactions, type ShopRow } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;
export type OrderEventInsert = Omit<typeof orderEvents.$inferInsert, 'shopId' | 'orderId' | 'id' | 'createdAt'>;

/** The board's filters, as the action resolved them (statuses, a day range as instants). */
export interface BoardFilter {
  statuses: readonly number[];
  deliveryMethod?: number;
  paid?: number;
  shopIds: readonly number[];
  from?: Date;
  /** exclusive */
  to?: Date;
  /** a tracking code or (part of) a mobile, Western digits */
  search?: string;
  offset: number;
  length: number;
}

/** A board row: the order, the shop it was placed at, its customer and item count. */
export interface BoardRow {
  order: OrderRow;
  shop: { id: number; name: string; nameEn: string };
  customer: { name: string; mobile: string } | null;
  itemCount: number;
}

const itemCount = sql<number>`(select coalesce(sum(${orderItems.itemCount}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

/**
 * The counter's reads and writes of placed orders (issue 30, docs/orders.md) for the console of one shop: its own
 * orders and, at a master, its branches'. Every read names the shops it may see, so another shop's order is never found.
 */
export function createOrderBoardRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    /** The shops whose orders this console sees: itself, and its branches when it is a master. */
    async visibleShopIds(): Promise<number[]> {
      if (shop.masterFlag !== 1) return [shop.id];
      const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.masterId, shop.id));
      return [shop.id, ...rows.map((row) => row.id)];
    },

    /** One page of the board, newest placed first, and how many match. */
    async page(filter: BoardFilter): Promise<{ rows: BoardRow[]; total: number }> {
      if (filter.shopIds.length === 0) return { rows: [], total: 0 };
      // `placed_at is not null` (true of every placed order) lets the plan use orders_shop_placed, newest first.
      const where: (SQL | undefined)[] = [inArray(orders.shopId, [...filter.shopIds]), isNotNull(orders.placedAt), inArray(orders.status, [...filter.statuses])];
      if (filter.deliveryMethod !== undefined) where.push(eq(orders.deliveryMethod, filter.deliveryMethod));
      if (filter.paid !== undefined) where.push(eq(orders.paid, filter.paid));
      if (filter.from) where.push(gte(orders.placedAt, filter.from));
      if (filter.to) where.push(lt(orders.placedAt, filter.to));
      if (filter.search) {
        const like = `%${filter.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
        where.push(or(eq(orders.trackingCode, filter.search), ilike(users.mobile, like)));
      }
      const condition = and(...where);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ order: orders, shop: { id: shops.id, name: shops.name, nameEn: shops.nameEn }, customer: { name: users.name, mobile: users.mobile }, itemCount })
          .from(orders)
          .innerJoin(shops, eq(shops.id, orders.shopId))
          .leftJoin(users, eq(users.id, orders.userId))
          .where(condition)
          .orderBy(desc(orders.placedAt), desc(orders.id))
          .offset(filter.offset)
          .limit(filter.length),
        db.select({ total: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(condition),
      ]);
      return { rows: rows.map((row) => ({ ...row, itemCount: Number(row.itemCount) })), total: Number(total) };
    },

    /** Pending orders of these shops, and those no staff member has opened (the tab's title and the board's alert). */
    async counts(shopIds: readonly number[]): Promise<{ unaccepted: number; unopened: number }> {
      const [row] = await db
        .select({ unaccepted: count(), unopened: sql<number>`count(*) filter (where ${orders.staffOpenedAt} is null)::int` })
        .from(orders)
        .where(and(inArray(orders.shopId, [...shopIds]), eq(orders.status, OrderStatus.pending)));
      return { unaccepted: Number(row.unaccepted), unopened: Number(row.unopened) };
    },

    /** A placed order of these shops with its shop and customer (row-locked when `lock`), or null. */
    async placed(shopIds: readonly number[], orderId: number, lock = false): Promise<BoardRow | null> {
      if (lock) {
        // FOR UPDATE of the order alone: a join would lock the shop and user rows too.
        const [locked] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), inArray(orders.shopId, [...shopIds]), gte(orders.status, OrderStatus.pending)))
          .for('update');
        if (!locked) return null;
      }
      const [row] = await db
        .select({ order: orders, shop: { id: shops.id, name: shops.name, nameEn: shops.nameEn }, customer: { name: users.name, mobile: users.mobile }, itemCount })
        .from(orders)
        .innerJoin(shops, eq(shops.id, orders.shopId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.id, orderId), inArray(orders.shopId, [...shopIds]), gte(orders.status, OrderStatus.pending)));
      return row ? { ...row, itemCount: Number(row.itemCount) } : null;
    },

    /** Marks the order opened by staff, once (the first opener's time stays); answers whether this call set it. */
    async markOpened(orderId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ staffOpenedAt: at })
        .where(and(eq(orders.id, orderId), isNull(orders.staffOpenedAt)))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    /** Marks the order paid (the caller holds the order's row lock and checked contract/rules/order-payment.ts). */
    async markPaid(orderId: number, at: Date): Promise<OrderRow> {
      const [row] = await db.update(orders).set({ paid: 1, updatedAt: at }).where(eq(orders.id, orderId)).returning();
      return row;
    },

    /** Writes a change of status (the caller holds the order's row lock and checked the chart). */
    async setStatus(orderId: number, values: { status: number; at: Date; readyAt?: Date | null }): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({ status: values.status, statusChangedAt: values.at, updatedAt: values.at, ...(values.readyAt === undefined ? {} : { readyAt: values.readyAt }) })
        .where(eq(orders.id, orderId))
        .returning();
      return row;
    },

    /** The order's history, oldest first. */
    events(orderId: number) {
      return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
    },
    /** The order's payment attempts, oldest first. */
    /** The order's attempts, each with its bank refund's status (payment_refunds; null when none is owed). */
    payments(orderId: number) {
      return db
        .select({ payment: payments, refund: paymentRefunds.status })
        .from(payments)
        .leftJoin(paymentRefunds, eq(paymentRefunds.paymentId, payments.id))
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(payments.id));
    },
    /** The order's paid online payment not yet refunded, row-locked (lock order: after the order's row). */
    async refundablePayment(orderId: number) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid'), isNull(payments.refundedAt)))
        .for('update');
      return row ?? null;
    },
    /** Sets a paid payment's refunded_at; true only for the call that set it. */
    async markRefunded(paymentId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ refundedAt: at })
        .where(and(eq(payments.id, paymentId), isNull(payments.refundedAt)))
        .returning({ id: payments.id });
      return rows.length === 1;
    },
    /** The wallet ledger rows of the order (both balances), oldest first. */
    ledger(orderId: number) {
      return db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.rootId, rootId), eq(walletTransactions.orderId, orderId)))
        .orderBy(asc(walletTransactions.id));
    },
  };
}

/** The order history writes of the shop an order was placed at (its customer's and its staff's paths alike). */
export function createOrderEventRepository(db: Database, shop: ShopRow) {
  return {
    /** Appends one history row (inside the change's transaction). */
    async append(orderId: number, event: OrderEventInsert): Promise<void> {
      await db.insert(orderEvents).values({ ...event, shopId: shop.id, orderId });
    },
    /** The history of one of the shop's orders, oldest first. */
    list(orderId: number) {
      return db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.shopId, shop.id), eq(orderEvents.orderId, orderId)))
        .orderBy(asc(orderEvents.id));
    },
    /** One line of the audit log of the shop's root, in the change's transaction. */
    async audit(entry: { staffId: number; staffName: string; action: string; subjectType: string; subjectId: number | null; detail: Record<string, unknown> }): Promise<void> {
      await db.insert(staffAudit).values({ ...entry, rootId: shop.rootId ?? shop.id, shopId: shop.id });
    },
  };
}

export type OrderBoardRepository = ReturnType<typeof createOrderBoardRepository>;
