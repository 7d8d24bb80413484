import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createCluster, findPostgresBin, NO_POSTGRES, type Cluster } from '../../scripts/postgres-cluster.mjs';
import { connect } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { createPostgresBus, notifyThrough } from '../../server/services/events';
import { readiness } from '../../server/services/operations/readiness';
import { orderItems, orders, payments, sandboxGatewayTransactions } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, movableClock, readyCart } from './checkout-support/helpers';

// These tests stop and start a PostgreSQL cluster, so they make their own: restarting the suite's
// shared cluster would break the other files. They run in the PostgreSQL pass of the server suite
// (`npm run test:pg` sets TEST_DATABASE_URL); the PGlite pass would only repeat them on the same kind
// of cluster, as nothing here reads the pass's database.
const bin = process.env.TEST_DATABASE_URL ? findPostgresBin() : null;
if (process.env.TEST_DATABASE_URL && !bin && process.env.REQUIRE_POSTGRES) throw new Error(`database outage tests cannot run: ${NO_POSTGRES}`);
if (process.env.TEST_DATABASE_URL && !bin) console.warn(`database outage tests skipped: ${NO_POSTGRES}`);

/** Small limits so every fault answers within a few seconds. */
const timeouts = { acquireMs: 1_000, statementMs: 3_000, lockMs: 2_000 };
const host = 'kebab.localhost';
const clock = movableClock();

let cluster: Cluster;
let t: TestApp;
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  if (!bin) return;
  cluster = createCluster(bin);
  const connection = await connect({ url: cluster.url, dataDir: null, timeouts });
  await migrate(connection);
  t = await createTestApp({ clock: clock.now, database: { connection, drop: () => connection.close() } });
  process.on('uncaughtException', recordUncaught);
});
afterAll(async () => {
  process.off('uncaughtException', recordUncaught);
  // The cluster goes first: a pool client a fault left checked out would hold pool.end() forever
  // (seen once in CI as a 60 s hook timeout); with the server gone every client errors and is released.
  cluster?.destroy();
  await Promise.race([t?.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000))]);
});

