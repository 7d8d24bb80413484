/**
 * `npm run bench:longpoll:checkout`: what many held long-polls cost the shop's checkouts on one instance of the real
 * server (embedded PGlite on its thread, or PostgreSQL with BENCH_DATABASE_URL; NODE_ENV=production).
 *
 * 50 signed-in customers place cash orders in a loop (bench-checkouts.ts) for BENCH_SECONDS, first with no poll held,
 * then while BENCH_POLLS other customers each hold a long-poll. The polls are opened together, as after a restart or a
 * network blip, so without jitter their holds end together and they all poll again at once; the second run is timed so
 * that their first hold's end falls BENCH_LEAD seconds into it. Prints checkout p50/p95/p99 of both runs and their
 * ratio, and the polls answered during the second run.
 *
 *   BENCH_POLLS=2000     long-polls held (one customer and one TCP connection each)
 *   BENCH_SECONDS=15     length of each checkout run
 *   BENCH_LEAD=5         seconds from the polled run's start to the polls' first hold end
 *   LONGPOLL_HOLD_MS     the server's hold (default the contract's 25 s)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { LONGPOLL_HOLD_MS } from '../contract/rules/chat';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { items, sessions, shops, users } from '../server/db/schema';
import { hashToken } from '../server/repositories/user-repository';
import { seedDemoShops } from '../server/seed';
import { checkouts, type CheckoutRun } from './bench-checkouts';
import { customerAddress, postForm } from './bench-post';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? null;
const POLLS = Number(process.env.BENCH_POLLS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEAD_MS = Number(process.env.BENCH_LEAD ?? 5) * 1000;
const HOLD_MS = Number(process.env.LONGPOLL_HOLD_MS ?? LONGPOLL_HOLD_MS);
const CHECKOUT_CUSTOMERS = 50;
const HOST = 'kebab.localhost';
/** Polls opened at once: more overflow the listen backlog (511) and the kernel's SYN retries would be measured. */
const OPEN_BATCH = 250;

interface Ready {
  port: number;
  checkoutCookies: string[];
  pollCookies: string[];
  itemId: number;
}

/** Signed-in customers of `rootId`, their sessions inserted as the login writes them, 500 at a time. */
async function signedIn(db: Awaited<ReturnType<typeof connect>>['db'], rootId: number, prefix: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const rows = await db
      .insert(users)
      .values(Array.from({ length: size }, (_, index) => ({ rootId, mobile: `${prefix}${String(start + index).padStart(6, '0')}`, name: `bench ${start + index}`, accessFlag: 1 })))
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(rows.map((row, index) => ({ id: hashToken(tokens[index]), userId: row.id, rootId, expiresAt: new Date(Date.now() + 86_400_000) })));
    cookies.push(...tokens.map((token) => `sid=${token}`));
  }
  return cookies;
}

async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-polls-'));
  const connection = await connect({ url: DATABASE_URL, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  // Opening hours would make the checkouts depend on the time of day.
  await connection.db.update(shops).set({ opensAt: null, closesAt: null }).where(eq(shops.slug, 'kebab'));
  const [kebab] = await connection.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const [koobideh] = await connection.db.select().from(items).where(and(eq(items.shopId, kebab.id), eq(items.nameEn, 'Koobideh kebab')));
  const checkoutCookies = await signedIn(connection.db, kebab.id, '09120', CHECKOUT_CUSTOMERS);
  const pollCookies = await signedIn(connection.db, kebab.id, '09900', POLLS);
  const app = await buildApp({ db: connection.db, logger: { stream: process.stderr }, config: { defaultShop: 'kebab', spaDir: join(dataDir, 'no-spa'), nodeEnv: 'production', longpollHoldMs: HOLD_MS } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port, checkoutCookies, pollCookies, itemId: koobideh.id } satisfies Ready)}\n`);
  process.once('SIGTERM', async () => {
    await app.close();
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffered = '';
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(buffered.slice(0, newline)) as Ready);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let stopping = false;
  let answered = 0;
  let failed = 0;
  const pollers: Promise<void>[] = [];
  const runs: { name: string; run: CheckoutRun; polls: number }[] = [];
  try {
    await checkouts(ready.port, ready.checkoutCookies, ready.itemId, 3); // warm-up (JIT, caches)
    runs.push({ name: 'no poll held', run: await checkouts(ready.port, ready.checkoutCookies, ready.itemId, SECONDS), polls: 0 });

    // Every poller's cursor (a first poll, answered at once), then all polls opened together.
    const cursors: number[] = [];
    for (let start = 0; start < POLLS; start += OPEN_BATCH) {
      const batch = ready.pollCookies.slice(start, start + OPEN_BATCH);
      const answers = await Promise.all(batch.map((cookie, offset) => postForm(ready.port, agent, HOST, cookie, { code: 'longpull', count: '0' }, customerAddress(start + offset))));
      cursors.push(...answers.map((answer) => (answer.body.data as { count: number }).count));
    }
    const poller = async (index: number) => {
      let count = cursors[index];
      while (!stopping) {
        const reply = await postForm(ready.port, agent, HOST, ready.pollCookies[index], { code: 'longpull', count: String(count) }, customerAddress(index)).catch(() => null);
        if (stopping) return;
        if (!reply || reply.status !== 200) {
          failed += 1;
          await sleep(1_000);
          continue;
        }
        answered += 1;
        count = (reply.body.data as { count: number }).count;
      }
    };
    const opened = performance.now();
    for (let start = 0; start < POLLS; start += OPEN_BATCH) {
      for (let index = start; index < Math.min(POLLS, start + OPEN_BATCH); index += 1) pollers.push(poller(index));
      await sleep(50);
    }
    await sleep(Math.max(0, HOLD_MS - LEAD_MS - (performance.now() - opened)));
    answered = 0;
    runs.push({ name: `${POLLS} polls held`, run: await checkouts(ready.port, ready.checkoutCookies, ready.itemId, SECONDS), polls: answered });
  } finally {
    stopping = true;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await Promise.allSettled(pollers);
    agent.destroy();
  }
  console.log(`\ncheckouts by ${CHECKOUT_CUSTOMERS} customers, ${SECONDS} s a run, ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, NODE_ENV=production; hold ${HOLD_MS} ms`);
  console.log('| run | checkouts/s | p50 ms | p95 ms | p99 ms | failed | polls answered during the run |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { name, run, polls } of runs) {
    console.log(`| ${name} | ${run.rps.toFixed(1)} | ${run.p50.toFixed(0)} | ${run.p95.toFixed(0)} | ${run.p99.toFixed(0)} | ${run.bad} | ${polls} |`);
  }
  const [quiet, polled] = runs;
  if (quiet && polled) console.log(`\np99 with polls / without: ${(polled.run.p99 / quiet.run.p99).toFixed(2)}; failed polls: ${failed}`);
}

if (process.argv.includes('--serve')) await serve();
else await measure();
