/**
 * `npm run bench:longpoll`: N idle long-polls held on one instance of the real server (embedded
 * PGlite on its thread, or PostgreSQL with BENCH_DATABASE_URL; NODE_ENV=production), the server's RSS with them held, and event delivery:
 * the time from a customer's send_message_web to the answer of that customer's own held long-poll
 * (the echo to their other tabs), p50 and p99, sampled one at a time while the others stay held.
 * The server runs in a child process (its RSS is its own) and ramps through the stages in order.
 *
 *   BENCH_POLLS=1000,5000,10000   the stages (idle long-polls held)
 *   BENCH_SAMPLES=200             delivery samples per stage
 *   LONGPOLL_HOLD_MS              the server's hold (default the contract's 25 s; an answered hold is re-polled)
 *
 * Every poll is its own TCP connection: the server and this process each need an open file per
 * poll. The npm script raises `ulimit -n` as far as the hard limit allows; a stage beyond it is refused up front.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
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
import { customerAddress, postForm } from './bench-post';

/** BENCH_DATABASE_URL (an empty PostgreSQL database; see bench:longpoll:pg) runs the server on PostgreSQL instead of PGlite. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? null;
const DATABASE = DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
const STAGES = (process.env.BENCH_POLLS ?? '1000,5000,10000').split(',').map((value) => Number(value.trim())).filter((value) => value > 0);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const HOST = 'grocery.localhost';
/** Polls opened at once while ramping up. */
const RAMP_BATCH = 250;
interface Ready {
  port: number;
  cookiesFile: string;
}

