import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { orders, payments, shops, walletTransactions } from '../../server/db/schema';
import { call, creditWallet, ledgerSum, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

// Issue 9, item 16 (part): a client that sends exactly spec §7's fields works:
// final_order (preordertime, order_id, payment, gateway, internal_order, shop_id) and update_status_order (status).

const { t, host, database } = checkoutTestFile('spec-fields');

const paymentsOf = async (orderId: number) => (await t.db.select({ total: count() }).from(payments).where(eq(payments.orderId, orderId)))[0].total;

describe(`spec §7 fields only (${database})`, () => {
  it('Scenario: final_order without idempotency_key places the cart; a repeat answers the placed order instead of an error', async () => {
    const { cookie, orderId } = await readyCart(t);
    const first = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now' });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ order_id: orderId, status: 3, paid: false });
    for (const body of [{ payment: 'cash' }, { payment: 'money_transfer' }]) {
      const repeat = await call(t, host, cookie, 'final_order', { order_id: orderId, preordertime: 'now', ...body });
      expect(repeat.status).toBe(200);
      expect(repeat.data).toEqual(first.data);
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].payment).toBe('cash');
  });

  it('Scenario: 5 parallel final_order online without a key make one payment; every answer is the same gateway hand-off', async () => {
    const { cookie, orderId } = await readyCart(t);
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', gateway: 'sandbox' })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => JSON.stringify(reply.data))).size).toBe(1);
    expect(replies[0].data).toMatchObject({ order_id: orderId, status: 2 });
    expect(replies[0].data.redirect_url).toMatch(/\/sandbox-gateway\/pay\//);
    expect(await paymentsOf(orderId)).toBe(1);
  });

  it('Scenario: final_order (wallet) without a key, twice in parallel, takes the wallet once', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, catalog.shop.id));
    await creditWallet(t.db, shop.rootId!, userId, 20_000_000);
    const replies = await Promise.all([1, 2].map(() => call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'wallet' })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(replies[0].data).toEqual(replies[1].data);
    const buys = await t.db.select().from(walletTransactions).where(eq(walletTransactions.orderId, orderId));
    expect(buys).toHaveLength(1);
    expect(await ledgerSum(t.db, userId)).toBe(20_000_000 + buys[0].amount);
  });

  it('Scenario: update_status_order with only status cancels the current (newest pending) order and refunds its wallet part', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, catalog.shop.id));
    await creditWallet(t.db, shop.rootId!, userId, 20_000_000);
    await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'wallet' });
    const canceled = await call(t, host, cookie, 'update_status_order', { status: 7 });
    expect(canceled.status).toBe(200);
    expect(canceled.data).toMatchObject({ id: orderId, status: 7 });
    expect(await ledgerSum(t.db, userId)).toBe(20_000_000);
    // Nothing pending any more: there is no current order to change.
    const none = await call(t, host, cookie, 'update_status_order', { status: 7, language: 'en' });
    expect(none.status).toBe(404);
    expect(none.message).toMatch(/not found/i);
  });
});
