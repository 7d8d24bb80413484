/**
 * `npm run bench:longpoll:account`: what one account's many long polls cost everyone else. One customer opens
 * BENCH_POLLS polls (each its own connection, from one address, over BENCH_SESSIONS sessions of theirs); once every
 * poll is held or answered, the shop replies to them (one event for their audience), and another customer's get_cart
 * is timed while that event wakes the held polls: p50 and p99 over every round, beside get_cart with no poll held.
 * The server (NODE_ENV=production, embedded PGlite on its thread, or PostgreSQL with BENCH_DATABASE_URL) runs in a
 * child process.
 *
 *   BENCH_POLLS=4000      polls one account opens each round
 *   BENCH_SESSIONS=1      sessions of that account they are spread over (round-robin)
 *   BENCH_ROUNDS=3        rounds (each opens the polls again, then sends one reply)
 *   BENCH_SAMPLES=25      get_cart requests per round, started every BENCH_SPACING_MS from the reply on
 *   BENCH_SPACING_MS=20
 *
 * A poll answered at once (past the server's bounds) is not polled again within its round: a client that polls
 * again at once is a flood of requests like any other code's, which is not what is measured here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { sessions, shops, users } from '../server/db/schema';
import { hashToken } from '../server/repositories/user-repository';
import { seedDemoShops } from '../server/seed';
import { appendSupportMessage } from '../server/services/chat/support-messages';
import { createRepositories } from '../server/repositories';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? null;
const DATABASE = DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
const POLLS = Number(process.env.BENCH_POLLS ?? 4000);
const SESSIONS = Math.max(1, Number(process.env.BENCH_SESSIONS ?? 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 20);
const HOST = 'grocery.localhost';
/** Polls opened at once: thousands of connections at once overflow the listen backlog (511). */
const RAMP_BATCH = 250;

interface Prepared {
  dataDir: string;
  /** the polling account's id and its sessions' cookies */
  pollerId: number;
  pollerCookies: string[];
  /** the other customer, whose get_cart is timed */
  otherCookie: string;
}