/** A seeded PGlite in a temporary folder with `count` signed-in customers; prints the folder. Its own process, so the server starts as after a restart. */
async function prepare(count: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-longpoll-'));
  const connection = await connect({ url: DATABASE_URL, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const [grocery] = await connection.db.select().from(shops).where(eq(shops.slug, 'grocery'));
  const rootId = grocery.rootId ?? grocery.id;
  const cookies: string[] = [];
  // Sessions are inserted as the login writes them (sha256 of the cookie's token), a batch at a time.
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const rows = await connection.db
      .insert(users)
      .values(Array.from({ length: size }, (_, index) => ({ rootId, mobile: `0990${String(start + index).padStart(7, '0')}`, name: `bench ${start + index}`, accessFlag: 1 })))
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await connection.db.insert(sessions).values(rows.map((row, index) => ({ id: hashToken(tokens[index]), userId: row.id, rootId, expiresAt: new Date(Date.now() + 86_400_000) })));
    cookies.push(...tokens.map((token) => `sid=${token}`));
  }
  await connection.close();
  writeFileSync(join(dataDir, 'cookies.json'), JSON.stringify(cookies));
  process.stdout.write(`${dataDir}\n`);
}

/** The server on the prepared folder, started as main.ts does (migrate, seed only when empty); answers `stats` on stdin. */
async function serve(dataDir: string) {
  const connection = await connect({ url: DATABASE_URL, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const holdMs = process.env.LONGPOLL_HOLD_MS ? Number(process.env.LONGPOLL_HOLD_MS) : undefined;
  const app = await buildApp({ db: connection.db, config: { defaultShop: 'grocery', spaDir: join(dataDir, 'no-spa'), nodeEnv: 'production', longpollHoldMs: holdMs } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, cookiesFile: join(dataDir, 'cookies.json') } satisfies Ready)}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    // 'held': the count alone, asked often while ramping; 'stats' collects garbage first (a full GC of the held heap), so only at measurements.
    if (line.trim() === 'held') {
      process.stdout.write(`${JSON.stringify({ ...app.live.stats(), rss: 0, heapUsed: 0 })}\n`);
      return;
    }
    if (line.trim() !== 'stats') return;
    global.gc?.();
    const memory = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ ...app.live.stats(), rss: memory.rss, heapUsed: memory.heapUsed })}\n`);
  });
  process.once('SIGTERM', async () => {
    await app.close();
    await connection.close();
    process.exit(0);
  });
}

/** The soft limit of open files this process inherited. */
function openFileLimit(): number {
  const result = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = Number(result.stdout.trim());
  return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
}

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);

/** POST /order/order.php at the grocery; resolves with the parsed envelope. */
const post = (port: number, agent: Agent, cookie: string, fields: Record<string, string>, localAddress?: string) => postForm(port, agent, HOST, cookie, fields, localAddress);

interface LongPollData {
  count: number;
  events: { id: number; type: string; message?: { id: number } }[];
}

async function measure() {
  const most = Math.max(...STAGES);
  const limit = openFileLimit();
  if (most + 200 > limit) {
    console.error(`bench:longpoll: ${most} polls need about ${most + 200} open files here and in the server; ulimit -n is ${limit}. Raise it (ulimit -n ${most + 1000}) or lower BENCH_POLLS.`);
    process.exit(1);
  }
  // Customers: one per poll, and one more whose send gives the shop its first event (a first poll then answers at once).
  const preparing = performance.now();
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--prepare', String(most + 1)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (prepared.status !== 0) throw new Error(`preparing the database failed (${prepared.status})`);
  const dataDir = prepared.stdout.trim().split('\n').at(-1)!;
  console.log(`database prepared (${most + 1} customers with sessions) in ${((performance.now() - preparing) / 1000).toFixed(1)} s`);
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let exited: ((code: number | null) => void) | null = null;
  child.once('exit', (code) => exited?.(code));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      exited = (code) => reject(new Error(`server exited with ${code}`));
      lines.once('line', (line) => {
        exited = null;
        resolve(line);
      });
    });
  const started = performance.now();
  const ready = JSON.parse(await nextLine()) as Ready;
  console.log(`server ready (pid ${child.pid}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const stats = async (command: 'stats' | 'held' = 'stats') => {
    child.stdin!.write(`${command}\n`);
    return JSON.parse(await nextLine()) as { watches: number; audiences: number; rss: number; heapUsed: number };
  };
  const cookies = JSON.parse(readFileSync(ready.cookiesFile, 'utf8')) as string[];
  const sender = cookies.pop()!;
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const sendAgent = new Agent({ keepAlive: false });
  await post(ready.port, sendAgent, sender, { code: 'send_message_web', name: 'bench', message: 'warm-up' });

  // Each poller polls again as soon as it is answered, from its new cursor; a waiting sample is resolved by its echo.
  const waiting = new Map<number, { messageId: number | null; resolve: () => void; seen: Set<number> }>();
  let stopping = false;
  let failures = 0;
  const poller = async (index: number, cursor: number) => {
    let count = cursor;
    while (!stopping) {
      const reply = await post(ready.port, agent, cookies[index], { code: 'longpull', count: String(count) }, customerAddress(index)).catch(() => null);
      if (!reply || reply.status !== 200) {
        failures += 1;
        if (stopping) return;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      const data = reply.body.data as LongPollData;
      count = data.count;
      const sample = waiting.get(index);
      if (sample) {
        for (const event of data.events) if (event.message) sample.seen.add(event.message.id);
        if (sample.messageId !== null && sample.seen.has(sample.messageId)) sample.resolve();
      }
    }
  };

  const pollers: Promise<void>[] = [];
  const rows: string[] = [];
  // Every customer polls once with count 0 (answered at once with the cursor): the server has read each session
  // once, as it will for the held polls, so the baseline already holds what its database caches keep.
  const cursors: number[] = [];
  for (let start = 0; start < most; start += RAMP_BATCH) {
    const batch = cookies.slice(start, Math.min(most, start + RAMP_BATCH));
    const answers = await Promise.all(batch.map((cookie, offset) => post(ready.port, agent, cookie, { code: 'longpull', count: '0' }, customerAddress(start + offset))));
    cursors.push(...answers.map((answer) => (answer.body.data as LongPollData).count));
  }
  const baseline = await stats();
  console.log(`baseline: RSS ${(baseline.rss / 2 ** 20).toFixed(0)} MiB, heap ${(baseline.heapUsed / 2 ** 20).toFixed(0)} MiB, every customer polled once, none held`);
  let opened = 0;
  let sampleSeq = 0;
  for (const stage of STAGES) {
    // Ramp up a batch at a time, each held before the next connects: thousands of connections opened at once
    // overflow the listen backlog (511), and the kernel's SYN retries (1 s, 3 s, 7 s, ...) would be measured instead.
    let held = await stats('held');
    while (opened < stage) {
      const batchEnd = Math.min(stage, opened + RAMP_BATCH);
      while (opened < batchEnd) pollers.push(poller(opened, cursors[opened++]));
      const settleUntil = performance.now() + 10_000;
      do {
        await new Promise((resolve) => setTimeout(resolve, 50));
        held = await stats('held');
      } while (held.watches < opened && performance.now() < settleUntil);
    }
    const settleUntil = performance.now() + 30_000;
    while (held.watches < stage && performance.now() < settleUntil) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      held = await stats('held');
    }
    held = await stats();
    const delays: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const index = (sampleSeq * 7919) % stage;
      // A client address per 50 sends: the per-address send limit (60 a minute) is not what is measured.
      const localAddress = `127.0.${1 + Math.floor(sampleSeq / 50 / 250)}.${1 + (Math.floor(sampleSeq / 50) % 250)}`;
      sampleSeq += 1;
      let resolveEcho!: () => void;
      const echoed = new Promise<void>((resolve) => (resolveEcho = resolve));
      const entry = { messageId: null as number | null, resolve: resolveEcho, seen: new Set<number>() };
      waiting.set(index, entry);
      const sent = performance.now();
      const reply = await post(ready.port, sendAgent, cookies[index], { code: 'send_message_web', name: 'bench', message: `sample ${sample}` }, localAddress);
      if (reply.status !== 200) throw new Error(`send_message_web answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      entry.messageId = (reply.body.data as { id: number }).id;
      if (entry.seen.has(entry.messageId)) entry.resolve();
      await echoed;
      delays.push(performance.now() - sent);
      waiting.delete(index);
    }
    delays.sort((a, b) => a - b);
    const after = await stats();
    const perPoll = (held.rss - baseline.rss) / Math.max(1, held.watches) / 1024;
    const heapPerPoll = (held.heapUsed - baseline.heapUsed) / Math.max(1, held.watches) / 1024;
    rows.push(
      `| ${stage} | ${held.watches} | ${(held.rss / 2 ** 20).toFixed(0)} | ${(held.heapUsed / 2 ** 20).toFixed(0)} | ${perPoll.toFixed(1)} | ${heapPerPoll.toFixed(1)} | ${percentile(delays, 0.5).toFixed(1)} | ${percentile(delays, 0.99).toFixed(1)} | ${delays.length} | ${(after.rss / 2 ** 20).toFixed(0)} |`,
    );
    console.log(rows.at(-1));
  }

  const closing = performance.now();
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const closeMs = performance.now() - closing;
  await Promise.allSettled(pollers);
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`\nlong-polls held on one instance (${DATABASE}, NODE_ENV=production)`);
  console.log('| stage | polls held | server RSS MiB | heap MiB | RSS per poll KiB | heap per poll KiB | delivery p50 ms | delivery p99 ms | samples | RSS after samples MiB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nbaseline RSS ${(baseline.rss / 2 ** 20).toFixed(0)} MiB; server closed with ${opened} polls held in ${closeMs.toFixed(0)} ms; failed polls: ${failures}`);
  console.log('delivery: from posting send_message_web to the answer of the same customer\'s held long-poll (its echo to their other tabs)');
}

const mode = process.argv.find((argument) => argument === '--prepare' || argument === '--serve');
const modeArgument = process.argv[process.argv.indexOf(mode ?? '') + 1];
if (mode === '--prepare') await prepare(Number(modeArgument));
else if (mode === '--serve') await serve(modeArgument);
else await measure();
