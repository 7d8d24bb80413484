import { request, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { LONGPOLL_HOLD_MAX_MS } from '@contract/rules/chat';
import { connect, type Connection } from '../../server/db/connection';
import { createInProcessBus, createPostgresBus, notifyThrough, type EventBus } from '../../server/services/events';
import { LIVE_EVENT, liveEventNotice } from '../../server/services/events/topics';
import { createShutdown } from '../../server/shutdown';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { createTestDatabase } from './helpers/test-database';
import { freshDatabase } from './helpers/fresh-database';
import { movableClock, readyCart } from './checkout-support/helpers';

/**
 * The server's shutdown as main.ts runs it on SIGTERM, on a listening app with the bus it would have: LISTEN/NOTIFY on
 * PostgreSQL (TEST_DATABASE_URL), in-process on PGlite. What closes when is recorded in `steps`.
 */
interface Instance {
  t: TestApp;
  events: EventBus;
  steps: string[];
  /** from now on, steps count only live events with ids above this cursor */
  countEventsAfter: (cursor: number) => void;
  port: number;
  /** the shutdown's delay, held until `openDelay` */
  openDelay: () => void;
  exits: number[];
  shutdown: ReturnType<typeof createShutdown>;
  logs: string[];
}

let dropDatabase: (() => Promise<void>) | null = null;
afterEach(async () => {
  await dropDatabase?.();
  dropDatabase = null;
});

async function instance(): Promise<Instance> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let connection: Connection;
  let events: EventBus;
  if (adminUrl) {
    const database = await freshDatabase(adminUrl, 'shutdown');
    connection = await connect({ url: database.url, dataDir: null });
    events = await createPostgresBus({ url: database.url, notify: notifyThrough(connection.db), log: () => undefined });
    dropDatabase = database.drop;
  } else {
    // Dropped after the test: closing the connection alone would keep the worker's reused thread leased for good.
    const database = await createTestDatabase({ seeded: true });
    connection = database.connection;
    dropDatabase = database.drop;
    events = createInProcessBus();
  }
  const steps: string[] = [];
  const logs: string[] = [];
  const exits: number[] = [];
  // Only what the test does after its cart is ready counts: the cart's own changes are announced too (cart_changed),
  // on PostgreSQL possibly after the cart is read back. Live event ids only grow, so the cursor then is the line.
  let countAfter = Number.POSITIVE_INFINITY;
  events.subscribe(LIVE_EVENT, (payload) => {
    const notice = liveEventNotice(payload);
    if (notice && notice.id > countAfter) steps.push('event announced');
  });
  const countEventsAfter = (cursor: number) => void (countAfter = cursor);
  const closeBus = events.close.bind(events);
  const closeDatabase = connection.close;
  const recorded = {
    close: async () => {
      steps.push('bus closes');
      await closeBus();
    },
  };
  const database = {
    close: async () => {
      steps.push('database closes');
      await closeDatabase();
    },
  };
  const t = await createTestApp({ database: { connection, drop: async () => undefined }, seed: false, events, longpollHoldMs: LONGPOLL_HOLD_MAX_MS, clock: movableClock().now });
  const stopJobs = t.app.jobs.stop.bind(t.app.jobs);
  t.app.jobs.stop = async () => {
    steps.push('jobs stop');
    await stopJobs();
  };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  let openDelay!: () => void;
  const delay = new Promise<void>((resolve) => (openDelay = resolve));
  const shutdown = createShutdown({
    app: t.app,
    events: recorded,
    connection: database,
    delayMs: 1,
    timeoutMs: 0,
    log: (message) => logs.push(message),
    exit: (code) => void exits.push(code),
    wait: () => delay,
  });
  // The hub logs a failed announcement through the app's logger, off in tests: an announcement after the bus closed is caught here.
  const announce = t.app.live.announce.bind(t.app.live);
  t.app.live.announce = (notices) => {
    if (steps.includes('bus closes')) logs.push('announced after the bus closed');
    return announce(notices);
  };
  return { t, events, steps, countEventsAfter, port: (t.app.server.address() as { port: number }).port, openDelay, exits, shutdown, logs };
}

interface Sent {
  response: Promise<{ status: number; body: string }>;
  /** sends the rest of the body */
  finish: () => void;
  abort: () => void;
}

/** A POST to the API over a real connection whose body is sent in two halves: the request is in flight between them. */
function post(port: number, host: string, fields: Record<string, string>, cookie?: string): Sent {
  const body = Buffer.from(new URLSearchParams(fields).toString());
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/order/order.php',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length, ...(cookie ? { cookie } : {}) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 10));
  return { response, finish: () => req.end(body.subarray(10)), abort: () => req.destroy() };
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: 'anything.example', connection: 'close' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    })
      .on('error', reject)
      .end();
  });
}

