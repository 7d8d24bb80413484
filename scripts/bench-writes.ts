/**
 * `npm run bench:writes`: what one customer's cart and checkout requests cost on the server, code by
 * code — SQL statements and round trips per request, and the time in the database beside the time in
 * Node — on a seeded temporary PGlite (or PostgreSQL with BENCH_DATABASE_URL: `bench:writes:pg`).
 * One customer, one request at a time through Fastify's inject (no network), so the figures are the
 * request's own; medians of ITERATIONS runs. `--sql` also prints each code's statements once.
 *
 * Round trips count a transaction's BEGIN and COMMIT (PGlite runs them inside transaction(); on
 * PostgreSQL they are statements of their own).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { items, sessions, shops, users } from '../server/db/schema';
import { hashToken } from '../server/repositories/user-repository';
import { seedDemoShops } from '../server/seed';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const showSql = process.argv.includes('--sql');

/** What the database did during the current request. */
const tally = { statements: 0, inTransaction: 0, roundTrips: 0, dbMs: 0, sql: [] as string[] };
const reset = () => Object.assign(tally, { statements: 0, inTransaction: 0, roundTrips: 0, dbMs: 0, sql: [] });

async function timed<T>(sql: unknown, inTransaction: boolean, run: () => Promise<T>, roundTrip = true): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    tally.dbMs += performance.now() - started;
    tally.statements += 1;
    if (roundTrip) tally.roundTrips += 1;
    if (inTransaction) tally.inTransaction += 1;
    const text = typeof sql === 'string' ? sql : ((sql as { text?: string })?.text ?? String(sql));
    if (showSql) tally.sql.push(text.replace(/\s+/g, ' ').slice(0, 160));
  }
}

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
  exec?: (...args: unknown[]) => Promise<unknown>;
  transaction?: (run: (tx: QueryClient) => Promise<unknown>) => Promise<unknown>;
}

/** Counts and times every statement of a PGlite client (its own and its transactions'). */
function instrumentPglite(client: QueryClient) {
  const wrap = (target: QueryClient, inTransaction: boolean) => {
    const query = target.query.bind(target);
    target.query = (...args) => timed(args[0], inTransaction, () => query(...args));
    if (target.exec) {
      const exec = target.exec.bind(target);
      target.exec = (...args) => timed(args[0], inTransaction, () => exec(...args));
    }
  };
  wrap(client, false);
  const transaction = client.transaction!.bind(client);
  client.transaction = (run) => {
    tally.roundTrips += 1; // COMMIT (the thread runs BEGIN with the first statement, unwaited)
    return transaction((tx) => {
      wrap(tx, true);
      return run(tx);
    });
  };
}

