import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { orders, payments } from '../../server/db/schema';
import type { PaymentGateway, PaymentGateways } from '../../server/services/payments';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, movableClock, readyCart } from './checkout-support/helpers';

// Issue 9, item 3: in production the sandbox bank does not exist and online payment
// is offered only when a real gateway is configured (PAYMENT_GATEWAY).

let t: TestApp;
let production: FastifyInstance;
let viaProduction: TestApp;
const clock = movableClock();
const host = 'kebab.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  // A production process on the same database, configured like a fresh deployment (no PAYMENT_GATEWAY).
  production = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'production' }, clock: clock.now });
  viaProduction = {
    ...t,
    app: production,
    call: (callHost, fields, { headers = {} } = {}) =>
      production.inject({
        method: 'POST',
        url: '/order/order.php',
        headers: { host: callHost, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
});
afterAll(async () => {
  await production.close();
  await t.close();
});

let keys = 0;
const key = () => `prod-key-${++keys}-${Date.now()}`;

describe(`production without a real gateway (${database})`, () => {
  it('Scenario: the sandbox bank pages do not exist in production, even for a real sandbox token', async () => {
    // A sandbox payment made outside production (a demo database carried over).
    const { cookie, orderId } = await readyCart(t);
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    expect((await t.app.inject({ method: 'GET', url: placed.data.redirect_url!, headers: { host } })).statusCode).toBe(200);

    const page = await production.inject({ method: 'GET', url: placed.data.redirect_url!, headers: { host } });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Sandbox');
    const pay = await production.inject({ method: 'POST', url: `${placed.data.redirect_url}/pay`, headers: { host } });
    expect(pay.statusCode).toBe(404);
    // And get_sep does not ask a sandbox that production does not run: nothing is marked paid.
    const verified = await call(viaProduction, host, cookie, 'get_sep', { sep_id: placed.data.sep_id! });
    expect(verified.data?.paid ?? false).toBe(false);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.paid).toBe(0);
  });

  it('Scenario: order_controler offers the shop\'s other payment types, not online', async () => {
    const { cookie } = await readyCart(t);
    const dev = await call(t, host, cookie, 'order_controler');
    expect(dev.data.payment_types).toContain('online');
    const prod = await call(viaProduction, host, cookie, 'order_controler');
    expect(prod.ok).toBe(true);
    expect(prod.data.payment_types).not.toContain('online');
    expect(prod.data.payment_types).toEqual(dev.data.payment_types.filter((type) => type !== 'online'));
  });

  it('Scenario: final_order with online (or gateway=sandbox) is refused with a clear localised message and changes nothing', async () => {
    const { cookie, orderId } = await readyCart(t);
    for (const [language, pattern] of [['en', /online payment/i], ['fa', /پرداخت آنلاین/]] as const) {
      for (const extra of [{}, { gateway: 'sandbox' }] as Record<string, string>[]) {
        const refused = await call(viaProduction, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key(), language, ...extra });
        expect(refused.status).toBe(400);
        expect(refused.result).toBe('payment_unavailable');
        expect(refused.message).toMatch(pattern);
      }
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe(1);
    expect((await t.db.select({ total: count() }).from(payments).where(eq(payments.orderId, orderId)))[0].total).toBe(0);
    // The other payment types still work.
    const cash = await call(viaProduction, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(cash.data).toMatchObject({ status: 3, redirect_url: null });
  });

  it('Scenario: the SMS dev outbox stays off in production', async () => {
    expect((await production.inject({ method: 'GET', url: '/dev/sms-outbox?phone=09129990001', headers: { host } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/sms-outbox?phone=09129990001', headers: { host } })).statusCode).toBe(200);
  });
});

describe(`production with a real gateway configured (${database})`, () => {
  it('Scenario: online is offered and paid through that gateway; the sandbox pages still do not exist', async () => {
    // A stand-in for a real bank: it keeps its decisions in memory and is verified server-side like any gateway.
    const decided = new Map<string, 'paid' | 'canceled'>();
    const realBank: PaymentGateway = {
      name: 'realbank',
      request: async (_db, payment) => ({ redirectUrl: `https://bank.example/pay/${payment.token}` }),
      verify: async (_db, payment) => {
        const state = decided.get(payment.token);
        return state === undefined ? { outcome: 'waiting', refId: null } : state === 'paid' ? { outcome: 'paid', refId: 'R1' } : { outcome: 'canceled', refId: null };
      },
      refund: async () => {},
    };
    const gateways: PaymentGateways = { offered: realBank, find: (name) => (name === realBank.name ? realBank : null) };
    const app = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'production' }, clock: clock.now, payments: gateways });
    const via: TestApp = {
      ...t,
      app,
      call: (callHost, fields, { headers = {} } = {}) =>
        app.inject({ method: 'POST', url: '/order/order.php', headers: { host: callHost, 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() }),
    };
    try {
      const { cookie, orderId } = await readyCart(t);
      expect((await call(via, host, cookie, 'order_controler')).data.payment_types).toContain('online');
      expect((await call(via, host, cookie, 'final_order', { order_id: orderId, payment: 'online', gateway: 'sandbox', idempotency_key: key() })).result).toBe('gateway_unknown');
      const placed = await call(via, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
      expect(placed.data).toMatchObject({ status: 2 });
      expect(placed.data.redirect_url).toMatch(/^https:\/\/bank\.example\/pay\//);
      expect((await app.inject({ method: 'GET', url: '/sandbox-gateway/pay/anything', headers: { host } })).statusCode).toBe(404);
      decided.set(placed.data.sep_id!, 'paid');
      expect((await call(via, host, cookie, 'get_sep', { sep_id: placed.data.sep_id! })).data).toMatchObject({ outcome: 'paid', paid: true, status: 3 });
    } finally {
      await app.close();
    }
  });
});

describe('PAYMENT_GATEWAY', () => {
  it('Scenario: outside production the sandbox is the default gateway; in production there is none until one is configured', () => {
    expect(loadConfig({}).paymentGateway).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).paymentGateway).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: '1' }).paymentGateway).toBeNull();
  });

  it('Scenario: production with PAYMENT_GATEWAY=sandbox, or a gateway the server does not know, is refused in one sentence', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' })).toThrow(/PAYMENT_GATEWAY=sandbox.*production/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'nobank' })).toThrow(/PAYMENT_GATEWAY/);
  });

  // No database is involved (the server stops at its settings), so the PostgreSQL run of the server
  // suite (TEST_DATABASE_URL) leaves this start-up to the PGlite run instead of repeating it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('Scenario: starting the server in production with PAYMENT_GATEWAY=sandbox exits non-zero with that sentence', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-prod-sandbox-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    const output = run.stderr.trim();
    expect(output).toMatch(/PAYMENT_GATEWAY=sandbox/);
    // One clear sentence, not a stack trace.
    expect(output.split('\n')).toHaveLength(1);
  });
});
