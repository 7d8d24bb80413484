/**
 * `npm run bench:api`: requests per second and p99 latency of get_shop and
 * get_all_folders (form bodies, Host kebab.localhost) on the real app over a
 * seeded temporary PGlite, beside a bare Fastify route, 100 connections, 10 s
 * each. The servers run in a child process so the load generator does not
 * share their event loop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { seedDemoShops } from '../server/seed';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<AutocannonResult>;

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const connection = await connect({ url: null, dataDir });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const app = await buildApp({ db: connection.db, config: { defaultShop: 'kebab', spaDir: join(dataDir, 'no-spa'), nodeEnv: 'production' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: typeof app) => (server.server.address() as { port: number }).port;
  process.stdout.write(`${JSON.stringify({ app: port(app), bare: port(bare) })}\n`);
  process.once('SIGTERM', async () => {
    await Promise.all([app.close(), bare.close()]);
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function measure() {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split('\n')[0])));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const form = (code: string) => ({
    url: `http://127.0.0.1:${ports.app}/order/order.php`,
    method: 'POST',
    headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    body: `code=${code}&language=fa`,
  });
  const runs: [string, Omit<Parameters<Autocannon>[0], 'connections' | 'duration'>][] = [
    ['bare Fastify GET /bare', { url: `http://127.0.0.1:${ports.bare}/bare` }],
    ['POST get_shop', form('get_shop')],
    ['POST get_all_folders', form('get_all_folders')],
  ];
  const rows: { name: string; rps: number; p99: number; mean: number; bad: number }[] = [];
  try {
    for (const [name, options] of runs) {
      await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up (JIT, caches)
      const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
      rows.push({ name, rps: result.requests.average, p99: result.latency.p99, mean: result.latency.average, bad: result.non2xx + result.errors + result.timeouts });
    }
  } finally {
    child.kill('SIGTERM');
  }
  const bare = rows[0];
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, one machine, servers in a child process\n`);
  console.log('route'.padEnd(26), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'mean ms'.padStart(8), 'vs bare'.padStart(8), 'non-2xx/err'.padStart(12));
  for (const row of rows) {
    console.log(
      row.name.padEnd(26),
      row.rps.toFixed(0).padStart(10),
      String(row.p99).padStart(8),
      row.mean.toFixed(1).padStart(8),
      `${((row.rps / bare.rps) * 100).toFixed(1)}%`.padStart(8),
      String(row.bad).padStart(12),
    );
  }
}

if (process.argv.includes('--serve')) await serve();
else await measure();
