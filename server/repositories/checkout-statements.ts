import { sql } from 'drizzle-orm';
import { compiledRows, compiledStatement, tableColumnsOf } from '../db/compiled-statement';
import { idempotencyKeys, orders } from '../db/schema';
import { cartWithLinesOf, checkedOnly, type CartWithLines } from './cart-statements';

// The checkout's writes, built once (compiled-statement.ts), as cart-statements.ts does for the cart.
const placeholder = sql.placeholder;

/** The delivery a cart's update_address_order chose (delivery_address as JSON text, or null). */
export type DeliveryValues = {
  deliveryMethod: number;
  addressId: number | null;
  deliveryAddress: string | null;
  branchName: string;
  deliveryType: number;
};

/** Sets a cart's delivery; answers the row. */
export const deliverySet = compiledRows<{ shopId: number; orderId: number } & DeliveryValues, { order: typeof orders.$inferSelect }>(
  sql`update ${orders} set delivery_method = ${placeholder('deliveryMethod')}, address_id = ${placeholder('addressId')}::integer,
      delivery_address = ${placeholder('deliveryAddress')}::jsonb, branch_name = ${placeholder('branchName')}, delivery_type = ${placeholder('deliveryType')}, updated_at = now()
    where id = ${placeholder('orderId')} and ${checkedOnly(orders.shopId)} = ${placeholder('shopId')}
    returning ${tableColumnsOf(orders, 'orders')}`,
  { order: orders },
);

/** What placing an order (not waiting for a payment) writes on it; bill as JSON text, placedAt as ISO text. */
export type PlacedValues = {
  status: number;
  useWallet: number;
  internalOrder: number;
  payment: string;
  paid: number;
  deliveryTime: string;
  trackingCode: string;
  bill: string;
  placedAt: string;
};

/**
 * Places an order and, in the same statement, keeps final_order's answer under its idempotency key (a null key keeps
 * nothing): the two writes of a placed order, one round trip.
 */
export const placedWithAnswer = compiledStatement<{ shopId: number; orderId: number; userId: number; key: string | null; answer: string } & PlacedValues, never>(
  sql`with placed as (
      update ${orders} set status = ${placeholder('status')}, use_wallet = ${placeholder('useWallet')}, internal_order = ${placeholder('internalOrder')}, payment = ${placeholder('payment')}, paid = ${placeholder('paid')},
        delivery_time = ${placeholder('deliveryTime')}, tracking_code = ${placeholder('trackingCode')}, bill = ${placeholder('bill')}::jsonb,
        placed_at = ${placeholder('placedAt')}::timestamptz, updated_at = now()
      where id = ${placeholder('orderId')} and ${checkedOnly(orders.shopId)} = ${placeholder('shopId')}
      returning id
    )
    update ${idempotencyKeys} set response = ${placeholder('answer')}::jsonb
    where shop_id = ${placeholder('shopId')} and user_id = ${placeholder('userId')} and key = ${placeholder('key')}::text and exists (select from placed)`,
);

/** The insert that claims an idempotency key: it answers a row only when this request is the first to use it. */
const claimInsert = sql`insert into ${idempotencyKeys} (shop_id, user_id, key, code, request_hash)
    values (${placeholder('shopId')}, ${placeholder('userId')}, ${placeholder('key')}, ${placeholder('code')}, ${placeholder('requestHash')})
    on conflict do nothing returning key`;
type KeyClaim = { shopId: number; userId: number; key: string; code: string; requestHash: string };

/**
 * final_order's second statement, after the owner lock: claims its idempotency key and reads the order by id,
 * row-locked, with its lines (cartWithLines.lockedById). No row: no such order of the user's (the claim's outcome is
 * then unknown). Both locks are only ever taken under the owner's lock, so their order within the statement cannot
 * deadlock (docs/server.md, "Lock order").
 */
export const lockedOrderClaimingKey = cartWithLinesOf<CartWithLines & { claimed: boolean }, KeyClaim & { orderId: number }>(
  'id',
  true,
  { claimed: sql<boolean>`exists (select from claim)` },
  sql`with claim as (${claimInsert})`,
);
