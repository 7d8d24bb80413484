import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { orderEvents, orders, paymentRefunds, payments, rateEvents, shopGatewayAccounts, shops } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { gatewayConfigProblem } from '../../server/services/payments';
import { createStripeGateway } from '../../server/services/payments/stripe/gateway';
import { toMinorUnits } from '../../server/services/payments/stripe/settings';
import { STRIPE_WEBHOOK_LIMIT, STRIPE_WEBHOOK_PATH } from '../../server/routes/stripe-webhook';
import { startStripeDouble, type StripeDouble } from '../doubles/stripe-double';
import { call, movableClock, readyCart } from './checkout-support/helpers';
import { staffMember } from './checkout-support/counter';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Issue 33: the card gateway through Stripe's `stripe` package, against a local double of Stripe's API. A Checkout
 * Session per attempt; the return (get_sep) and the signed webhook settle it through one path, so either, both, twice
 * or racing make one capture and one order; a bank that does not answer is 503 with nothing written.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const host = 'kebab.localhost';
const RATE = 1_000_000;
const SERVER_SECRET = 'whsec_server_test';
const clock = movableClock();
let double: StripeDouble;
let t: TestApp;
let keys = 0;

beforeAll(async () => {
  double = await startStripeDouble();
  const stripe = createStripeGateway({
    secretKey: 'sk_test_server',
    webhookSecret: SERVER_SECRET,
    apiBase: new URL(double.base),
    currency: 'eur',
    rialPerUnit: RATE,
    timeoutMs: 300,
  });
  t = await createTestApp({ clock: clock.now, payments: { offered: stripe, find: (name) => (name === stripe.name ? stripe : null) } });
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

/** A signed-in customer's order placed with online payment: the Stripe session it waits on. */
async function placed(slug = 'kebab') {
  const cart = await readyCart(t, slug);
  const reply = await call(t, `${slug}.localhost`, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: `stripe-test-${++keys}` });
  expect(reply.message).toBeNull();
  const sepId = reply.data.sep_id!;
  const [payment] = await t.db.select().from(payments).where(eq(payments.token, sepId));
  return { ...cart, sepId, payable: reply.data.payable, redirectUrl: reply.data.redirect_url!, sessionId: payment.gatewayRef!, session: double.sessions.get(payment.gatewayRef!)! };
}

const webhook = (type: string, sessionId: string, secret = SERVER_SECRET) => {
  const { payload, signature } = double.signedEvent(type, sessionId, secret);
  return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
};

const paymentRow = async (token: string) => (await t.db.select().from(payments).where(eq(payments.token, token)))[0];
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const placings = async (orderId: number) => (await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'place')))).length;

