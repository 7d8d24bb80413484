import { and, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isCode } from '@contract/api';
import { isConsoleCode } from '@contract/console/api';
import { CONSOLE_API } from '@contract/console/rules';
import type { Database, DatabaseStats } from '../../db/connection';
import { jobs } from '../../db/schema';
import type { ReadCache } from '../../repositories/read-cache';
import type { ReplyCache } from '../../repositories/reply-cache';
import type { LiveHub } from '../live';

/** What /metrics reads at each scrape; nothing here runs on a request's path. */
export interface MetricSources {
  db: Database;
  clock: () => Date;
  live: LiveHub;
  readCache: ReadCache;
  replyCache: ReplyCache;
  /** the database's clients (main.ts passes its connection's); absent, no pool metrics */
  database?: () => DatabaseStats;
  inFlight: () => number;
}

export interface Metrics {
  registry: Registry;
  /** One answered request: its route, its API code (bounded: unknown codes are 'unknown'), status and duration. */
  observe(route: string | undefined, body: unknown, status: number, milliseconds: number): void;
}

const ORDER_API = '/order/order.php';
/** Up to the SPA's timeout: a long poll's hold falls in the last buckets. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 65];

/** The label of a request's API code: its name when the API knows it, else 'unknown'; '' outside the two `code` dispatchers. */
export function codeLabel(route: string | undefined, body: unknown): string {
  if (route !== ORDER_API && route !== CONSOLE_API) return '';
  const raw = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined;
  const code = typeof raw === 'string' ? raw.trim() : '';
  return (route === ORDER_API ? isCode(code) : isConsoleCode(code)) ? code : 'unknown';
}

/** A counter that mirrors a running total kept elsewhere (a cache's hits): it grows by what the total grew since the last scrape. */
function mirroredCounter(registry: Registry, name: string, help: string, total: () => number) {
  let last = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = total();
      if (now > last) this.inc(now - last);
      last = now;
    },
  });
}

/** The app's registry: its own, so each app (tests build many) counts alone. */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Answered requests by route, API code (unknown codes grouped) and status, with their durations',
    labelNames: ['route', 'code', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({ name: 'storefront_http_requests_in_flight', help: 'Requests arrived and not yet answered (held long polls included)', registers: [registry], collect() {
    this.set(sources.inFlight());
  } });
  new Gauge({ name: 'storefront_longpolls_held', help: 'Long polls held by this instance now', registers: [registry], collect() {
    this.set(sources.live.stats().watches);
  } });
  mirroredCounter(registry, 'storefront_read_cache_hits_total', 'Shop snapshots answered from memory', () => sources.readCache.stats().hits);
  mirroredCounter(registry, 'storefront_read_cache_misses_total', 'Shop snapshots read from the database', () => sources.readCache.stats().loads);
  mirroredCounter(registry, 'storefront_reply_cache_hits_total', 'Anonymous catalog reads answered with kept bytes', () => sources.replyCache.stats().hits);
  mirroredCounter(registry, 'storefront_reply_cache_misses_total', 'Anonymous catalog reads that ran their action', () => sources.replyCache.stats().misses);
  const jobsDue = new Gauge({ name: 'storefront_jobs_due', help: 'Jobs whose time has come and that are not done (all instances)', registers: [registry] });
  const jobsFailed = new Gauge({ name: 'storefront_jobs_failed', help: 'Jobs that ended with an error and are still kept (all instances)', registers: [registry] });
  // One statement for both; a scrape during an outage keeps the last figures rather than failing the whole page.
  new Gauge({ name: 'storefront_jobs_scrape_ok', help: '1 when the jobs figures were read at this scrape', registers: [registry], async collect() {
    try {
      const now = sources.clock();
      const [row] = await sources.db
        .select({
          due: sql<number>`count(*) filter (where ${and(isNull(jobs.doneAt), lte(jobs.runAt, now))})`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${and(isNotNull(jobs.doneAt), isNotNull(jobs.lastError))})`.mapWith(Number),
        })
        .from(jobs);
      jobsDue.set(row.due);
      jobsFailed.set(row.failed);
      this.set(1);
    } catch {
      this.set(0);
    }
  } });
  const database = sources.database;
  if (database?.().kind === 'postgres') {
    const pool = new Gauge({ name: 'storefront_db_pool_clients', help: "PostgreSQL pool's clients by state (total, idle, waiting: requests waiting for a client)", labelNames: ['state'], registers: [registry], collect() {
      const stats = database();
      if (stats.kind !== 'postgres') return;
      pool.set({ state: 'total' }, stats.total);
      pool.set({ state: 'idle' }, stats.idle);
      pool.set({ state: 'waiting' }, stats.waiting);
    } });
  } else if (database) {
    new Gauge({ name: 'storefront_db_pglite_queued', help: "PGlite's statements sent to its thread and not yet answered", registers: [registry], collect() {
      const stats = database();
      if (stats.kind === 'pglite') this.set(stats.queued);
    } });
  }
  return {
    registry,
    observe(route, body, status, milliseconds) {
      requests.observe({ route: route ?? 'unmatched', code: codeLabel(route, body), status }, milliseconds / 1000);
    },
  };
}
