/**
 * `npm run bench:ads` (a benchmark, not a test): the classifieds' two busiest reads over 100,000 ads, on PGlite and
 * (`npm run bench:ads:pg`, through scripts/with-postgres.mjs) PostgreSQL.
 *
 * - The real-estate demo is seeded, then BENCH_ADS (default 100,000) published ads are inserted by one SQL statement
 *   across Tehran (deterministic figures from the row number), and the tables analysed.
 * - BENCH_CONNECTIONS (default 20) clients send, one after another each, BENCH_REQUESTS (default 1,000 per code in all).
 *   BENCH_MIX=realistic (the default): filter_all_ads_ty over 40 filter combinations (each request kind or none, a
 *   type, meterage, a price or rent bound, a sort), the popular ones more often, offsets 0 mostly, then 10 to 40;
 *   get_ads_by_location over 48 views (the whole city in clusters, its quarters, neighborhoods as a pan would
 *   give them), some under a request filter. BENCH_MIX=single: the old shapes, one request repeated with a varying
 *   offset or box (rent, meterage from 60, monthly rent up to one of five bounds; a neighborhood or the whole city).
 * - Each code's requests are sent BENCH_CHANGES + 1 times (default 4): BENCH_CHANGES times each just after an
 *   approval (one of the ads held back awaiting is approved by a statement, as ad-change.ts writes it: the trigger
 *   grows the version, so every distinct answer is read once again: "after a change"), and then once more without
 *   a change ("again": what a list that changes a few times a minute answers between its changes).
 * - Reported: p50 / p99 / max and requests per second of each code's answer as the client sees it, the share of
 *   answers kept per version of the list (hits of the reply store, ad-totals.ts), the machine's load, the load
 *   generator's own CPU share, the listing index's first read, size and updates (ad-listing-index.ts), and the
 *   EXPLAIN (ANALYZE, BUFFERS) of each code's statements and the index's (docs/classifieds.md quotes them).
 *
 * The app runs in this process, NODE_ENV=production, listening on a local port; the clients on a thread of their own
 * (scripts/bench-ads-client.mjs), so their HTTP work is not on the server's event loop.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { connect } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { shops } from '../server/db/schema';
import { createRepositories } from '../server/repositories';
import { listingBucketRows, listingChangedBuckets, listingChecksums, listingIndex, listingIndexStats } from '../server/repositories/ad-listing-index';
import { adListingStats } from '../server/repositories/ad-totals';
import { rowsOf } from '../server/repositories/rows-of';
import { seedDemoShops } from '../server/seed';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? null;
const ADS = Number(process.env.BENCH_ADS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const HOST = 'realestate.localhost';
const MIX = process.env.BENCH_MIX === 'single' ? 'single' : 'realistic';
/** How many approvals the cold passes follow: each is one approval, then the whole pass. */
const CHANGES = Number(process.env.BENCH_CHANGES ?? 3);

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length})`;
};

/** BENCH_MIX=single: the three filters of the list and a map box, varied by the request's number. */
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


/** A deterministic pseudo-random sequence (the same mix on every run and database). */
const randomOf = (seed: number) => () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
/** A pick from `count` choices, the first ones more often (as a few searches are most people's). */
const popular = (random: () => number, count: number) => Math.min(count - 1, Math.floor(count * random() ** 2));

const REQUESTS_KINDS = [undefined, 'sale', 'rent', 'buy', 'partnership'] as const;
const TYPES = [undefined, 'apartment', 'house', 'office'] as const;
/** BENCH_MIX=realistic: 40 filter combinations of two to four filters each. */
const FILTER_MIX = Array.from({ length: 40 }, (_, index) => {
  const request = REQUESTS_KINDS[index % 5];
  const type = TYPES[Math.floor(index / 5) % 4];
  const meterage = { min: 40 + (index % 4) * 20 };
  const bound = Math.floor(index / 10);
  const price =
    request === 'rent'
      ? { monthly_rent: { max: 150_000_000 + bound * 100_000_000 } }
      : request === undefined
        ? {}
        : { total_price: { max: 30_000_000_000 + bound * 20_000_000_000 } };
  const sort = index % 8 === 7 ? 'price_asc' : 'newest';
  return JSON.stringify({ ...(request ? { request } : {}), ...(type ? { type } : {}), meterage, ...price, sort });
});
/** BENCH_MIX=realistic: 48 views: the whole city, its four quarters, 42 neighborhoods on a pan's steps; one in three under a request. */
const MAP_MIX = [
  { north: 35.83, south: 35.6, east: 51.6, west: 51.25 },
  ...[0, 1].flatMap((row) => [0, 1].map((column) => ({ north: 35.715 + row * 0.115, south: 35.6 + row * 0.115, east: 51.425 + column * 0.175, west: 51.25 + column * 0.175 }))),
  ...Array.from({ length: 43 }, (_, index) => {
    const south = 35.64 + (index % 7) * 0.02;
    const west = 51.3 + Math.floor(index / 7) * 0.03;
    return { north: south + 0.012, south, east: west + 0.016, west };
  }),
].map((location, index) => ({ location: JSON.stringify(location), filters: index % 3 === 2 ? JSON.stringify({ request: REQUESTS_KINDS[1 + (index % 4)] }) : undefined }));

/** The requests of one code, as form bodies. */
function bodiesOf(code: 'filter_all_ads_ty' | 'get_ads_by_location'): string[] {
  const random = randomOf(code === 'filter_all_ads_ty' ? 31 : 32);
  return Array.from({ length: REQUESTS }, (_, index) => {
    let fields: Record<string, string>;
    if (MIX === 'single') fields = code === 'filter_all_ads_ty' ? filterRequest(index) : mapRequest(index);
    else if (code === 'filter_all_ads_ty') {
      const scrolled = random();
      const offset = scrolled < 0.6 ? 0 : 10 * (1 + Math.floor((scrolled - 0.6) * 10));
      fields = { code, filters: FILTER_MIX[popular(random, FILTER_MIX.length)], offset: String(offset) };
    } else {
      const view = MAP_MIX[popular(random, MAP_MIX.length)];
      fields = { code, location: view.location, ...(view.filters ? { filters: view.filters } : {}) };
    }
    return new URLSearchParams(fields).toString();
  });
}

/** One pass of a code's requests as measured. */
interface Pass {
  times: number[];
  failures: number;
  seconds: number;
  utilisation: number;
  loadBefore: number;
  loadAfter: number;
  hits: number;
  asked: number;
}

/** Sends `bodies` from CONNECTIONS clients on the load generator's thread. */
function load(port: number, bodies: string[]): Promise<{ times: number[]; failures: number; seconds: number; utilisation: number }> {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL('./bench-ads-client.mjs', import.meta.url), { workerData: { port, host: HOST, connections: CONNECTIONS, bodies } });
    worker.once('message', done);
    worker.once('error', fail);
  });
}

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
  // The ads the approvals publish: held back awaiting, one approved before each cold pass of each code, and one before the plans.
  const held = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into ads (shop_id, code, status, request, type, title, province, city, neighborhood, meterage, rooms, build_year,
                       total_price, comment, lat, lng, shown_lat, shown_lng)
      select ${shop.id}, 'H-' || g, 'awaiting', 'sale', 'apartment', 'آگهی در انتظار ' || g, 'تهران', 'تهران', 'محله ' || g, 60 + g, 2, 1400,
             20000000000 + g, '', 35.7, 51.4, 35.701, 51.401
      from generate_series(1, ${Math.max(CHANGES, 1) * 2 + 1}) as g
      returning id`),
  ).map((row) => Number(row.id));
  const approveOne = async () => {
    const id = held.shift();
    if (id === undefined) throw new Error('no ad held back to approve');
    await db.execute(sql`update ads set status = 'approved', published_at = now(), expires_at = now() + interval '30 days', status_changed_at = now(), updated_at = now() where id = ${id}`);
  };
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
  // One approval first, so the change log's plan reads what one change leaves (the version before it is held).
  await approveOne();
  const [{ version: lastVersion }] = rowsOf<{ version: string }>(await db.execute(sql`select version::text as version from ad_listing_versions where shop_id = ${shop.id}`));
  const heldVersion = Number(lastVersion) - 1;
  for (const [name, query] of [
    ['filter_all_ads_ty: the page', page],
    ['filter_all_ads_ty: the total (once per version of the list)', sql`select count(*) from ads where ${listed}`],
    ['get_ads_by_location: the points, up to MAP_POINTS_MAX + 1', sql`select id, shown_lat, shown_lng, title, request, published_at from ads where ${box} limit 301`],
    ['get_ads_by_location, the whole city: the points stop at MAP_POINTS_MAX + 1', sql`select id, shown_lat, shown_lng, title, request, published_at from ads where ${city} limit 301`],
    ['the listing index: the buckets the last version changed, once per change of the list (ad_listing_changes)', listingChangedBuckets(shop.id, heldVersion)],
    ['the listing index: the checksums of every bucket, on its first read only', listingChecksums(shop.id)],
    ['the listing index: one bucket read again', listingBucketRows(shop.id, [390])],
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
  const distinct = (bodies: string[]) => new Set(bodies).size;
  // The listing index's first read of the shop's ads (once per process; requests meanwhile are answered by the tables).
  const building = performance.now();
  await listingIndex(db, shop.id, 0, { wait: true });
  const built = listingIndexStats(db);
  console.log(`\nthe listing index: built in ${(performance.now() - building).toFixed(0)} ms (${built.rowsRead} rows read), ${built.rows} ads in ${(built.bytes / 2 ** 20).toFixed(1)} MiB of arrays`);
  try {
    for (const [name, code] of [
      ['filter_all_ads_ty', 'filter_all_ads_ty'],
      ['get_ads_by_location', 'get_ads_by_location'],
    ] as const) {
      const bodies = bodiesOf(code);
      // Warm-up: the server's code paths, not the kept answers (the measured requests' own first reads miss).
      await load(port, (MIX === 'single' ? bodiesOf(code) : [bodiesOf(code)[0]]).slice(0, 20));
      // BENCH_CHANGES cold passes, each right after an approval (every distinct answer read again), then one more.
      const passes: Record<'after' | 'again', Pass[]> = { after: [], again: [] };
      for (let round = 0; round <= CHANGES; round++) {
        const which = round < CHANGES ? 'after' : 'again';
        if (which === 'after') await approveOne();
        const kept = adListingStats(db).replies;
        const loadBefore = loadavg()[0];
        const run = await load(port, bodies);
        const after = adListingStats(db).replies;
        const hits = after.hits - kept.hits;
        passes[which].push({ ...run, loadBefore, loadAfter: loadavg()[0], hits, asked: hits + after.misses - kept.misses });
      }
      for (const [which, label] of [
        ['after', `after a change of the list, ${CHANGES} approvals`],
        ['again', 'again'],
      ] as const) {
        const runs = passes[which];
        const times = runs.flatMap((run) => run.times);
        const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
        const failures = runs.reduce((sum, run) => sum + run.failures, 0);
        const hits = runs.reduce((sum, run) => sum + run.hits, 0);
        const asked = runs.reduce((sum, run) => sum + run.asked, 0);
        const busy = runs.reduce((sum, run) => sum + run.utilisation * run.seconds, 0) / seconds;
        console.log(
          `\n${name} (${MIX}: ${distinct(bodies)} distinct requests, ${label}) at ${CONNECTIONS} connections: ${summary(times)}, ${(times.length / seconds).toFixed(0)} requests/s` +
            `${failures ? `, ${failures} failed` : ''}; kept answers ${asked ? ((100 * hits) / asked).toFixed(1) : '0'} % (${hits} of ${asked}); ` +
            `load average ${runs[0].loadBefore.toFixed(1)} → ${runs.at(-1)!.loadAfter.toFixed(1)}; the load generator's thread busy ${(100 * busy).toFixed(0)} % of the run`,
        );
      }
      const index = listingIndexStats(db);
      console.log(
        `the listing index: ${index.rows} ads in ${(index.bytes / 2 ** 20).toFixed(1)} MiB of arrays; ${index.syncs} updates read ${index.rowsRead} rows in ${index.syncMs.toFixed(0)} ms in all` +
          (index.lastMs === null ? '' : ` (the last, after one approval: ${index.lastMs.toFixed(1)} ms, ${index.lastRows} rows)`),
      );
    }
  } finally {
    await app.close();
    await connection.close();
  }
}

await main();