/** A seeded database in a temporary folder with the two customers and their sessions; prints them as JSON. */
async function prepare() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-longpoll-account-'));
  const connection = await connect({ url: DATABASE_URL, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const [grocery] = await connection.db.select().from(shops).where(eq(shops.slug, 'grocery'));
  const rootId = grocery.rootId ?? grocery.id;
  const [poller, other] = await connection.db
    .insert(users)
    .values([
      { rootId, mobile: '09900000001', name: 'poller', accessFlag: 1 },
      { rootId, mobile: '09900000002', name: 'other', accessFlag: 1 },
    ])
    .returning({ id: users.id });
  const cookieFor = async (userId: number, count: number) => {
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    await connection.db.insert(sessions).values(tokens.map((token) => ({ id: hashToken(token), userId, rootId, expiresAt: new Date(Date.now() + 86_400_000) })));
    return tokens.map((token) => `sid=${token}`);
  };
  const prepared: Prepared = { dataDir, pollerId: poller.id, pollerCookies: await cookieFor(poller.id, SESSIONS), otherCookie: (await cookieFor(other.id, 1))[0] };
  await connection.close();
  process.stdout.write(`${JSON.stringify(prepared)}\n`);
}

/** The server on the prepared folder; on stdin, `held` prints the held polls and `reply <userId>` stores a shop reply. */
async function serve(dataDir: string) {
  const connection = await connect({ url: DATABASE_URL, dataDir });
  await migrate(connection);
  const app = await buildApp({ db: connection.db, config: { defaultShop: 'grocery', spaDir: join(dataDir, 'no-spa'), nodeEnv: 'production' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [grocery] = await connection.db.select().from(shops).where(eq(shops.slug, 'grocery'));
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    const [command, argument] = line.trim().split(' ');
    if (command === 'held') process.stdout.write(`${JSON.stringify(app.live.stats())}\n`);
    if (command === 'reply') {
      void appendSupportMessage({ repos: createRepositories(connection.db, grocery), live: app.live }, { shop: grocery, userId: Number(argument), from: 'shop', name: grocery.name, message: 'bench' }).then(() =>
        process.stdout.write(`${JSON.stringify({ replied: true })}\n`),
      );
    }
  });
  process.once('SIGTERM', async () => {
    await app.close();
    await connection.close();
    process.exit(0);
  });
}

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);

/** POST /order/order.php; resolves with the status and the envelope's data. */
function post(port: number, agent: Agent, cookie: string, fields: Record<string, string>): Promise<{ status: number; data: unknown }> {
  const payload = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/order/order.php', method: 'POST', agent, headers: { host: HOST, cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, data: (JSON.parse(Buffer.concat(chunks).toString()) as { data: unknown }).data });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure() {
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--prepare'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (prepared.status !== 0) throw new Error(`preparing the database failed (${prepared.status})`);
  const { dataDir, pollerId, pollerCookies, otherCookie } = JSON.parse(prepared.stdout.trim().split('\n').at(-1)!) as Prepared;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const { port } = JSON.parse(await nextLine()) as { port: number };
  const ask = async <T>(command: string): Promise<T> => {
    child.stdin!.write(`${command}\n`);
    return JSON.parse(await nextLine()) as T;
  };
  const held = async () => (await ask<{ watches: number }>('held')).watches;
  const polls = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const others = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const getCart = async () => {
    const started = performance.now();
    const reply = await post(port, others, otherCookie, { code: 'get_cart' });
    if (reply.status !== 200) throw new Error(`get_cart answered ${reply.status}`);
    return performance.now() - started;
  };

  // The shop's first event, so the poller's cursor is a real one; then get_cart with nothing held.
  await ask('reply ' + pollerId);
  const cursor = ((await post(port, polls, pollerCookies[0], { code: 'longpull', count: '0' })).data as { count: number }).count;
  for (let warm = 0; warm < 20; warm += 1) await getCart();
  const idle: number[] = [];
  for (let sample = 0; sample < 100; sample += 1) idle.push(await getCart());
  idle.sort((a, b) => a - b);

  const during: number[] = [];
  const wakes: number[] = [];
  const heldAtEvent: number[] = [];
  const answeredEarly: number[] = [];
  let count = cursor;
  for (let round = 0; round < ROUNDS; round += 1) {
    let answered = 0;
    let early = 0;
    let lastAnswer = 0;
    const open: Promise<void>[] = [];
    for (let opened = 0; opened < POLLS; ) {
      const batchEnd = Math.min(POLLS, opened + RAMP_BATCH);
      for (; opened < batchEnd; opened += 1) {
        open.push(
          post(port, polls, pollerCookies[opened % pollerCookies.length], { code: 'longpull', count: String(count) }).then((reply) => {
            answered += 1;
            lastAnswer = performance.now();
            if (reply.status === 200 && (reply.data as { count: number }).count === count) early += 1;
          }),
        );
      }
      // The batch is in once each of its polls is held or answered.
      while (answered + (await held()) < opened) await sleep(20);
    }
    // Settled: a get_cart runs after every first read the ramp queued (PGlite runs statements in order), and the
    // polls replaced meanwhile have answered; what the hub holds now is what the reply wakes.
    await getCart();
    for (let last = -1, now = await held(); now !== last || answered + now < POLLS; last = now, now = await held()) await sleep(50);
    heldAtEvent.push(await held());
    answeredEarly.push(early);
    const answeredBefore = answered;
    const sent = performance.now();
    const replied = ask('reply ' + pollerId);
    const samples: Promise<number>[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      samples.push(getCart());
      await sleep(SPACING_MS);
    }
    during.push(...(await Promise.all(samples)));
    await replied;
    await Promise.all(open);
    wakes.push(answered > answeredBefore ? lastAnswer - sent : 0);
    // Every poll of this round is answered; the next round polls from the reply's event on.
    count = ((await post(port, polls, pollerCookies[0], { code: 'longpull', count: String(count), wait: '0' })).data as { count: number }).count;
    console.log(`round ${round + 1}: ${heldAtEvent.at(-1)} polls held at the reply, ${answeredEarly.at(-1)} of ${POLLS} answered before it (replaced, or held past its hold); last poll answered ${wakes.at(-1)!.toFixed(0)} ms after the reply`);
  }
  during.sort((a, b) => a - b);

  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  polls.destroy();
  others.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`\none account's ${POLLS} long polls over ${SESSIONS} session(s) from one address (${DATABASE}, NODE_ENV=production), ${ROUNDS} rounds`);
  console.log("| another customer's get_cart | p50 ms | p99 ms | samples |");
  console.log('|---|---|---|---|');
  console.log(`| no poll held | ${percentile(idle, 0.5).toFixed(1)} | ${percentile(idle, 0.99).toFixed(1)} | ${idle.length} |`);
  console.log(`| while one reply wakes the held polls | ${percentile(during, 0.5).toFixed(1)} | ${percentile(during, 0.99).toFixed(1)} | ${during.length} |`);
  console.log(`\npolls held at each reply: ${heldAtEvent.join(', ')}; answered before the reply: ${answeredEarly.join(', ')}; reply to last poll answered: ${wakes.map((ms) => ms.toFixed(0)).join(', ')} ms`);
}

const mode = process.argv.find((argument) => argument === '--prepare' || argument === '--serve');
if (mode === '--prepare') await prepare();
else if (mode === '--serve') await serve(process.argv[process.argv.indexOf(mode) + 1]);
else await measure();
