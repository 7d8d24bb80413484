import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderEvents, orders, paymentRefunds, payments, shopGatewayAccounts, shops } from '../../server/db/schema';
import { jobStores } from '../../server/plugins/services/jobs';
import { paymentJobKinds } from '../../server/services/jobs/payment-jobs';
import { createJobRunner } from '../../server/services/jobs/runner';
import type { PaymentGateways } from '../../server/services/payments';
import { createZarinpalGateway } from '../../server/services/payments/zarinpal/adapter';
import { startZarinpalDouble, type ZarinpalDouble } from '../doubles/zarinpal-double';
import { staffMember } from './checkout-support/counter';
import { call, catalogOf, movableClock, readyCart } from './checkout-support/helpers';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Issue 33: the Zarinpal v4 adapter against the local double of its API: a payment verified on return (twice: one
 * capture), a declined one, a bank that never answers (503 gateway_unavailable, nothing written), a wrong amount
 * refused and given back, and a shop's own merchant id used but never answered.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SERVER_MERCHANT = '00000000-0000-0000-0000-0000000server';
const SHOP_MERCHANT = '11111111-1111-1111-1111-1111111shop01';
const clock = movableClock();
let double: ZarinpalDouble;
let t: TestApp;
let banks: PaymentGateways;

beforeAll(async () => {
  double = await startZarinpalDouble();
  const zarinpal = createZarinpalGateway({ baseUrl: double.url, merchantId: SERVER_MERCHANT, accessToken: 'token', timeoutMs: 500 });
  banks = { offered: zarinpal, find: (name) => (name === zarinpal.name ? zarinpal : null) };
  t = await createTestApp({ clock: clock.now, payments: banks });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

let keys = 0;
const key = () => `zarinpal-adapter-key-${String((keys += 1)).padStart(4, '0')}`;

async function placed() {
  const cart = await readyCart(t);
  const answer = await call(t, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
  expect(answer.ok).toBe(true);
  const authority = new URL(answer.data.redirect_url!).pathname.split('/').pop()!;
  return { ...cart, placed: answer.data, authority };
}

const paymentOf = async (token: string) => (await t.db.select().from(payments).where(eq(payments.token, token)))[0];

describe(`Zarinpal v4 against its double (${database})`, () => {
  it('Scenario: the customer pays at StartPay and returns twice: one capture, the order placed once, the authority kept', async () => {
    const { host, cookie, placed: order, authority } = await placed();
    expect(order.redirect_url).toBe(`${double.url}/pg/StartPay/${authority}`);
    const tx = double.transactions.get(authority)!;
    expect(tx).toMatchObject({ merchantId: SERVER_MERCHANT, amount: order.payable });
    // The callback is absolute, on the shop's host, and carries our token for the SPA's get_sep.
    expect(tx.callbackUrl).toBe(`http://${host}/order/v2/successful-payment/${order.order_id}?sep_id=${order.sep_id}`);
    expect((await paymentOf(order.sep_id!)).gatewayRef).toBe(authority);

    const paid = await fetch(`${double.url}/pg/StartPay/${authority}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${tx.callbackUrl}&Authority=${authority}&Status=OK`);
    const first = await call(t, host, cookie, 'get_sep', { sep_id: order.sep_id! });
    const second = await call(t, host, cookie, 'get_sep', { sep_id: order.sep_id! });
    expect(first.data).toMatchObject({ outcome: 'paid', paid: true, status: 3 });
    expect(second.data).toMatchObject({ outcome: 'paid', paid: true, status: 3 });
    expect(double.transactions.get(authority)!.state).toBe('verified');
    const payment = await paymentOf(order.sep_id!);
    expect(payment.status).toBe('paid');
    expect(payment.refId).toBe(String(double.transactions.get(authority)!.refId));
  });

  it('Scenario: the customer cancels at the bank (Status=NOK, verify -51): the cart reopens, nothing captured', async () => {
    const { host, cookie, placed: order, authority } = await placed();
    double.decide(authority, 'canceled');
    const answer = await call(t, host, cookie, 'get_sep', { sep_id: order.sep_id! });
    expect(answer.data).toMatchObject({ outcome: 'canceled', paid: false, status: 1 });
    expect((await paymentOf(order.sep_id!)).status).toBe('canceled');
  });

  it('Scenario: the bank never answers the request: 503 gateway_unavailable, no payment and the cart as it was', async () => {
    const cart = await readyCart(t);
    double.hang.add('/pg/v4/payment/request.json');
    try {
      const answer = await call(t, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
      expect(answer.status).toBe(503);
      expect(answer.result).toBe('gateway_unavailable');
    } finally {
      double.hang.delete('/pg/v4/payment/request.json');
    }
    expect(await t.db.select().from(payments).where(eq(payments.orderId, cart.orderId))).toEqual([]);
    expect((await t.db.select().from(orders).where(eq(orders.id, cart.orderId)))[0].status).toBe(1);
  });

  it('Scenario: the bank took another amount (verify -50): refused, the money reversed, the order not placed', async () => {
    const { host, cookie, placed: order, authority } = await placed();
    double.decide(authority, 'paid');
    // The attempt at the bank is for more than we asked (a tampered or stale request).
    double.transactions.get(authority)!.amount = order.payable + 10_000;
    const answer = await call(t, host, cookie, 'get_sep', { sep_id: order.sep_id! });
    expect(answer.data).toMatchObject({ outcome: 'failed', paid: false, status: 1 });
    expect(double.transactions.get(authority)!.state).toBe('reversed');
    expect(double.calls.filter((entry) => entry.path === '/pg/v4/payment/reverse.json' && entry.body.authority === authority)).toHaveLength(1);
  });

  it('Scenario: a staff cancel of a paid order: the bank refuses the refund (pending), two instances retry it, refunded once', async () => {
    const owner = await staffMember(t, 'kebab', 'owner');
    const { host, cookie, placed: order, authority } = await placed();
    double.decide(authority, 'paid');
    expect((await call(t, host, cookie, 'get_sep', { sep_id: order.sep_id! })).data).toMatchObject({ outcome: 'paid', status: 3 });
    double.refuseRefunds = 1;
    const canceled = await owner.api.call('order_change', { order_id: order.order_id, action: 'cancel', reason: 'out of meat' });
    expect(canceled.order.status).toBe(7);
    const payment = await paymentOf(order.sep_id!);
    const refundRow = async () => (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)))[0];
    expect(await refundRow()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await refundRow()).lastError).toContain('-80');
    expect(double.transactions.get(authority)!.state).toBe('verified');

    // Two instances' runners find the try due at once: one asks the bank, the other skips the locked row.
    const second = createJobRunner({ db: t.db, stores: jobStores, clock: clock.now, kinds: paymentJobKinds({ payments: t.app.payments, live: t.app.live }), log: { info: () => undefined, warn: () => undefined } });
    clock.set(new Date(clock.now().getTime() + 61_000));
    await Promise.all([t.app.jobs.runDue(), second.runDue()]);
    const done = await refundRow();
    expect(done).toMatchObject({ status: 'done', attempts: 2, lastError: null, providerRef: double.transactions.get(authority)!.refundRef });
    expect(double.transactions.get(authority)!.state).toBe('refunded');
    const refundCalls = double.calls.filter((entry) => entry.path === '/pg/v4/payment/refund.json' && entry.body.authority === authority);
    expect(refundCalls).toHaveLength(2);
    expect(refundCalls[1].body).toMatchObject({ merchant_id: SERVER_MERCHANT, amount: payment.amount });
    clock.set(new Date(clock.now().getTime() + 3600_000));
    await t.app.jobs.sweep();
    await Promise.all([t.app.jobs.runDue(), second.runDue()]);
    expect(double.calls.filter((entry) => entry.path === '/pg/v4/payment/refund.json' && entry.body.authority === authority)).toHaveLength(2);
  });

  it('Scenario: the customer pays and never comes back: at the expiry the bank is asked and the order placed once, by one of two instances', async () => {
    const { userId, placed: order, authority } = await placed();
    double.decide(authority, 'paid');
    const second = createJobRunner({ db: t.db, stores: jobStores, clock: clock.now, kinds: paymentJobKinds({ payments: t.app.payments, live: t.app.live }), log: { info: () => undefined, warn: () => undefined } });
    const [{ paymentWaitMinutes }] = await t.db.select({ paymentWaitMinutes: shops.paymentWaitMinutes }).from(shops).where(eq(shops.slug, 'kebab'));
    clock.set(new Date(clock.now().getTime() + (paymentWaitMinutes + 1) * 60_000));
    await Promise.all([t.app.jobs.runDue(), second.runDue()]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row).toMatchObject({ status: 3, paid: 1, userId });
    expect(await paymentOf(order.sep_id!)).toMatchObject({ status: 'paid', refundedAt: null });
    expect(double.transactions.get(authority)!.state).toBe('verified');
    const places = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.order_id));
    expect(places.map((event) => [event.action, event.actor])).toEqual([['place', 'customer']]);
  });

  it("Scenario: a shop's own merchant id is sent to the bank and is in no answer", async () => {
    const { shop } = await catalogOf(t.db, 'kebab');
    await t.db.insert(shopGatewayAccounts).values({ shopId: shop.id, gateway: 'zarinpal', merchantId: SHOP_MERCHANT });
    const { host, cookie, placed: order, authority } = await placed();
    expect(double.transactions.get(authority)!.merchantId).toBe(SHOP_MERCHANT);
    double.decide(authority, 'paid');
    const texts = [JSON.stringify(order), JSON.stringify((await call(t, host, cookie, 'get_sep', { sep_id: order.sep_id! })).data)];
    const boot = await t.app.inject({ method: 'GET', url: '/order/v2/', headers: { host, cookie } });
    texts.push(boot.body);
    for (const text of texts) expect(text).not.toContain(SHOP_MERCHANT);
    expect(double.transactions.get(authority)!.state).toBe('verified');
  });
});
