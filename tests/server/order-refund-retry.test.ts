import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { paymentStateOf } from '@contract/entities/order';
import { jobs, paymentRefunds, payments, sandboxGatewayTransactions, walletTransactions } from '../../server/db/schema';
import type { PaymentGateway } from '../../server/services/payments';
import { sandboxGateway } from '../../server/services/payments/sandbox';
import { call, creditWallet, movableClock, readyCart } from './checkout-support/helpers';
import { sandboxRow, staffMember } from './checkout-support/counter';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Issue 33 (was issue 30's 503): a staff cancel whose bank cannot be reached for the refund goes through: the order is
 * canceled, the wallet part given back, and the online part owed as a pending refund (payment_refunds) that the
 * payment.refund job asks again until the bank accepts: refunded once, never lost.
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

describe(`a staff cancel whose bank refund fails waits and is retried (${database})`, () => {
  it('Scenario: the refund cannot reach the bank: the cancel goes through, the refund waits (pending) and the job refunds it once', async () => {
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
    const canceled = await owner.api.call('order_change', { order_id: cart.orderId, action: 'cancel', reason: 'no driver' });
    expect(canceled.order.status).toBe(7);
    expect((await sandboxRow(t, placed.data.sep_id!)).state).toBe('paid');
    const [payment] = await t.db.select().from(payments).where(eq(payments.token, placed.data.sep_id!));
    const refundRow = async () => (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)))[0];
    // Asked once right after the cancel: refused, kept pending with the bank's error.
    expect(await refundRow()).toMatchObject({ status: 'pending', reason: 'staff_cancel', amount: payment.amount, attempts: 1, providerRef: null });
    expect((await refundRow()).lastError).toContain('ETIMEDOUT');
    // The owner sees the refund pending on the order; the customer's order says it is on its way to the card.
    expect(canceled.payments.map((entry) => entry.refund)).toEqual(['pending']);
    const waiting = (await call(t, host, cart.cookie, 'get_order_by_id', { id: cart.orderId })).data;
    expect(waiting).toMatchObject({ bank_refund: payment.amount, bank_refund_pending: true });
    expect(paymentStateOf(waiting)).toBe('refund_on_its_way');
    const walletRefunds = () =>
      t.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.orderId, cart.orderId), eq(walletTransactions.operation, 'refund')));
    expect((await walletRefunds()).map((row) => row.amount)).toEqual([700_000]);

    // The job's first try (a minute later) meets the bank still down: pending, and the next try scheduled.
    clock.set(new Date(clock.now().getTime() + 61_000));
    await t.app.jobs.runDue();
    expect(await refundRow()).toMatchObject({ status: 'pending', attempts: 2 });

    bank.down = false;
    clock.set(new Date(clock.now().getTime() + 121_000));
    await t.app.jobs.runDue();
    expect(await refundRow()).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect((await owner.api.call('order_detail', { order_id: cart.orderId })).payments.map((entry) => entry.refund)).toEqual(['done']);
    expect(paymentStateOf((await call(t, host, cart.cookie, 'get_order_by_id', { id: cart.orderId })).data)).toBe('refunded_to_card');
    expect((await sandboxRow(t, placed.data.sep_id!)).state).toBe('refunded');
    expect((await owner.api.post({ code: 'order_change', order_id: cart.orderId, action: 'cancel', reason: 'no driver' })).statusCode).toBe(409);
    // Nothing more is asked: the row is done, and no try is left scheduled.
    clock.set(new Date(clock.now().getTime() + 24 * 3600_000));
    await t.app.jobs.sweep();
    await t.app.jobs.runDue();
    expect(await t.db.select().from(jobs).where(and(eq(jobs.kind, 'payment.refund'), isNull(jobs.doneAt)))).toEqual([]);
    expect(await refundRow()).toMatchObject({ status: 'done', attempts: 3 });
    expect((await walletRefunds()).map((row) => row.amount)).toEqual([700_000]);
  });
});
