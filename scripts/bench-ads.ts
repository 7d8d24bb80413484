/**
 * `npm run bench:ads` (a benchmark, not a test): the classifieds' two busiest reads over 100,000 ads, on PGlite and
 * (`npm run bench:ads:pg`, through scripts/with-postgres.mjs) PostgreSQL.
 *
 * - The real-estate demo is seeded, then BENCH_ADS (default 100,000) published ads are inserted by one SQL statement
 *   across Tehran (deterministic figures from the row number), and the tables analysed.
 * - BENCH_CONNECTIONS (default 20) clients send, one after another each, BENCH_REQUESTS (default 1,000 per code in all):
 *   filter_all_ads_ty with three filters (rent, meterage from 60, monthly rent up to a bound) at varying offsets, and
 *   get_ads_by_location over a neighborhood-sized box (points) or the whole city (clusters).
 * - Reported: p50 / p99 / max and requests per second of each code's answer as the client sees it, and the
 *   EXPLAIN (ANALYZE, BUFFERS) of each code's statements (docs/classifieds.md quotes them): no sequential scan over all ads.
 *
 * The app runs in this process, NODE_ENV=production, listening on a local port.
 */
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { shops } from '../server/db/schema';
import { createRepositories } from '../server/repositories';
import { rowsOf } from '../server/repositories/rows-of';
import { seedDemoShops } from '../server/seed';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? null;
const ADS = Number(process.env.BENCH_ADS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const HOST = 'realestate.localhost';

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length})`;
};

function post(port: number, agent: Agent, fields: Record<string, string>): Promise<{ status: number; body: string }> {
  const payload = new URLSearchParams(fields).toString();
  return new Promise((done, fail) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/order/order.php', method: 'POST', agent, headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', fail);
    request.end(payload);
  });
}

/** The three filters of the list and a map box, varied by the request's number. */
const filterRequest = (index: number) => ({
  code: 'filter_all_ads_ty',
  filters: JSON.stringify({ request: 'rent', meterage: { min: 60 }, monthly_rent: { max: 200_000_000 + (index % 5) * 50_000_000 } }),
  offset: String((index % 10) * 10),
});
const mapRequest = (index: number) => {
  if (index % 4 === 0) return { code: 'get_ads_by_location', location: JSON.stringify({ north: 35.83, south: 35.6, east: 51.6, west: 51.25 }) };
  const lat = 35.66 + (index % 13) * 0.01;
  const lng = 51.3 + (index % 17) * 0.015;
  return { code: 'get_ads_by_location', location: JSON.stringify({ north: lat + 0.01, south: lat, east: lng + 0.012, west: lng }) };
};

async function main() {
  const connection = await connect({ url: DATABASE_URL, dataDir: DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'bench-ads-')) });
  await migrate(connection);
  await seedDemoShops(connection.db);
  const db = connection.db;
  const [shop] = await db.select().from(shops).where(eq(shops.slug, 'realestate'));
  const started = performance.now();
  // Deterministic figures from the row number g: a spread over Tehran's box, every request and type, a month of publishing.
  await db.execute(sql`
    insert into ads (shop_id, code, status, request, type, title, province, city, neighborhood, meterage, rooms, build_year,
                     total_price, deposit, monthly_rent, comment, lat, lng, shown_lat, shown_lng, published_at, expires_at)
    select ${shop.id}, 'B-' || g, 'approved',
           (array['sale','rent','buy','partnership'])[1 + g % 4], (array['apartment','house','land','office','shop'])[1 + (g / 4) % 5],
           'آگهی آزمایشی ' || g, 'تهران', 'تهران', 'محله ' || (g % 120), 40 + (g * 7919) % 260, 1 + g % 4, 1370 + g % 34,
           case when g % 4 in (0, 2) then 10000000000 + (g * 104729) % 90000000000 end,
           case when g % 4 = 1 then 500000000 + (g * 15485863) % 9500000000 end,
           case when g % 4 = 1 then 20000000 + (g * 32452843) % 480000000 end,
           '', 35.6 + ((g * 2654435761) % 23000) / 100000.0, 51.25 + ((g * 40503) % 35000) / 100000.0,
           35.6 + ((g * 2654435761) % 23000) / 100000.0 + 0.002, 51.25 + ((g * 40503) % 35000) / 100000.0 - 0.002,
           now() - make_interval(secs => g * 26), now() + interval '30 days'
    from generate_series(1::bigint, ${ADS}::bigint) as g`);
  // Vacuumed as autovacuum leaves a table that took 100,000 inserts (PostgreSQL 13+ vacuums after inserts too): the
  // visibility map lets a count read the index alone.
  await db.execute(sql`vacuum analyze ads`);
  await db.execute(sql`vacuum analyze ad_map_cells`);
  console.log(`${ADS} ads inserted in ${((performance.now() - started) / 1000).toFixed(1)} s on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);

  // The plans of the codes' statements: the page as server/repositories/ad-repository.ts builds it, the others as it writes them.
  const listFilters = { request: 'rent', meterage: { min: 60 }, monthly_rent: { max: 300_000_000 }, sort: 'newest' } as const;
  const page = createRepositories(db, shop).ads.pageQuery(listFilters, { offset: 20, length: 10 }).getSQL();
  const listed = sql`shop_id = ${shop.id} and status = 'approved' and request = 'rent' and meterage >= 60 and monthly_rent <= 300000000`;
  const box = sql`shop_id = ${shop.id} and status = 'approved' and shown_lat between 35.70 and 35.71 and shown_lng between 51.40 and 51.412`;
  const city = sql`shop_id = ${shop.id} and status = 'approved' and shown_lat between 35.6 and 35.83 and shown_lng between 51.25 and 51.6`;
  for (const [name, query] of [
    ['filter_all_ads_ty: the page', page],
    ['filter_all_ads_ty: the total (once per version of the list)', sql`select count(*) from ads where ${listed}`],
    ['get_ads_by_location: the points, up to MAP_POINTS_MAX + 1', sql`select id, shown_lat, shown_lng, title, request, published_at from ads where ${box} limit 301`],
    ['get_ads_by_location, the whole city: the points stop at MAP_POINTS_MAX + 1', sql`select id, shown_lat, shown_lng, title, request, published_at from ads where ${city} limit 301`],
    [
      'get_ads_by_location, the whole city: the counted cells (level 4)',
      sql`select sum(ads), sum(lat_sum), sum(lng_sum) from ad_map_cells where shop_id = ${shop.id} and level = 4 and cell_lat between 445 and 447 and cell_lng between 640 and 645 and ads > 0 group by cell_lat, cell_lng order by cell_lat, cell_lng`,
    ],
  ] as const) {
    const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${query}`)).map((row) => Object.values(row)[0]);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${name}\n  ${plan.join('\n  ')}`);
  }

  const app = await buildApp({ db, config: { defaultShop: 'realestate', spaDir: mkdtempSync(join(tmpdir(), 'bench-ads-spa-')), nodeEnv: 'production', paymentGateway: null } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    for (const [name, make] of [
      ['filter_all_ads_ty (3 filters)', filterRequest],
      ['get_ads_by_location', mapRequest],
    ] as const) {
      const times: number[] = [];
      let next = 0;
      let failures = 0;
      // Warm-up: one pass of each shape.
      for (let index = 0; index < 20; index += 1) await post(port, agent, make(index));
      const from = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < REQUESTS) {
            const index = next++;
            const at = performance.now();
            const reply = await post(port, agent, make(index));
            times.push(performance.now() - at);
            if (reply.status !== 200) failures += 1;
          }
        }),
      );
      const rps = times.length / ((performance.now() - from) / 1000);
      console.log(`\n${name} at ${CONNECTIONS} connections: ${summary(times)}, ${rps.toFixed(0)} requests/s${failures ? `, ${failures} failed` : ''}`);
    }
  } finally {
    agent.destroy();
    await app.close();
    await connection.close();
  }
}

await main();