/** Counts and times every statement node-postgres sends (pool queries and transactions' clients alike). */
function instrumentPostgres() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => Promise<unknown>;
  let open = 0;
  (pg.Client.prototype as unknown as QueryClient).query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
    const begin = /^\s*begin/i.test(text);
    if (begin) open += 1;
    const inTransaction = open > 0;
    if (/^\s*(commit|rollback)/i.test(text)) open = Math.max(0, open - 1);
    // Pool.query passes a callback and gets no promise: time until the callback instead.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      return timed(text, inTransaction, () => new Promise((resolve) => query.apply(this, [...args.slice(0, -1), (...results: unknown[]) => (resolve(undefined), callback(...results))])));
    }
    // BEGIN leaves in one write with the transaction's first statement (db/pipelined-begin.ts): no round trip of its own.
    return timed(text, inTransaction, () => query.apply(this, args) as Promise<unknown>, !begin);
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? null;
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-writes-'));
  if (url) instrumentPostgres();
  const connection = await connect({ url, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  // Opening hours would make the checkout depend on the time of day.
  await connection.db.update(shops).set({ opensAt: null, closesAt: null }).where(eq(shops.slug, 'kebab'));
  const [kebab] = await connection.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const [koobideh] = await connection.db.select().from(items).where(and(eq(items.shopId, kebab.id), eq(items.nameEn, 'Koobideh kebab')));
  const [user] = await connection.db.insert(users).values({ rootId: kebab.id, mobile: '09120009999', name: 'bench writes' }).returning();
  const token = randomBytes(32).toString('base64url');
  await connection.db.insert(sessions).values({ id: hashToken(token), userId: user.id, rootId: kebab.id, expiresAt: new Date(Date.now() + 86_400_000) });
  if (!url) instrumentPglite((connection.db as unknown as { $client: QueryClient }).$client);
  const app = await buildApp({ db: connection.db, config: { defaultShop: 'kebab', spaDir: join(dataDir, 'no-spa'), nodeEnv: 'production' } });

  const rows = new Map<string, { total: number[]; db: number[]; statements: number[]; inTransaction: number[]; roundTrips: number[]; sql: string[] }>();
  const post = async (label: string, fields: Record<string, string | number>) => {
    reset();
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/order/order.php',
      headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${token}` },
      payload: new URLSearchParams(Object.entries({ language: 'fa', ...fields }).map(([key, value]) => [key, String(value)])).toString(),
    });
    const total = performance.now() - started;
    const body = response.json() as { status: boolean; data: Record<string, unknown> & { order?: { id: number }; id?: number } };
    if (response.statusCode !== 200 || !body.status) throw new Error(`${label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    const row = rows.get(label) ?? { total: [], db: [], statements: [], inTransaction: [], roundTrips: [], sql: [] };
    row.total.push(total);
    row.db.push(tally.dbMs);
    row.statements.push(tally.statements);
    row.inTransaction.push(tally.inTransaction);
    row.roundTrips.push(tally.roundTrips);
    if (row.sql.length === 0) row.sql = tally.sql;
    rows.set(label, row);
    return body.data;
  };

  const address = await post('new_add_addreses', { code: 'new_add_addreses', label: 'خانه', address: 'تهران، ونک، خیابان ملاصدرا', lat: 35.7601, lng: 51.4102 });
  rows.clear();
  for (let round = 0; round < ITERATIONS + 3; round += 1) {
    if (round === 3) rows.clear(); // the first rounds warm the JIT and the caches
    const cart = await post('cart_controller add', { code: 'cart_controller', item_id: koobideh.id, count: 1, feature_name: 'با گوجه کبابی' });
    const orderId = cart?.order?.id ?? 0;
    await post('cart_controller add again', { code: 'cart_controller', item_id: koobideh.id, count: 2, feature_name: 'با گوجه کبابی' });
    await post('get_cart', { code: 'get_cart' });
    await post('update_address_order', { code: 'update_address_order', order_id: orderId, delivery_method: 2, address_id: Number(address?.id ?? 0) });
    await post('price_controler', { code: 'price_controler', order_id: orderId, delivery_method: 2, address: Number(address?.id ?? 0) });
    await post('final_order', { code: 'final_order', order_id: orderId, payment: 'cash', idempotency_key: randomBytes(12).toString('hex') });
  }

  console.log(`bench:writes on ${url ? 'PostgreSQL' : 'PGlite (data folder)'}: one signed-in customer, medians of ${ITERATIONS} requests each (inject, no network)`);
  console.log(`${'code'.padEnd(28)}${'statements'.padStart(11)}${'in tx'.padStart(7)}${'round trips'.padStart(13)}${'total ms'.padStart(10)}${'db ms'.padStart(8)}${'node ms'.padStart(9)}`);
  for (const [label, row] of rows) {
    const total = median(row.total);
    const db = median(row.db);
    console.log(
      `${label.padEnd(28)}${String(median(row.statements)).padStart(11)}${String(median(row.inTransaction)).padStart(7)}${String(median(row.roundTrips)).padStart(13)}${total.toFixed(1).padStart(10)}${db.toFixed(1).padStart(8)}${Math.max(0, total - db).toFixed(1).padStart(9)}`,
    );
    if (showSql) for (const sql of row.sql) console.log(`    ${sql}`);
  }
  await app.close();
  await connection.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
