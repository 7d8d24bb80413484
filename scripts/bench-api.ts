/**
 * `npm run bench:api`: requests per second, p95 and p99 latency of get_shop,
 * get_all_folders and get_list_item (price range, sorted by price) (form bodies, Host kebab.localhost) on the real app (with
 * production's logging: Fastify's logger, no access log) over a
 * seeded temporary PGlite (or PostgreSQL with BENCH_DATABASE_URL), beside a bare Fastify route measured between them,
 * 100 connections, 10 s each, the floor under get_shop (a bare Fastify POST with a form body, the API's security headers
 * and get_shop's bytes: what get_shop would cost with nothing of its own), get_shop again as a browser asks (brotli), then cart_controller add by 50 signed-in customers, get_shop on 10 connections while they add, a full checkout by
 * 50 customers, and the server's RSS after the run. The servers run
 * in a child process so the load generator does not share their event loop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import { buildApp } from '../server/app';
import { securityHeadersPlugin } from '../server/plugins/security-headers';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { items, sessions, shops, users } from '../server/db/schema';
import { hashToken } from '../server/repositories/user-repository';
import { seedDemoShops } from '../server/seed';
import { HTTP_TIMEOUT_MS } from '../contract/rules/limits';
import { checkouts, percentile, type CheckoutRun } from './bench-checkouts';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; p97_5: number; p90: number; average: number };
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  /** seconds before autocannon gives a request up */
  timeout?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  setupClient?: (client: { setHeaders: (headers: Record<string, string>) => void; setRequests: (requests: unknown[]) => void }) => void;
}) => Promise<AutocannonResult> & { on: (event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void) => void };

/** The SPA's own request timeout: a slower reply is a failure the customer sees, a faster one is latency. */
const CLIENT_TIMEOUT_SECONDS = HTTP_TIMEOUT_MS / 1000;

/** Concurrent customers of the cart and checkout runs. */
const CUSTOMERS = 50;