describe(`Stripe Checkout through the double (${database})`, () => {
  it('Scenario: the customer pays and returns: the session asked for the bill in euro cents, the order is paid once, a second return changes nothing', async () => {
    const order = await placed();
    expect(order.redirectUrl).toBe(`${double.base}/pay/${order.sessionId}`);
    expect(order.session).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      amount_total: toMinorUnits(order.payable, 'eur', RATE),
      client_reference_id: order.sepId,
      success_url: `http://kebab.localhost/order/v2/successful-payment/${order.orderId}?sep_id=${order.sepId}&state=OK`,
      key: 'sk_test_server',
    });
    expect(order.session.amount_total).toBe(Math.ceil((order.payable * 100) / RATE));

    double.pay(order.sessionId);
    const first = await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId });
    expect(first.data).toMatchObject({ outcome: 'paid', paid: true, refunded: 0 });
    const again = await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId, language: 'en' });
    expect(again.data).toMatchObject({ outcome: 'paid', paid: true, message: 'Thank you for your order' });
    expect(await paymentRow(order.sepId)).toMatchObject({ status: 'paid', refId: double.sessions.get(order.sessionId)!.payment_intent });
    expect(await placings(order.orderId)).toBe(1);
  });

  it('Scenario: the webhook arrives before the return: it places the order; the return and a repeated delivery find it paid', async () => {
    const order = await placed();
    double.pay(order.sessionId);
    const delivered = await webhook('checkout.session.completed', order.sessionId);
    expect(delivered.statusCode).toBe(200);
    expect((await orderRow(order.orderId)).paid).toBe(1);
    expect((await webhook('checkout.session.completed', order.sessionId)).statusCode).toBe(200);
    const returned = await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId });
    expect(returned.data).toMatchObject({ outcome: 'paid', paid: true });
    expect(await placings(order.orderId)).toBe(1);
  });

  it('Scenario: the webhook and the return race: one capture, one order', async () => {
    const order = await placed();
    double.pay(order.sessionId);
    const [delivered, returned] = await Promise.all([webhook('checkout.session.completed', order.sessionId), call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId })]);
    expect(delivered.statusCode).toBe(200);
    expect(returned.data).toMatchObject({ outcome: 'paid', paid: true });
    expect(await placings(order.orderId)).toBe(1);
    expect(double.refundCalls.filter((refund) => refund.paymentIntent === double.sessions.get(order.sessionId)!.payment_intent)).toEqual([]);
  });

  it('Scenario: a declined card leaves the order waiting, nothing paid; the session expiring reopens the cart', async () => {
    const order = await placed();
    double.decline(order.sessionId);
    const back = await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId });
    expect(back.data).toMatchObject({ outcome: 'waiting', paid: false, status: OrderStatus.awaitingLocationAndPayment });
    double.expire(order.sessionId);
    expect((await webhook('checkout.session.expired', order.sessionId)).statusCode).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: OrderStatus.choosingProduct, paid: 0 });
    expect((await paymentRow(order.sepId)).status).toBe('canceled');
    expect((await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId })).data).toMatchObject({ outcome: 'canceled', paid: false });
  });

  it('Scenario: Stripe does not answer: placing is 503 gateway_unavailable in fa and en, and nothing is written', async () => {
    const cart = await readyCart(t);
    const before = await orderRow(cart.orderId);
    double.failures.hang = true;
    try {
      const fa = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: `stripe-test-${++keys}` });
      expect(fa).toMatchObject({ status: 503, result: 'gateway_unavailable', message: 'درگاه پرداخت در دسترس نیست؛ سبد شما دست نخورده است.' });
      const en = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: `stripe-test-${++keys}`, language: 'en' });
      expect(en).toMatchObject({ status: 503, result: 'gateway_unavailable', message: 'The payment gateway is unavailable; your cart is unchanged.' });
    } finally {
      double.failures.hang = false;
    }
    expect(await orderRow(cart.orderId)).toEqual(before);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, cart.orderId))).toEqual([]);
  });

  it('Scenario: the card is charged another amount than the bill: refused, the cart reopens and the charge is refunded at Stripe', async () => {
    const order = await placed();
    double.failures.overcharge = 1;
    double.pay(order.sessionId);
    const back = await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId });
    expect(back.data).toMatchObject({ outcome: 'failed', paid: false, status: OrderStatus.choosingProduct });
    const intent = double.sessions.get(order.sessionId)!.payment_intent!;
    expect([...double.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(await placings(order.orderId)).toBe(0);
  });

  it('Scenario: a webhook with a bad signature, or none, is refused with 400 and writes nothing', async () => {
    const order = await placed();
    double.pay(order.sessionId);
    const forged = await webhook('checkout.session.completed', order.sessionId, 'whsec_forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ result: 'bad_signature' });
    const { payload } = double.signedEvent('checkout.session.completed', order.sessionId, SERVER_SECRET);
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderRow(order.orderId)).toMatchObject({ status: OrderStatus.awaitingLocationAndPayment, paid: 0 });
    expect((await paymentRow(order.sepId)).status).toBe('requested');
  });

  it('Scenario: an address past the webhook limit is refused (429, Retry-After) before any work; the delivery counts once room is back', async () => {
    const order = await placed();
    double.pay(order.sessionId);
    const [shop] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const flood = { rootId: shop.rootId ?? shop.id, kind: STRIPE_WEBHOOK_LIMIT.kind, subject: 'ip:127.0.0.1' };
    await t.db.insert(rateEvents).values(Array.from({ length: STRIPE_WEBHOOK_LIMIT.limit }, () => ({ ...flood, createdAt: clock.now() })));
    try {
      const limited = await webhook('checkout.session.completed', order.sessionId);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await orderRow(order.orderId)).paid).toBe(0);
    } finally {
      await t.db.delete(rateEvents).where(and(eq(rateEvents.kind, flood.kind), eq(rateEvents.subject, flood.subject)));
    }
    expect((await webhook('checkout.session.completed', order.sessionId)).statusCode).toBe(200);
    expect((await orderRow(order.orderId)).paid).toBe(1);
  });

  it("Scenario: a shop's own Stripe account: its key makes the session, its signing secret (not the server's) signs its webhooks", async () => {
    const [shop] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    await t.db.insert(shopGatewayAccounts).values({ shopId: shop.id, gateway: 'stripe', merchantId: 'acct_kebab', secretKey: 'sk_test_kebab', webhookSecret: 'whsec_kebab' });
    try {
      const order = await placed();
      expect(order.session.key).toBe('sk_test_kebab');
      double.pay(order.sessionId);
      expect((await webhook('checkout.session.completed', order.sessionId)).statusCode).toBe(400);
      expect((await webhook('checkout.session.completed', order.sessionId, 'whsec_kebab')).statusCode).toBe(200);
      expect((await orderRow(order.orderId)).paid).toBe(1);
    } finally {
      await t.db.delete(shopGatewayAccounts).where(eq(shopGatewayAccounts.shopId, shop.id));
    }
  });

  it('Scenario: a staff cancel refunds through Stripe; refused first, the refund waits (pending) and the job refunds once', async () => {
    const owner = await staffMember(t, 'kebab', 'owner');
    const order = await placed();
    double.pay(order.sessionId);
    expect((await call(t, host, order.cookie, 'get_sep', { sep_id: order.sepId })).data).toMatchObject({ outcome: 'paid' });
    const intent = double.sessions.get(order.sessionId)!.payment_intent!;
    const [payment] = await t.db.select().from(payments).where(eq(payments.token, order.sepId));
    const refundRow = async () => (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)))[0];

    // Stripe refuses: the cancel still goes through, and the refund waits for the job (never dropped, never doubled).
    double.failures.refuseRefunds = true;
    const canceled = await owner.api.call('order_change', { order_id: order.orderId, action: 'cancel', reason: 'no driver' });
    expect(canceled.order.status).toBe(OrderStatus.canceled);
    expect(await refundRow()).toMatchObject({ status: 'pending', attempts: 1, amount: payment.amount });
    expect(canceled.payments.map((entry) => entry.refund)).toEqual(['pending']);

    double.failures.refuseRefunds = false;
    clock.set(new Date(clock.now().getTime() + 61_000));
    await t.app.jobs.runDue();
    expect(await refundRow()).toMatchObject({ status: 'done', attempts: 2 });
    const calls = double.refundCalls.filter((refund) => refund.paymentIntent === intent);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((refund) => refund.idempotencyKey)).size).toBe(1);
    expect([...double.refunds.values()].filter((refund) => refund.payment_intent === intent)).toEqual([expect.objectContaining({ amount: order.session.amount_total })]);
    // Asked again later, nothing more is refunded.
    clock.set(new Date(clock.now().getTime() + 24 * 3600_000));
    await t.app.jobs.runDue();
    expect(double.refundCalls.filter((refund) => refund.paymentIntent === intent)).toHaveLength(2);
  });
});

