/**
 * `npm run bench:restart`: a rolling restart under load. Two instances of the real server (tsx server/main.ts,
 * NODE_ENV=production) on one throwaway PostgreSQL database (scripts/with-postgres.mjs), behind a small balancer in
 * this script that sends requests only to instances whose GET /readyz answers 200 (polled as a proxy's health check
 * would) and tries another instance when a connection is refused (nothing was sent). A bounded load of checkouts by
 * signed-in customers and anonymous catalog reads runs through it, on loopback only, while each instance in turn gets
 * SIGTERM, exits, and is started again. Printed: requests sent, answered by status, lost (connection errors the
 * client saw), and the live events of the placed orders written vs announced on the bus (a LISTEN connection here,
 * as the console's long polls on either instance would be woken).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { items, liveEvents, sessions, shops, users } from '../server/db/schema';
import { hashToken } from '../server/repositories/user-repository';
import { seedDemoShops } from '../server/seed';
import { EVENTS_CHANNEL } from '../server/services/events';
import { LIVE_EVENT } from '../server/services/events/topics';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error('bench:restart needs PostgreSQL: run it as npm run bench:restart (scripts/with-postgres.mjs sets BENCH_DATABASE_URL)');
  process.exit(1);
}
/** Bounds of the load: it stops at whichever comes first. */
const LOAD_SECONDS_MAX = Number(process.env.BENCH_SECONDS ?? 90);
const REQUESTS_MAX = 50_000;
const CHECKOUT_LANES = 8;
const READ_LANES = 4;
/** Each lane's pause between two requests: a steady load the two shared cores can carry through restarts. */
const PAUSE_MS = 15;
/** The balancer's health check: how often, how long /readyz may take, and how many silent checks take an instance out. */
const CHECK_EVERY_MS = 200;
const CHECK_TIMEOUT_MS = 2_000;
const FALL = 3;
/** SHUTDOWN_DELAY_MS of the instances: longer than a check, so the balancer sees 503 before they stop accepting. */
const SHUTDOWN_DELAY_MS = 1_000;
const SETTLE_MS = 4_000;
const HOST = 'kebab.localhost';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The database: fresh, migrated and seeded once here, so the instances start alike.
const name = `bench_restart_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const setup = await connect({ url: databaseUrl, dataDir: null });
await migrate(setup);
await seedDemoShops(setup.db);
// Opening hours would make the checkouts depend on the time of day.
await setup.db.update(shops).set({ opensAt: null, closesAt: null }).where(eq(shops.slug, 'kebab'));
const [kebab] = await setup.db.select().from(shops).where(eq(shops.slug, 'kebab'));
const [koobideh] = await setup.db.select().from(items).where(and(eq(items.shopId, kebab.id), eq(items.nameEn, 'Koobideh kebab')));
const cookies: string[] = [];
for (let index = 0; index < CHECKOUT_LANES; index += 1) {
  const [user] = await setup.db.insert(users).values({ rootId: kebab.id, mobile: `0912100${String(index).padStart(4, '0')}`, name: `restart ${index}` }).returning();
  const token = randomBytes(32).toString('base64url');
  await setup.db.insert(sessions).values({ id: hashToken(token), userId: user.id, rootId: kebab.id, expiresAt: new Date(Date.now() + 86_400_000) });
  cookies.push(`sid=${token}`);
}
const [{ before }] = await setup.db.select({ before: sql<number>`coalesce(max(${liveEvents.id}), 0)`.mapWith(Number) }).from(liveEvents);

// The bus as the instances' LISTEN connections see it: every live event announced, by id.
const announced = new Set<number>();
const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
listener.on('notification', (message) => {
  const envelope = JSON.parse(message.payload ?? '{}') as { t?: string; p?: { id?: number } };
  if (envelope.t === LIVE_EVENT && typeof envelope.p?.id === 'number') announced.add(envelope.p.id);
});
await listener.query(`LISTEN ${EVENTS_CHANNEL}`);

// The instances.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-restart-'));
interface Instance {
  port: number;
  child: ChildProcess | null;
  ready: boolean;
  /** checks in a row that got no answer */
  silent: number;
  restarts: number;
}
const freePort = async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
};
const instances: Instance[] = [
  { port: await freePort(), child: null, ready: false, silent: 0, restarts: 0 },
  { port: await freePort(), child: null, ready: false, silent: 0, restarts: 0 },
];
function start(instance: Instance) {
  instance.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SMS_CONSOLE_DEMO: '1',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      DATA_DIR: dataDir,
      SPA_DIR: join(dataDir, 'no-spa'),
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const healthAgent = new Agent({ keepAlive: false });
/** /readyz's status, or null when the instance did not answer in time (refused, reset, too slow). */
function check(instance: Instance): Promise<number | null> {
  return new Promise((resolve) => {
    const sent = request({ host: '127.0.0.1', port: instance.port, path: '/readyz', agent: healthAgent, timeout: CHECK_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    sent.on('error', () => resolve(null));
    sent.on('timeout', () => sent.destroy());
    sent.end();
  });
}
/** As a proxy's check: an answer decides at once (200 in, 503 out); silence takes the instance out after FALL checks. */
async function recheck(instance: Instance) {
  const status = await check(instance);
  if (status !== null) {
    instance.silent = 0;
    instance.ready = status === 200;
  } else if (++instance.silent >= FALL) {
    instance.ready = false;
  }
}
let checking = true;
const checks = (async () => {
  while (checking) {
    await Promise.all(instances.map(recheck));
    await sleep(CHECK_EVERY_MS);
  }
})();
async function untilReady(instance: Instance) {
  for (let waited = 0; !instance.ready; waited += 50) {
    if (waited > 120_000) throw new Error(`the instance on port ${instance.port} did not become ready`);
    await sleep(50);
  }
}

// The balancer: round robin over the ready instances; a refused connection is tried on the next one.
const backendAgent = new Agent({ keepAlive: true, maxSockets: 64 });
let turn = 0;
const balancerErrors = { refusedThenRetried: 0, failedAfterSending: 0, noInstanceReady: 0 };
function forward(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer, tried: Set<Instance>) {
  const ready = instances.filter((instance) => instance.ready && !tried.has(instance));
  if (ready.length === 0) {
    balancerErrors.noInstanceReady += 1;
    outgoing.writeHead(502).end();
    return;
  }
  const instance = ready[turn++ % ready.length];
  tried.add(instance);
  const sent = request(
    { host: '127.0.0.1', port: instance.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: backendAgent },
    (response) => {
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    },
  );
  sent.on('error', (error: NodeJS.ErrnoException) => {
    if (outgoing.headersSent) return void outgoing.destroy();
    // Refused: nothing reached the instance, so another may take it (nginx's proxy_next_upstream error).
    if (error.code === 'ECONNREFUSED') {
      balancerErrors.refusedThenRetried += 1;
      return forward(incoming, outgoing, body, tried);
    }
    balancerErrors.failedAfterSending += 1;
    outgoing.writeHead(502).end();
  });
  sent.end(body);
}
const balancer = createServer((incoming, outgoing) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), new Set()));
});
balancer.listen(0, '127.0.0.1');
await once(balancer, 'listening');
const balancerPort = (balancer.address() as { port: number }).port;

start(instances[0]);
await untilReady(instances[0]);
start(instances[1]);
await untilReady(instances[1]);

// The load.
const clientAgent = new Agent({ keepAlive: true, maxSockets: CHECKOUT_LANES + READ_LANES });
const statuses = new Map<number, number>();
let sent = 0;
let lost = 0;
let loading = true;
const placedOrders: number[] = [];
function post(fields: Record<string, string | number>, cookie?: string): Promise<{ status: number; body: { status?: boolean; data?: Record<string, unknown> } } | null> {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  sent += 1;
  return new Promise((resolve) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: balancerPort,
        method: 'POST',
        path: '/order/order.php',
        agent: clientAgent,
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          let parsed = {};
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString());
          } catch {
            /* a 502 from the balancer has no body */
          }
          resolve({ status, body: parsed });
        });
        response.on('error', () => (lost++, resolve(null)));
      },
    );
    call.on('error', () => (lost++, resolve(null)));
    call.end(body);
  });
}
const more = () => loading && sent < REQUESTS_MAX;
async function checkoutLane(cookie: string) {
  const address = await post({ code: 'new_add_addreses', label: 'خانه من', address: 'تهران، ونک، خیابان ملاصدرا', lat: 35.7601, lng: 51.4102 }, cookie);
  const addressId = address?.body.data?.id as number;
  while (more()) {
    const added = await post({ code: 'cart_controller', item_id: koobideh.id, count: 1, feature_name: 'با گوجه کبابی' }, cookie);
    const orderId = (added?.body.data?.order as { id?: number } | undefined)?.id;
    await sleep(PAUSE_MS);
    if (!orderId) continue;
    await post({ code: 'update_address_order', order_id: orderId, delivery_method: 2, address_id: addressId }, cookie);
    await sleep(PAUSE_MS);
    const placed = await post({ code: 'final_order', order_id: orderId, payment: 'cash', idempotency_key: randomBytes(12).toString('hex') }, cookie);
    if (placed?.status === 200 && placed.body.status === true) placedOrders.push(orderId);
    await sleep(PAUSE_MS);
  }
}
async function readLane() {
  while (more()) {
    await post({ code: 'get_shop', language: 'fa' });
    await sleep(PAUSE_MS);
    await post({ code: 'get_all_folders', language: 'fa' });
    await sleep(PAUSE_MS);
  }
}
const began = Date.now();
const lanes = [...cookies.map((cookie) => checkoutLane(cookie)), ...Array.from({ length: READ_LANES }, () => readLane())];
const stopAt = setTimeout(() => (loading = false), LOAD_SECONDS_MAX * 1000);

// The rolling restart, each instance in turn.
const restartTimes: number[] = [];
await sleep(SETTLE_MS);
for (const instance of instances) {
  if (!loading) break;
  const stopped = Date.now();
  const child = instance.child!;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  if (code !== 0) console.error(`instance on port ${instance.port} exited with ${code}`);
  instance.ready = false;
  instance.silent = 0;
  start(instance);
  await untilReady(instance);
  instance.restarts += 1;
  restartTimes.push(Date.now() - stopped);
  await sleep(SETTLE_MS);
}
loading = false;
clearTimeout(stopAt);
await Promise.all(lanes);
const seconds = (Date.now() - began) / 1000;
// Announcements still on their way over loopback.
await sleep(500);

const written = await setup.db.select({ id: liveEvents.id, type: liveEvents.type }).from(liveEvents).where(gt(liveEvents.id, before));
const missing = written.filter((event) => !announced.has(event.id));

checking = false;
await checks;
for (const instance of instances) {
  const exited = once(instance.child!, 'exit');
  instance.child!.kill('SIGTERM');
  await exited;
}
balancer.close();
clientAgent.destroy();
backendAgent.destroy();
await listener.end();
await setup.close();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });

const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
const types = [...new Set(written.map((event) => event.type))].join(', ');
console.log(`\nrolling restart of 2 instances under load (${CHECKOUT_LANES} checkout lanes, ${READ_LANES} read lanes, ${PAUSE_MS} ms pauses, ${seconds.toFixed(1)} s)`);
console.log(`restarts: ${restartTimes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} from SIGTERM to ready again`);
console.log(`requests sent        ${sent}`);
console.log(`answered             ${answered}  (${[...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ')})`);
console.log(`lost                 ${lost}  (connection errors seen by the client)`);
console.log(`balancer             ${balancerErrors.refusedThenRetried} refused connections tried on the other instance, ${balancerErrors.failedAfterSending} failed after sending, ${balancerErrors.noInstanceReady} with no instance ready`);
console.log(`orders placed        ${placedOrders.length}`);
console.log(`live events written  ${written.length} (${types}), announced on the bus ${written.length - missing.length}, not announced ${missing.length}`);
process.exit(lost === 0 && missing.length === 0 ? 0 : 1);
