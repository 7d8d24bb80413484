import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ORDER_TOTAL_MAX_RIAL } from '@contract/rules/counter';
import { discountUsages, idempotencyKeys, orderItems, orders, payments, walletTransactions } from '../../server/db/schema';
import { call, creditWallet, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * The shop's cap on one order (shops.order_total_max, default ORDER_TOTAL_MAX_RIAL): final_order refuses an order
 * whose pure price or total is above it, on every payment method and whatever the wallet pays, writing nothing.
 */

const { t, host, database, key } = checkoutTestFile('cap');

/** What final_order may have written for an order: its row, its lines, payments, ledger rows, code usages, keys. */
async function writtenFor(orderId: number, userId: number) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return {
    order,
    lines: await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
    payments: await t.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ledger: await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)),
    usages: await t.db.select().from(discountUsages).where(eq(discountUsages.orderId, orderId)),
    keys: await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
  };
}

/** A new customer's cart of `count` barg kebabs (3,900,000 rial each) for courier delivery. */
async function bargCart(count: number) {
  const cart = await readyCart(t);
  const barg = cart.catalog.item('Barg kebab');
  const added = await call(t, host, cart.cookie, 'cart_controller', { item_id: barg.id, count });
  expect(added.ok, added.message ?? '').toBe(true);
  return { ...cart, pure: count * barg.price + 2 * cart.catalog.item('Koobideh kebab').price };
}

describe(`the cap on one order (${database})`, () => {
  it('Scenario: a brand-new customer places 999 barg kebabs (3.9 billion rial): refused on every payment method, in fa and en, nothing written', async () => {
    const cart = await bargCart(999);
    expect(cart.pure).toBeGreaterThan(ORDER_TOTAL_MAX_RIAL.default);
    // Enough credit to pay it all: the cap holds on what is ordered, not on what is left to pay.
    await creditWallet(t.db, cart.catalog.shop.rootId ?? cart.catalog.shop.id, cart.userId, 5_000_000_000);
    const before = await writtenFor(cart.orderId, cart.userId);
    for (const payment of ['cash', 'card_reader', 'money_transfer', 'online', 'wallet']) {
      for (const withKey of [false, true]) {
        const refused = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment, ...(withKey ? { idempotency_key: key() } : {}) });
        expect(refused.status, `${payment}: ${refused.message}`).toBe(409);
        expect(refused.result).toBe('order_total_max');
      }
    }
    const fa = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash' });
    expect(fa.message).toMatch(/^مبلغ هر سفارش در این فروشگاه حداکثر ۳۰۰٬۰۰۰٬۰۰۰ تومان است؛ این سفارش .+ تومان است/);
    const en = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', language: 'en' });
    expect(en.message).toMatch(/^An order at this shop may come to at most 300,000,000 toman; this one comes to [\d,]+ toman\./);
    expect(await writtenFor(cart.orderId, cart.userId)).toEqual(before);
    expect(before.order.status).toBe(1);
  });

  it('Scenario: a large honest order (500 koobideh, 725 million rial) passes the default cap, paid in cash', async () => {
    const cart = await readyCart(t);
    const koobideh = cart.catalog.item('Koobideh kebab');
    const added = await call(t, host, cart.cookie, 'cart_controller', { item_id: koobideh.id, count: 498, feature_name: 'Without tomato' });
    expect(added.ok, added.message ?? '').toBe(true);
    const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
    expect(placed.status, placed.message ?? '').toBe(200);
    expect(placed.data.payable).toBeGreaterThan(500 * koobideh.price);
  });
});
