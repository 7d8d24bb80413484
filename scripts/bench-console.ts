/**
 * `npm run bench:console` (a benchmark, not a test; PostgreSQL through scripts/with-postgres.mjs): the counter under
 * load on two server instances sharing one database, as a shop with two app servers runs.
 *
 * - BENCH_ORDERS (default 200) open orders of the grocery demo, each by its own signed-in customer.
 * - Every customer holds a long poll on instance B; staff work the orders on instance A at BENCH_RATE
 *   (default 20) status changes a second (confirm, send, complete: each order three times).
 * - Reported: the change's own time (order_change's answer) and its delivery (from sending order_change to the
 *   customer's poll on B answering with that order_status), p50 / p99 / max; and the board's first paint with
 *   BENCH_ORDERS open orders (Chromium: the console opened on the board, until the first order card shows).
 *
 * Both servers are child processes (their CPU is theirs), NODE_ENV=production, started as main.ts starts them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { items, orderItems, orders, sessions, shops, users } from '../server/db/schema';
import { hashToken } from '../server/repositories/user-repository';
import { seedDemoShops } from '../server/seed';
import { createEventBus } from '../server/services/events';
import { DEMO_STAFF_USERNAME, demoStaffPassword } from '../server/seed/staff';
import { OrderStatus } from '../contract/entities/order';
import { CONSOLE_API } from '../contract/console/rules';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SLUG = 'grocery';
const HOST = `${SLUG}.localhost`;
const SPA_DIR = resolve(process.env.SPA_DIR ?? 'dist/spa');

/** Seeds the database (as main.ts would) and adds ORDERS placed orders, one customer each; prints the customers' cookies file. */
async function prepare() {
  const connection = await connect({ url: DATABASE_URL ?? null, dataDir: mkdtempSync(join(tmpdir(), 'bench-console-')) });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const db = connection.db;
  const [shop] = await db.select().from(shops).where(eq(shops.slug, SLUG));
  const rootId = shop.rootId ?? shop.id;
  const [item] = await db.select().from(items).where(and(eq(items.shopId, shop.id), eq(items.type, 1))).limit(1);
  const customers = await db
    .insert(users)
    .values(Array.from({ length: ORDERS }, (_, index) => ({ rootId, mobile: `0991${String(index).padStart(7, '0')}`, name: `bench ${index}`, accessFlag: 1 })))
    .returning({ id: users.id });
  const tokens = customers.map(() => randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(customers.map((row, index) => ({ id: hashToken(tokens[index]), userId: row.id, rootId, expiresAt: new Date(Date.now() + 86_400_000) })));
  const placedAt = new Date();
  const placed = await db
    .insert(orders)
    .values(
      customers.map((row, index) => ({
        shopId: shop.id,
        userId: row.id,
        status: OrderStatus.pending,
        deliveryMethod: 1,
        payment: 'cash',
        trackingCode: `B${String(index).padStart(6, '0')}`,
        bill: { total: item.price, payable: item.price, shipping: 0, discount: 0, wallet: 0, gift: 0, tax: 0, packaging: 0, permanent_discount: 0, discount_code: null },
        placedAt: new Date(placedAt.getTime() + index),
        statusChangedAt: new Date(placedAt.getTime() + index),
      })),
    )
    .returning({ id: orders.id });
  await db.insert(orderItems).values(placed.map(({ id }) => ({ shopId: shop.id, orderId: id, itemId: item.id, itemCount: 1, price: item.price })));
  await connection.close();
  const file = join(mkdtempSync(join(tmpdir(), 'bench-console-')), 'customers.json');
  writeFileSync(file, JSON.stringify(placed.map(({ id }, index) => ({ orderId: id, cookie: `sid=${tokens[index]}` }))));
  process.stdout.write(`${file}\n`);
}

/** One instance: migrate (a no-op after the first), build the app as main.ts does, listen; prints its port. */
async function serve() {
  const connection = await connect({ url: DATABASE_URL ?? null, dataDir: mkdtempSync(join(tmpdir(), 'bench-console-')) });
  await migrate(connection);
  const events = await createEventBus({ url: DATABASE_URL ?? null, db: connection.db });
  const app = await buildApp({ db: connection.db, config: { defaultShop: SLUG, spaDir: SPA_DIR, nodeEnv: 'production', paymentGateway: null }, events });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
  process.once('SIGTERM', async () => {
    await app.close();
    await events.close();
    await connection.close();
    process.exit(0);
  });
}

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (${sorted.length})`;
};

interface Reply {
  status: number;
  cookies: string[];
  body: { data: unknown; result: string };
}

function post(port: number, path: string, agent: Agent, cookie: string, fields: Record<string, string>, localAddress?: string): Promise<Reply> {
  const payload = new URLSearchParams(fields).toString();
  return new Promise((done, fail) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', agent, localAddress, headers: { host: HOST, cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]);
            done({ status: response.statusCode ?? 0, cookies, body: JSON.parse(Buffer.concat(chunks).toString()) });
          } catch (error) {
            fail(error);
          }
        });
      },
    );
    request.on('error', fail);
    request.end(payload);
  });
}

/** Starts `script --mode` as a child and resolves with its first line and the child. */
async function child(mode: '--prepare' | '--serve'): Promise<{ line: string; process: ChildProcess }> {
  const started = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: started.stdout! }).once('line', done);
    started.once('exit', (code) => fail(new Error(`${mode} exited with ${code}`)));
  });
  return { line, process: started };
}

/** The console opened on the board in Chromium: time from navigation to the first order card, and first contentful paint. */
async function boardPaint(port: number, staffCookie: string): Promise<string> {
  if (!existsSync(join(SPA_DIR, 'console.html')) && !existsSync(join(SPA_DIR, 'console', 'index.html'))) return 'not measured (no console build in dist/spa: npm run build)';
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const [name, value] = staffCookie.split('=');
    await context.addCookies([{ name, value, domain: HOST, path: '/' }]);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`http://${HOST}:${port}/order/console/orders`);
    await page.locator('[data-order-id]').first().waitFor({ timeout: 30_000 });
    const shown = performance.now() - started;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    return `first order card ${shown.toFixed(0)} ms after navigation (first contentful paint ${fcp.toFixed(0)} ms), 390 px`;
  } finally {
    await browser.close();
  }
}

