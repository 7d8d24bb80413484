import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { ItemType } from '@contract/enums';
import { QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';
import { compiledRows, compiledStatement, tableColumnsOf } from '../db/compiled-statement';
import { jsonRowOf, jsonTableRowOf } from '../db/json-row';
import { addresses, checkoutSettings, isCartStatus, itemOptions, items, orderItems, orders, payments } from '../db/schema';

// The cart's and checkout's reads merged into few statements, built once (compiled-statement.ts): each statement is a
// round trip, and on this path a round trip (the socket write, PostgreSQL's own work per statement) cost more CPU
// than the reads themselves.

/** Namespace of the advisory locks that serialise one owner's cart writes. */
const CART_LOCK = 7_270_005;
const placeholder = sql.placeholder;

type OrderItemRow = typeof orderItems.$inferSelect;
/** A cart line with its item's names, as the cart and the bill use it. */
export type CartLine = { line: OrderItemRow; name: string; nameEn: string };
/** An address without its timestamp (jsonRowOf), all the checkout reads of it. */
export type CheckoutAddress = Omit<typeof addresses.$inferSelect, 'createdAt'>;

const addressColumns = Object.fromEntries(Object.entries(getTableColumns(addresses)).filter(([key]) => key !== 'createdAt'));

/**
 * `column + 0`: a condition the planner can only check, not look up by. An order found by its id is then only checked for
 * its shop and user: without statistics (a young table), a generic plan otherwise walked every order of the shop, whose
 * id leads two indexes, to find one id.
 */
export const checkedOnly = (column: PgColumn | SQL) => sql`(${column} + 0)`;

/** The owner lock's call: a user by id, a guest by the hash of the sha256 of its cookie. */
const ownerLock = {
  user: sql`pg_advisory_xact_lock(${CART_LOCK}, ${placeholder('key')}::integer)`,
  guest: sql`pg_advisory_xact_lock(${CART_LOCK}, hashtext(${placeholder('key')}::text))`,
};

/** The owner lock alone. */
export const lockOnly = { user: compiledStatement<{ key: number }, never>(sql`select ${ownerLock.user}`), guest: compiledStatement<{ key: string }, never>(sql`select ${ownerLock.guest}`) };

export interface OwnerReads {
  item: typeof items.$inferSelect | null;
  options: (typeof itemOptions.$inferSelect)[];
  settings: typeof checkoutSettings.$inferSelect | null;
  address: CheckoutAddress | null;
}

/**
 * The owner lock (when `lock`) and the reads that need none, in one statement: a product the shop sells and its options
 * (`itemId`, 0 for none), the checkout settings, one of the user's addresses (`addressId`). These reads take the
 * statement's snapshot, from before the lock was granted: nothing that the lock protects may be read here.
 */
const ownerReadsOf = (lock: 'user' | 'guest' | null) =>
  compiledStatement<{ key?: number | string; shopId: number; itemId: number; rootId: number; userId: number; addressId: number }, OwnerReads>(sql`
    select ${lock ? sql`${ownerLock[lock]} as "locked", ` : sql``}
      (select ${jsonTableRowOf(items, 'i')} from ${items} i
        where i.shop_id = ${placeholder('shopId')} and i.id = ${placeholder('itemId')}::integer and i.type = ${ItemType.product}) as "item",
      (select coalesce(json_agg(${jsonTableRowOf(itemOptions, 'o')} order by o.sort, o.id), '[]') from ${itemOptions} o
        where o.shop_id = ${placeholder('shopId')} and o.item_id = ${placeholder('itemId')}::integer) as "options",
      (select ${jsonTableRowOf(checkoutSettings, 's')} from ${checkoutSettings} s where s.shop_id = ${placeholder('shopId')}) as "settings",
      (select ${jsonRowOf(addressColumns, 'a')} from ${addresses} a
        where a.root_id = ${placeholder('rootId')} and a.user_id = ${placeholder('userId')}::integer and a.id = ${placeholder('addressId')}::integer) as "address"`);
export const ownerReads = { user: ownerReadsOf('user'), guest: ownerReadsOf('guest'), none: ownerReadsOf(null) };

export interface CartWithLines {
  order: typeof orders.$inferSelect;
  lines: CartLine[];
  /** rial of the order's voided attempts refunded to the wallet (a numeric as text) */
  refunded: string;
  /** whether the order's user has placed (and not canceled) an order at this shop */
  placedBefore: boolean;
}

const PLACED = [OrderStatus.pending, OrderStatus.confirmedByStore, OrderStatus.sent, OrderStatus.completed];
// The order of the outer select; its own columns drizzle leaves unqualified, so the subqueries name theirs by alias.
const outer = (column: string) => sql`${sql.identifier('orders')}.${sql.identifier(column)}`;

/**
 * An order with its lines (item names from this shop), its refunded amount and whether its user placed an order before,
 * row-locked when `lock`. Issued after the owner lock, so the lines and payments it reads are those the owner's last
 * write committed. `by`: the owner's current cart (status 1, or 2 while an online payment is awaited), or an order by id.
 */
export function cartWithLinesOf<Row extends CartWithLines = CartWithLines, Values extends Record<string, unknown> = Record<never, never>>(
  by: 'user' | 'guest' | 'id',
  lock: boolean,
  reads?: Record<string, SQL>,
  /** a WITH clause before the select (a write the same statement makes; `reads` may name it) */
  withClause?: SQL,
) {
  const where: SQL[] = [eq(orders.shopId, placeholder('shopId'))];
  if (by === 'id') where.splice(0, 1, sql`${checkedOnly(orders.shopId)} = ${placeholder('shopId')}`, sql`${checkedOnly(orders.userId)} = ${placeholder('owner')}`, eq(orders.id, placeholder('orderId')));
  else where.push(eq(by === 'user' ? orders.userId : orders.guestId, placeholder('owner')), isCartStatus(orders.status));
  const query = new QueryBuilder()
    .select({
      order: orders,
      lines: sql<CartLine[]>`(select coalesce(json_agg(json_build_object('line', ${jsonTableRowOf(orderItems, 'li')}, 'name', li_item.name, 'nameEn', li_item.name_en) order by li.id), '[]')
        from ${orderItems} li join ${items} li_item on li_item.id = li.item_id and li_item.shop_id = ${placeholder('shopId')}
        where li.shop_id = ${placeholder('shopId')} and li.order_id = ${outer('id')})`,
      refunded: sql<string>`(select coalesce(sum(p.amount), 0) from ${payments} p
        where p.shop_id = ${placeholder('shopId')} and p.order_id = ${outer('id')} and p.refunded_at is not null)`,
      placedBefore: sql<boolean>`exists (select from ${orders} placed
        where placed.shop_id = ${placeholder('shopId')} and placed.user_id = ${outer('user_id')} and placed.status in (${sql.join(PLACED.map((status) => sql.raw(String(status))), sql`, `)}))`,
      ...reads,
    })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.id))
    .limit(1);
  const select = lock ? query.for('update') : query;
  return compiledRows<{ shopId: number; owner: number | string; orderId?: number } & Values, Row>(
    withClause ? sql`${withClause} ${select.getSQL()}` : select.getSQL(),
    select._.selectedFields,
  );
}
/**
 * What a read of the cart without the owner lock (price_controler) also needs, in the same statement: the checkout
 * settings and one of the user's addresses (`addressId`, 0 for none), as ownerReads reads them.
 */