describe('PAYMENT_GATEWAY=stripe is configured or refused at start', () => {
  const ready = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_CURRENCY: 'EUR', STRIPE_RIAL_PER_UNIT: '1000000' };
  it('Scenario: production needs the keys, a currency Stripe has (never the rial) and the rate', () => {
    expect(gatewayConfigProblem('stripe', 'production', ready)).toBeNull();
    expect(gatewayConfigProblem('stripe', 'production', { ...ready, STRIPE_SECRET_KEY: '' })).toMatch(/STRIPE_SECRET_KEY/);
    expect(gatewayConfigProblem('stripe', 'production', { ...ready, STRIPE_WEBHOOK_SECRET: '' })).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(gatewayConfigProblem('stripe', 'production', { ...ready, STRIPE_CURRENCY: 'irr' })).toMatch(/Stripe has no rial/);
    expect(gatewayConfigProblem('stripe', 'production', { ...ready, STRIPE_RIAL_PER_UNIT: '0' })).toMatch(/STRIPE_RIAL_PER_UNIT/);
    expect(gatewayConfigProblem('stripe', 'production', { ...ready, STRIPE_API_BASE: 'http://127.0.0.1:1' })).toMatch(/https/);
    // The server itself: refused at start (main.ts prints the sentence), started with the keys.
    const server = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', SMS_CONSOLE_DEMO: '1' };
    expect(() => loadConfig(server)).toThrow(ConfigError);
    expect(() => loadConfig(server)).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ ...server, ...ready }).paymentGateway).toBe('stripe');
  });
});

describe(`a server started with PAYMENT_GATEWAY=stripe (${database})`, () => {
  // Not NODE_ENV=production only because production wants an https STRIPE_API_BASE, and the double is plain http.
  it('Scenario: it offers online payment through Stripe, sends the customer to the session and serves the signed webhook; no sandbox', async () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_server', STRIPE_WEBHOOK_SECRET: SERVER_SECRET, STRIPE_CURRENCY: 'usd', STRIPE_RIAL_PER_UNIT: String(RATE), STRIPE_API_BASE: double.base };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    const server = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'development', paymentGateway: 'stripe' }, clock: clock.now });
    process.env = saved;
    try {
      const viaServer = { ...t, app: server, call: (callHost: string, fields: Record<string, string>, { headers = {} }: { headers?: Record<string, string> } = {}) =>
        server.inject({ method: 'POST', url: '/order/order.php', headers: { host: callHost, 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() }) };
      const cart = await readyCart(t);
      expect((await call(viaServer, host, cart.cookie, 'order_controler')).data.payment_types).toContain('online');
      const reply = await call(viaServer, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', gateway: 'stripe', idempotency_key: `stripe-test-${++keys}` });
      expect(reply.data.redirect_url).toMatch(new RegExp(`^${double.base}/pay/cs_test_`));
      const sessionId = (await paymentRow(reply.data.sep_id!)).gatewayRef!;
      expect(double.sessions.get(sessionId)).toMatchObject({ currency: 'usd' });
      double.pay(sessionId);
      const { payload, signature } = double.signedEvent('checkout.session.completed', sessionId, SERVER_SECRET);
      const delivered = await server.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
      expect(delivered.statusCode).toBe(200);
      expect((await orderRow(cart.orderId)).paid).toBe(1);
      expect((await server.inject({ method: 'GET', url: '/sandbox-gateway/pay/x' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