const CONNECTIONS = 100;
/** Connections reading get_shop while the customers add to their carts. */
const READERS = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  // BENCH_DATABASE_URL (an empty PostgreSQL database; see bench:api:pg) measures the server on PostgreSQL.
  const connection = await connect({ url: process.env.BENCH_DATABASE_URL ?? null, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  // Opening hours would make the checkout run depend on the time of day.
  await connection.db.update(shops).set({ opensAt: null, closesAt: null }).where(eq(shops.slug, 'kebab'));
  const [kebab] = await connection.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const [koobideh] = await connection.db.select().from(items).where(and(eq(items.shopId, kebab.id), eq(items.nameEn, 'Koobideh kebab')));
  const cookies: string[] = [];
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const [user] = await connection.db.insert(users).values({ rootId: kebab.id, mobile: `0912000${String(index).padStart(4, '0')}`, name: `bench ${index}` }).returning();
    const token = randomBytes(32).toString('base64url');
    await connection.db.insert(sessions).values({ id: hashToken(token), userId: user.id, rootId: kebab.id, expiresAt: new Date(Date.now() + 86_400_000) });
    cookies.push(`sid=${token}`);
  }
  // As main.ts runs it in production: Fastify's logger on, with production's default of no access log
  // (config.ts accessLog). Its lines go to stderr, the bench's own output: stdout carries the ports.
  const app = await buildApp({ db: connection.db, logger: { stream: process.stderr }, config: { defaultShop: 'kebab', spaDir: join(dataDir, 'no-spa'), nodeEnv: 'production' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  // The floor under get_shop: a Fastify POST with a form body answering get_shop's own bytes with the API's security
  // headers, and nothing else (no shop, session, CSRF, cookie, compression or rate-limit step, no reply cache).
  const shopReply = await app.inject({ method: 'POST', url: '/order/order.php', headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=get_shop&language=fa' });
  // In a context of its own, so GET /bare stays bare.
  await bare.register(async (floor) => {
    await floor.register(securityHeadersPlugin, { mapTileUrl: null });
    await floor.register(fastifyFormbody);
    floor.post('/floor', { config: { jsonApi: true } }, (_request, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8').send(shopReply.rawPayload);
    });
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: typeof app) => (server.server.address() as { port: number }).port;
  process.stdout.write(`${JSON.stringify({ app: port(app), bare: port(bare), cookies, itemId: koobideh.id })}\n`);
  process.once('SIGTERM', async () => {
    await Promise.all([app.close(), bare.close()]);
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** The server's resident memory now (Linux /proc), in MiB; null elsewhere. */
function rssOf(pid: number | undefined): number | null {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : null;
  } catch {
    return null;
  }
}

async function measure() {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ports = await new Promise<{ app: number; bare: number; cookies: string[]; itemId: number }>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split('\n')[0])));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const form = (code: string, fields = '') => ({
    url: `http://127.0.0.1:${ports.app}/order/order.php`,
    method: 'POST',
    headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    body: `code=${code}&language=fa${fields}`,
  });
  const bareRun: [string, Omit<Parameters<Autocannon>[0], 'connections' | 'duration'>] = ['bare Fastify GET /bare', { url: `http://127.0.0.1:${ports.bare}/bare` }];
  const browser = (options: ReturnType<typeof form>) => ({ ...options, headers: { ...options.headers, 'accept-encoding': 'gzip, deflate, br' } });
  // Bare runs between the routes: on a shared machine bare's own rate swings from run to run, so each
  // route is compared with the bare runs right before and after it.
  const runs: [string, Omit<Parameters<Autocannon>[0], 'connections' | 'duration'>][] = [
    bareRun,
    ['POST get_shop', form('get_shop')],
    bareRun,
    ['floor under get_shop', { ...form('get_shop'), url: `http://127.0.0.1:${ports.bare}/floor` }],
    bareRun,
    ['POST get_all_folders', form('get_all_folders')],
    bareRun,
    // Every product of the shop within a price range, cheapest first: the category page's heaviest query.
    ['POST get_list_item price+sort', form('get_list_item', '&get_children_anyway=1&from_price=300000&to_price=5000000&sort=price_up&limit=20')],
    bareRun,
    // As a browser asks: the reply comes compressed (brotli).
    ['POST get_shop, br', browser(form('get_shop'))],
    bareRun,
  ];
  const rows: { name: string; rps: number; p95: number; p99: number; mean: number; bad: string }[] = [];
  const checkout: CheckoutRun[] = [];
  let rss: number | null = null;
  /** One timed run; p95 and p99 from every response's time (autocannon itself reports no p95). */
  const load = async (name: string, options: Omit<Parameters<Autocannon>[0], 'duration' | 'timeout'> & { connections: number }) => {
    const times: number[] = [];
    const job = autocannon({ ...options, duration: DURATION, timeout: CLIENT_TIMEOUT_SECONDS });
    job.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    const result = await job;
    times.sort((a, b) => a - b);
    rows.push({ name, rps: result.requests.average, p95: percentile(times, 0.95), p99: percentile(times, 0.99), mean: result.latency.average, bad: failures(result) });
  };
  try {
    for (const [name, options] of runs) {
      await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up (JIT, caches)
      await load(name, { ...options, connections: CONNECTIONS });
    }
    // cart_controller add: each of the 50 connections is its own signed-in customer.
    let next = 0;
    const add = {
      ...form('cart_controller'),
      body: `code=cart_controller&item_id=${ports.itemId}&count=1&feature_name=${encodeURIComponent('با گوجه کبابی')}`,
      setupClient: (client: { setHeaders: (headers: Record<string, string>) => void }) =>
        client.setHeaders({ ...form('x').headers, cookie: ports.cookies[next++ % ports.cookies.length] }),
    };
    await autocannon({ ...add, connections: CUSTOMERS, duration: 2 });
    next = 0;
    await load('POST cart_controller add', { ...add, connections: CUSTOMERS });
    // Reads from memory while the customers write: on PGlite they must not wait for the writes' statements.
    next = 0;
    const writing = autocannon({ ...add, connections: CUSTOMERS, duration: DURATION, timeout: CLIENT_TIMEOUT_SECONDS });
    await load(`POST get_shop, ${READERS} conn. beside the adds`, { ...form('get_shop'), connections: READERS });
    await writing;
    await checkouts(ports.app, ports.cookies, ports.itemId, 2); // warm-up, as every run has
    checkout.push(await checkouts(ports.app, ports.cookies, ports.itemId, DURATION));
    rss = rssOf(child.pid);
  } finally {
    child.kill('SIGTERM');
  }
  /** The mean rate of the bare runs next to a route's row (the row itself, for a bare run). */
  const bareBeside = (index: number) => {
    const isBare = (row: (typeof rows)[number] | undefined) => row?.name === bareRun[0];
    if (isBare(rows[index])) return rows[index].rps;
    const beside = [rows[index - 1], rows[index + 1]].filter(isBare);
    return beside.length > 0 ? beside.reduce((sum, row) => sum + (row?.rps ?? 0), 0) / beside.length : NaN;
  };
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, one machine, servers in a child process; "vs bare": the bare runs right before and after\n`);
  console.log('route'.padEnd(26), 'req/s'.padStart(10), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'mean ms'.padStart(8), 'vs bare'.padStart(8), '  non-2xx (by status) / errors / timeouts');
  for (const [index, row] of rows.entries()) {
    const bare = bareBeside(index);
    console.log(
      row.name.padEnd(26),
      row.rps.toFixed(0).padStart(10),
      row.p95.toFixed(1).padStart(8),
      row.p99.toFixed(1).padStart(8),
      row.mean.toFixed(1).padStart(8),
      (Number.isNaN(bare) ? '' : `${((row.rps / bare) * 100).toFixed(1)}%`).padStart(8),
      `  ${row.bad}`,
    );
  }
  for (const run of checkout) {
    console.log(
      `full checkout (add -> delivery -> price -> final_order)`.padEnd(26),
      run.rps.toFixed(1).padStart(10),
      run.p95.toFixed(0).padStart(8),
      run.p99.toFixed(0).padStart(8),
      run.mean.toFixed(1).padStart(8),
      ''.padStart(8),
      String(run.bad).padStart(12),
    );
  }
  console.log(`(cart_controller and checkout: ${CUSTOMERS} concurrent signed-in customers; checkout row is checkouts/s and ms per checkout)`);
  console.log(`server RSS after the run: ${rss === null ? 'unknown' : `${rss.toFixed(0)} MiB`}`);
}

/** "0" when every reply was a 2xx; otherwise non-2xx by status, connection errors and timeouts (autocannon's 10 s). */
function failures(result: AutocannonResult): string {
  if (result.non2xx + result.errors + result.timeouts === 0) return '0';
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
  return `${result.non2xx}${statuses ? ` (${statuses})` : ''} / ${result.errors} / ${result.timeouts}`;
}

if (process.argv.includes('--serve')) await serve();
else await measure();