async function measure() {
  if (!DATABASE_URL) {
    console.error('bench:console runs on PostgreSQL: npm run bench:console (through scripts/with-postgres.mjs) or BENCH_DATABASE_URL=…');
    process.exit(2);
  }
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--prepare'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (prepared.status !== 0) throw new Error(`preparing the database failed (${prepared.status})`);
  const customers = JSON.parse(readFileSync(prepared.stdout.trim().split('\n').at(-1)!, 'utf8')) as { orderId: number; cookie: string }[];
  const first = await child('--serve');
  const second = await child('--serve');
  const [portA, portB] = [Number(first.line), Number(second.line)];
  console.log(`${customers.length} open orders; instance A :${portA} (staff), instance B :${portB} (customers' polls); PostgreSQL`);
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let stopping = false;
  try {
    const login = await post(portA, CONSOLE_API, agent, '', { code: 'staff_login', username: DEMO_STAFF_USERNAME, password: demoStaffPassword(SLUG) });
    const staffCookie = login.cookies.find((cookie) => cookie.startsWith('staff_sid='));
    if (login.status !== 200 || !staffCookie) throw new Error(`staff login failed: ${login.status} ${JSON.stringify(login.body)}`);

    // Each customer polls B from an address of their own (below the per-address bounds) until stopped.
    const delivered = new Map<string, number>();
    const pollFailures = new Map<string, number>();
    const address = (index: number) => `127.2.${Math.floor(index / 250)}.${1 + (index % 250)}`;
    const polls = customers.map(async ({ cookie }, index) => {
      let count = 0;
      while (!stopping) {
        const reply = await post(portB, '/order/order.php', agent, cookie, { code: 'longpull', count: String(count) }, address(index)).catch(() => null);
        if (!reply || reply.status !== 200) {
          const why = reply ? `${reply.status} ${reply.body.result}` : 'no answer';
          pollFailures.set(why, (pollFailures.get(why) ?? 0) + 1);
          await new Promise((done) => setTimeout(done, 500));
          continue;
        }
        const data = reply.body.data as { count: number; events: { type: string; order_id?: number; status?: number }[] };
        count = data.count;
        for (const event of data.events) if (event.type === 'order_status') delivered.set(`${event.order_id}:${event.status}`, performance.now());
      }
    });
    // Let every poll be held (their first answer gives them the cursor).
    await new Promise((done) => setTimeout(done, 2_000));

    const steps: { action: string; status: number; extra: Record<string, string> }[] = [
      { action: 'confirm', status: OrderStatus.confirmedByStore, extra: { ready_in: '20' } },
      { action: 'send', status: OrderStatus.sent, extra: {} },
      { action: 'complete', status: OrderStatus.completed, extra: {} },
    ];
    const sent = new Map<string, number>();
    const answered: number[] = [];
    let refused = 0;
    const changes: Promise<void>[] = [];
    const started = performance.now();
    let index = 0;
    for (const step of steps) {
      for (const { orderId } of customers) {
        const due = started + (index * 1000) / RATE;
        index += 1;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
        const at = performance.now();
        sent.set(`${orderId}:${step.status}`, at);
        changes.push(
          post(portA, CONSOLE_API, agent, staffCookie, { code: 'order_change', order_id: String(orderId), action: step.action, ...step.extra }).then((reply) => {
            if (reply.status === 200) answered.push(performance.now() - at);
            else refused += 1;
          }),
        );
      }
    }
    await Promise.all(changes);
    const seconds = (performance.now() - started) / 1000;
    // Whatever is still on its way has until 5 s after the last change.
    const deadline = performance.now() + 5_000;
    while (delivered.size < sent.size && performance.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    stopping = true;
    const delays = [...sent].flatMap(([key, at]) => (delivered.has(key) ? [delivered.get(key)! - at] : []));
    console.log(`${sent.size} status changes in ${seconds.toFixed(1)} s (${(sent.size / seconds).toFixed(1)}/s asked ${RATE}/s), ${refused} refused`);
    console.log(`order_change answered: ${summary(answered)}`);
    if (pollFailures.size > 0) console.log(`polls refused: ${[...pollFailures].map(([why, times]) => `${why} ×${times}`).join(', ')}`);
    console.log(`delivered to the customer's poll on the other instance: ${summary(delays)}; ${sent.size - delays.length} not delivered within 5 s`);

    // The board with ORDERS open orders: put them back to pending (the bench's own setup, not a product path).
    const connection = await connect({ url: DATABASE_URL, dataDir: mkdtempSync(join(tmpdir(), 'bench-console-')) });
    await connection.db.update(orders).set({ status: OrderStatus.pending, staffOpenedAt: null }).where(inArray(orders.id, customers.map(({ orderId }) => orderId)));
    await connection.close();
    console.log(`board: ${await boardPaint(portA, staffCookie)}`);
    void polls;
  } finally {
    stopping = true;
    first.process.kill('SIGTERM');
    second.process.kill('SIGTERM');
    agent.destroy();
  }
}

const mode = process.argv[2];
if (mode === '--prepare') await prepare();
else if (mode === '--serve') await serve();
else await measure();