const cartReads = {
  settings: sql<OwnerReads['settings']>`(select ${jsonTableRowOf(checkoutSettings, 's')} from ${checkoutSettings} s where s.shop_id = ${placeholder('shopId')})`,
  address: sql<OwnerReads['address']>`(select ${jsonRowOf(addressColumns, 'a')} from ${addresses} a
    where a.root_id = ${placeholder('rootId')} and a.user_id = ${placeholder('owner')}::integer and a.id = ${placeholder('addressId')}::integer)`,
};
export type CartWithLinesAndReads = CartWithLines & Pick<OwnerReads, 'settings' | 'address'>;

export const cartWithLines = {
  user: {
    locked: cartWithLinesOf('user', true),
    read: cartWithLinesOf('user', false),
    readWithReads: cartWithLinesOf<CartWithLinesAndReads, { rootId: number; addressId: number }>('user', false, cartReads),
  },
  guest: { locked: cartWithLinesOf('guest', true), read: cartWithLinesOf('guest', false) },
  lockedById: cartWithLinesOf('id', true),
};

/** A line's values as the cart writes them (jsonb values as JSON text; null size stays SQL null). */
export type LineValues = {
  itemId: number;
  itemCount: number;
  price: number;
  feature: string | null;
  color: string | null;
  size: string | null;
  comment: string;
  itemData: string;
};
const lineColumns = sql`shop_id, order_id, item_id, item_count, price, feature, color, size, comment, item_data`;
const lineValues = (orderId: SQL) =>
  sql`${placeholder('shopId')}, ${orderId}, ${placeholder('itemId')}, ${placeholder('itemCount')}, ${placeholder('price')}, ${placeholder('feature')}, ${placeholder('color')}, ${placeholder('size')}::jsonb, ${placeholder('comment')}::jsonb, ${placeholder('itemData')}::jsonb`;

/** A new cart for the owner and its first line, in one statement. */
export const cartWithFirstLine = compiledRows<{ shopId: number; userId: number | null; guestId: string | null } & LineValues, { order: typeof orders.$inferSelect; line: OrderItemRow }>(
  sql`with cart as (
      insert into ${orders} (shop_id, user_id, guest_id) values (${placeholder('shopId')}, ${placeholder('userId')}::integer, ${placeholder('guestId')}::text) returning *
    ), line as (
      insert into ${orderItems} (${lineColumns}) select ${lineValues(sql`cart.id`)} from cart returning *
    )
    select ${tableColumnsOf(orders, 'cart')}, ${tableColumnsOf(orderItems, 'line')} from cart, line`,
  { order: orders, line: orderItems },
);

/** A line added to a cart. */
export const insertedLine = compiledRows<{ shopId: number; orderId: number } & LineValues, { line: OrderItemRow }>(
  sql`insert into ${orderItems} (${lineColumns}) values (${lineValues(sql`${placeholder('orderId')}`)}) returning ${tableColumnsOf(orderItems, 'order_items')}`,
  { line: orderItems },
);
