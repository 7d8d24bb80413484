/**
 * `npm run bench:slow-clients`: what slow clients cost the real server (embedded PGlite in memory,
 * NODE_ENV=production, in its own process), in two parts:
 *
 *   (a) BENCH_SLOW (300) connections, 100 per loopback address, each sending a get_shop whose body
 *       (1,000 bytes declared) trickles a byte every 2 s: how long each stays open, watched for
 *       BENCH_WINDOW_S (60) seconds;
 *   (b) one address (127.0.0.5) opens BENCH_FLOOD (900) such connections, then another (127.0.0.6)
 *       sends BENCH_REQUESTS (30) get_shop one after another, each on a new connection: their
 *       latency, failures, and how many of the flood's connections the server kept.
 *
 * Every 127.0.0.x is this machine (Linux), so each part's clients have addresses of their own.
 */
import { spawn } from 'node:child_process';
import { connect as connectSocket, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { seedDemoShops } from '../server/seed';

const SLOW = Number(process.env.BENCH_SLOW ?? 300);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 60);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 900);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const HOST = 'kebab.localhost';

/** The server, as main.ts builds it in production, on an in-memory PGlite; prints its port. */
async function serve() {
  const connection = await connect({ url: null, dataDir: null });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const app = await buildApp({ db: connection.db, config: { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-bench-no-spa'), nodeEnv: 'production' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
}

const head = (length: number, close = false) =>
  `POST /order/order.php HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;

interface Slow {
  socket: Socket;
  opened: number;
  /** ms the connection stayed open; null while open */
  lasted: number | null;
}

/** A connection from `from` that sends a get_shop head and then its body a byte every 2 s. */
function slowClient(port: number, from: string): Promise<Slow> {
  return new Promise((resolve) => {
    const socket = connectSocket({ port, host: '127.0.0.1', localAddress: from });
    const slow: Slow = { socket, opened: performance.now(), lasted: null };
    let trickle: NodeJS.Timeout | null = null;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      slow.lasted ??= performance.now() - slow.opened;
      if (trickle) clearInterval(trickle);
      resolve(slow);
    });
    socket.on('connect', () => {
      slow.opened = performance.now();
      socket.write(`${head(1000)}code=get_shop&x=`);
      trickle = setInterval(() => socket.write('a'), 2_000);
      resolve(slow);
    });
  });
}

/** One get_shop on a new connection from `from`: ms to the whole answer, or null when it failed. */
function timedGetShop(port: number, from: string): Promise<number | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connectSocket({ port, host: '127.0.0.1', localAddress: from });
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 30_000);
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text.startsWith('HTTP/1.1 200') ? performance.now() - started : null);
    });
    socket.on('connect', () => socket.write(`${head(13, true)}code=get_shop`));
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line)));
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  try {
    // (a) slow bodies from three addresses, 100 each.
    const slow: Slow[] = [];
    for (let index = 0; index < SLOW; index += 1) slow.push(await slowClient(port, `127.0.0.${2 + Math.floor(index / 100)}`));
    const deadline = performance.now() + WINDOW_S * 1000;
    while (performance.now() < deadline && slow.some((client) => client.lasted === null)) await sleep(250);
    const closed = slow.flatMap((client) => (client.lasted === null ? [] : [client.lasted]));
    const stillOpen = slow.length - closed.length;
    for (const client of slow) client.socket.destroy();
    console.log(`(a) ${SLOW} slow-body connections, watched ${WINDOW_S} s: ${closed.length} closed by the server (p50 ${seconds(percentile(closed, 50))}, max ${seconds(Math.max(0, ...closed))}), ${stillOpen} still open at the end`);

    // (b) one address floods, another asks.
    const flood: Slow[] = [];
    for (let index = 0; index < FLOOD; index += 1) flood.push(await slowClient(port, '127.0.0.5'));
    await sleep(500);
    const kept = flood.filter((client) => client.lasted === null).length;
    const latencies: number[] = [];
    let failed = 0;
    for (let index = 0; index < REQUESTS; index += 1) {
      const ms = await timedGetShop(port, '127.0.0.6');
      if (ms === null) failed += 1;
      else latencies.push(ms);
    }
    for (const client of flood) client.socket.destroy();
    console.log(
      `(b) one address opened ${FLOOD} slow connections, the server kept ${kept}; another address's ${REQUESTS} get_shop: ` +
        `${latencies.length} answered (p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(0, ...latencies).toFixed(1)} ms), ${failed} failed`,
    );
  } finally {
    child.kill();
  }
}

if (process.argv[2] === 'serve') await serve();
else await run();