const getCart = async (cookie: string, language = 'fa') =>
  t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=get_cart&language=${language}` });

describe.skipIf(!bin)('the database goes away and comes back (PostgreSQL)', () => {
  it('Scenario: a client held in an open transaction when PostgreSQL stops does not crash the process; the pool recovers by itself', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // The transaction sits idle (no query running) while the server ends its session with 57P01.
    const transaction = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await held;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(() => 'committed', (error: unknown) => error);
    await inside;
    await cluster.stop('fast');
    release();
    const error = await outcome;
    expect(isDatabaseUnavailable(error)).toBe(true);
    await cluster.start();
    let answer = await getCart((await t.signIn('kebab')).cookie).catch(() => null);
    for (let attempt = 0; answer?.statusCode !== 200 && attempt < 40; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await getCart((await t.signIn('kebab')).cookie).catch(() => null);
    }
    expect(answer?.statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  });

  it('Scenario: PostgreSQL restarts during checkouts under load; the server answers 503 while it is down, 200 after, and no order is half-placed', async () => {
    const carts: Awaited<ReturnType<typeof readyCart>>[] = [];
    for (let index = 0; index < 16; index += 1) carts.push(await readyCart(t));
    const keys = carts.map((_, index) => `outage-${index}-${Date.now()}`);
    const place = (index: number) =>
      call(t, host, carts[index].cookie, 'final_order', { order_id: carts[index].orderId, payment: 'online', idempotency_key: keys[index] });

    // A bounded load of reads by four customers runs through the whole outage.
    const statuses: number[] = [];
    let loading = true;
    const readers = carts.slice(0, 4).map(async (cart) => {
      while (loading) {
        statuses.push((await getCart(cart.cookie)).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    // Three lanes of checkouts; PostgreSQL is stopped as soon as the first one is placed, while others run.
    const placedDuringStop: Awaited<ReturnType<typeof place>>[] = [];
    let next = 0;
    let stopping: Promise<void> | null = null;
    const lane = async () => {
      while (next < carts.length) {
        const index = next++;
        placedDuringStop[index] = await place(index);
        if (placedDuringStop[index].ok) stopping ??= cluster.stop('fast');
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    await stopping;
    const placedStatuses = placedDuringStop.map((reply) => reply.status);
    expect(placedStatuses).toContain(200);
    expect(placedStatuses).toContain(503);

    // While it is down: 503, Retry-After, and the message in the request's language.
    const downFa = await getCart(carts[0].cookie, 'fa');
    const downEn = await getCart(carts[0].cookie, 'en');
    const coldShop = await t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host: 'cafe.localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=get_shop&language=en' });
    await cluster.start();

    let after = await getCart(carts[0].cookie);
    for (let attempt = 0; after.statusCode !== 200 && attempt < 40; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await getCart(carts[0].cookie);
    }
    loading = false;
    await Promise.all(readers);

    for (const down of [downFa, downEn, coldShop]) {
      expect(down.statusCode).toBe(503);
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
      expect(down.json()).toMatchObject({ status: false, result: 'service_unavailable' });
    }
    expect(downFa.json().message).toMatch(/[\u0600-\u06FF]/);
    expect(downEn.json().message).toMatch(/temporarily unavailable/i);
    expect(after.statusCode).toBe(200);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(placedStatuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(uncaught).toEqual([]);

    // Nothing half-written: every order is either still a cart (no payment, no bank record) or
    // placed with exactly one payment request and its bank record; an answered 200 was committed.
    const consistent = async () => {
      for (const [index, cart] of carts.entries()) {
        const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
        const [{ total: paymentRows }] = await t.db.select({ total: count() }).from(payments).where(eq(payments.orderId, cart.orderId));
        const [{ total: lines }] = await t.db.select({ total: count() }).from(orderItems).where(eq(orderItems.orderId, cart.orderId));
        expect(lines).toBeGreaterThan(0);
        if (order.status === 1) {
          expect(paymentRows, `order ${index} is a cart`).toBe(0);
        } else {
          expect(order.status).toBe(2);
          expect(paymentRows, `order ${index} is placed`).toBe(1);
          const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, cart.orderId));
          const [{ total: bank }] = await t.db.select({ total: count() }).from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, payment.token));
          expect(bank).toBe(1);
        }
      }
    };
    await consistent();
    for (const [index, reply] of placedDuringStop.entries()) {
      if (reply.ok) expect((await t.db.select().from(orders).where(eq(orders.id, carts[index].orderId)))[0].status).toBe(2);
    }

    // Once it is back, repeating each checkout with its key places every order exactly once. Ten at once on a
    // pool just refilled may still wait past its acquire timeout on a loaded machine: that answer is a 503 with
    // Retry-After, and a client repeats as told (CI failed once so, at load 10: the last four answered 503).
    const placeUntilAnswered = async (index: number) => {
      let reply = await place(index);
      for (let attempt = 0; reply.status === 503 && attempt < 10; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        reply = await place(index);
      }
      return reply;
    };
    const retried = await Promise.all(carts.map((_, index) => placeUntilAnswered(index)));
    expect(retried.map((reply) => reply.status)).toEqual(carts.map(() => 200));
    await consistent();
    const placed = await t.db.select().from(orders).where(eq(orders.status, 2));
    expect(carts.every((cart) => placed.some((order) => order.id === cart.orderId))).toBe(true);
  });

  it('Scenario: a lock held on orders for longer than lock_timeout neither stalls get_shop nor answers 500', async () => {
    const customers = [];
    for (let index = 0; index < 15; index += 1) customers.push(await t.signIn('kebab'));
    await Promise.all(customers.map((customer) => getCart(customer.cookie)));
    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table orders in access exclusive mode');
    try {
      // More waiting requests than the pool has clients; once they hold all ten, a shop no request has cached yet.
      const carts = customers.map((customer) => getCart(customer.cookie));
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const { rows } = await locker.query("select count(*)::int as waiting from pg_locks where relation = 'orders'::regclass and not granted");
        if (rows[0].waiting >= 10) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const shop = t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host: 'nuts.localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=get_shop&language=en' });
      const stalled = new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 10_000));
      const shopAnswer = await Promise.race([shop, stalled]);
      expect(shopAnswer, 'get_shop waited for the lock on orders').not.toBe('stalled');
      expect([200, 503]).toContain((shopAnswer as Awaited<typeof shop>).statusCode);
      const cartAnswers = await Promise.race([Promise.all(carts), stalled]);
      expect(cartAnswers, 'get_cart waited for the lock on orders').not.toBe('stalled');
      const codes = (cartAnswers as Awaited<ReturnType<typeof getCart>>[]).map((answer) => answer.statusCode);
      expect(codes.filter((status) => status !== 503)).toEqual([]);
      expect((cartAnswers as Awaited<ReturnType<typeof getCart>>[])[0].headers['retry-after']).toBeDefined();
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await getCart(customers[0].cookie)).statusCode).toBe(200);
  });

  it('Scenario: a statement running longer than statement_timeout is cancelled and counts as unavailable', async () => {
    const error = await t.db.execute(sql`select pg_sleep(10)`).then(() => null, (failure: unknown) => failure);
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('Scenario: while PostgreSQL is down /readyz answers 503 naming the database (and a LISTEN bus names itself), /healthz 200; ready again after', async () => {
    const bus = await createPostgresBus({ url: cluster.url, notify: notifyThrough(t.db), retryMs: 200, log: () => undefined });
    const readyz = () => t.app.inject({ method: 'GET', url: '/readyz', headers: { host: 'any.example' } });
    try {
      expect((await readyz()).statusCode).toBe(200);
      await cluster.stop('fast');
      const down = await readyz();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unready', database: 'unreachable', events: 'ok' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'any.example' } })).statusCode).toBe(200);
      await vi.waitFor(() => expect(bus.connected).toBe(false), { timeout: 10_000, interval: 20 });
      expect(await readiness({ db: t.db, events: bus, draining: false })).toEqual({ ready: false, database: 'unreachable', events: 'disconnected' });
      await cluster.start();
      await vi.waitFor(async () => expect((await readyz()).statusCode).toBe(200), { timeout: 20_000, interval: 250 });
      await vi.waitFor(() => expect(bus.connected).toBe(true), { timeout: 20_000, interval: 50 });
    } finally {
      await bus.close();
    }
  });
});
