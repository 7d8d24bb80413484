import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sandboxGatewayTransactions, walletTransactions } from '../../server/db/schema';
import type { PaymentGateway } from '../../server/services/payments';
import { sandboxGateway } from '../../server/services/payments/sandbox';
import { call, creditWallet, movableClock, readyCart } from './checkout-support/helpers';
import { rowsOfOrder, sandboxRow, staffMember } from './checkout-support/counter';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Issue 30: a staff cancel whose bank cannot be reached for the refund answers 503 and writes nothing (the wallet
 * part is not given back alone, the order stays as it was); the same click once the bank answers refunds both parts, once.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const host = 'kebab.localhost';
const bank = { down: false };
// The sandbox bank, whose refunds can be cut off.
const flaky: PaymentGateway = {
  ...sandboxGateway,
  refund: async (repos, payment) => {
    if (bank.down) throw new Error('connect ETIMEDOUT bank.example:443');
    return sandboxGateway.refund(repos, payment);
  },
};
const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, payments: { offered: flaky, find: (name) => (name === flaky.name ? flaky : null) } });
});
afterAll(() => t?.close());

describe(`a staff cancel retried after the bank failed refunds once (${database})`, () => {
  it('Scenario: the refund cannot reach the bank: 503, nothing written; the retry refunds the wallet and online parts once', async () => {
    const owner = await staffMember(t, 'kebab', 'owner');
    const cart = await readyCart(t);
    await creditWallet(t.db, cart.catalog.shop.rootId ?? cart.catalog.shop.id, cart.userId, 700_000);
    await call(t, host, cart.cookie, 'use_wallet', { order_id: cart.orderId });
    const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: 'order-refund-retry-key-0001' });
    expect(placed.message).toBeNull();
    // The customer pays at the bank (this app's bank is not the offered sandbox, so its pages are not served).
    await t.db.update(sandboxGatewayTransactions).set({ state: 'paid', refNum: 'SB-RETRY' }).where(eq(sandboxGatewayTransactions.token, placed.data.sep_id!));
    expect((await call(t, host, cart.cookie, 'get_sep', { sep_id: placed.data.sep_id! })).data).toMatchObject({ outcome: 'paid', status: 3 });

    bank.down = true;
    const before = await rowsOfOrder(t, cart.orderId, cart.userId);
    const failed = await owner.api.post({ code: 'order_change', order_id: cart.orderId, action: 'cancel', reason: 'no driver' }, 'fa');
    expect(failed.statusCode).toBe(503);
    expect(failed.body.result).toBe('gateway_unavailable');
    expect(await rowsOfOrder(t, cart.orderId, cart.userId)).toEqual(before);
    expect((await sandboxRow(t, placed.data.sep_id!)).state).toBe('paid');

    bank.down = false;
    const retried = await owner.api.call('order_change', { order_id: cart.orderId, action: 'cancel', reason: 'no driver' });
    expect(retried.order.status).toBe(7);
    expect((await sandboxRow(t, placed.data.sep_id!)).state).toBe('refunded');
    const refunds = await t.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.orderId, cart.orderId), eq(walletTransactions.operation, 'refund')));
    expect(refunds.map((row) => row.amount)).toEqual([700_000]);
    expect((await owner.api.post({ code: 'order_change', order_id: cart.orderId, action: 'cancel', reason: 'no driver' })).statusCode).toBe(409);
  });
});