/** Until `check` holds (a state of the server, looked at every few milliseconds). */
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 20_000, interval: 5 });

/** Until the checkout waits on the database: a statement queued behind the open transaction (PGlite), or a lock wait (PostgreSQL). */
async function waitingForTheRow(t: TestApp) {
  if (t.connection.kind === 'pglite') return until(() => (t.connection.stats() as { queued: number }).queued > 0);
  const waiting = sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
  await vi.waitFor(
    async () => {
      const { rows } = (await t.db.execute(waiting)) as unknown as { rows: { waiting: number }[] };
      expect(rows[0].waiting).toBeGreaterThan(0);
    },
    { timeout: 20_000, interval: 5 },
  );
}

describe('graceful shutdown: readiness first, then the server drains, then the jobs, the bus and the database close', { timeout: 90_000 }, () => {
  it('Scenario: a checkout in flight when SIGTERM comes is answered 200 and its event announced; a held long poll is answered at once; the bus and the database close after', async () => {
    const { t, steps, countEventsAfter, port, openDelay, exits, shutdown, logs } = await instance();
    const cart = await readyCart(t);
    const cursor = (await t.call(cart.host, { code: 'longpull', count: '0', wait: '0' }, { headers: { cookie: cart.cookie } })).json().data.count as number;
    countEventsAfter(cursor);
    const poll = post(port, cart.host, { code: 'longpull', count: String(cursor) }, cart.cookie);
    poll.finish();
    await until(() => t.app.live.stats().watches === 1);
    // Half of the checkout's body has arrived when the signal comes.
    const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
    const checkout = post(port, cart.host, { code: 'final_order', order_id: String(cart.orderId), payment: 'cash', idempotency_key: `in-flight-${cart.orderId}` }, cart.cookie);
    await arrived;

    const done = shutdown.signal('SIGTERM');
    // Readiness is 503 at once, while the server still takes requests (the proxy has yet to notice).
    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect((await get(port, '/healthz')).status).toBe(200);
    expect(steps).toEqual([]);
    openDelay();
    // The held poll answers with nothing new while the checkout is still being sent: it did not wait out its hold.
    const polled = await poll.response;
    expect(polled.status).toBe(200);
    expect(JSON.parse(polled.body).data).toMatchObject({ count: cursor, events: [] });
    expect(steps).toEqual([]);

    checkout.finish();
    const placed = await checkout.response;
    expect(placed.status).toBe(200);
    expect(JSON.parse(placed.body)).toMatchObject({ status: true });
    await done;
    expect(exits).toEqual([0]);
    expect(steps[0]).toBe('event announced');
    expect(steps.slice(-3)).toEqual(['jobs stop', 'bus closes', 'database closes']);
    expect(logs.filter((line) => line.includes('after the bus'))).toEqual([]);
  });

  it('Scenario: a checkout whose client left while it waits for the database still commits and announces before the bus closes', async () => {
    const { t, steps, countEventsAfter, port, openDelay, exits, shutdown, logs } = await instance();
    const cart = await readyCart(t);
    countEventsAfter((await t.call(cart.host, { code: 'longpull', count: '0', wait: '0' }, { headers: { cookie: cart.cookie } })).json().data.count as number);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // The order's row is taken by another transaction (on PGlite a transaction holds the whole database), so the
    // checkout's handler waits inside its own.
    const blocker = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${cart.orderId} for update`);
      locked();
      await held;
    });
    await holding;
    const checkout = post(port, cart.host, { code: 'final_order', order_id: String(cart.orderId), payment: 'cash', idempotency_key: `client-left-${cart.orderId}` }, cart.cookie);
    // The client is gone: its request fails on this side.
    checkout.response.catch(() => undefined);
    checkout.finish();
    await waitingForTheRow(t);
    checkout.abort();

    const done = shutdown.signal('SIGTERM');
    openDelay();
    // The server stops accepting and its connections are gone; the handler still waits for the row.
    await until(() => !t.app.server.listening);
    expect(steps).toEqual([]);
    release();
    await blocker;
    await done;
    expect(exits).toEqual([0]);
    expect(steps).toEqual(['event announced', ...steps.slice(1, -3), 'jobs stop', 'bus closes', 'database closes']);
    expect(logs.filter((line) => line.includes('after the bus'))).toEqual([]);
  });

  it('Scenario: a second signal exits at once, without waiting for the shutdown under way', async () => {
    const { t, exits, shutdown, openDelay } = await instance();
    const first = shutdown.signal('SIGTERM');
    void shutdown.signal('SIGINT');
    expect(exits).toEqual([1]);
    openDelay();
    await first;
    expect(t.app.server.listening).toBe(false);
  });
});
