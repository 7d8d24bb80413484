import { sql } from 'drizzle-orm';
import { compiledStatement } from '../db/compiled-statement';
import type { Database } from '../db/connection';
import { adListingVersions } from '../db/schema';
import { RecencyMap } from '../services/recency-map';

/**
 * What is kept per database handle, each store on its own bound (the least recently read leave first): the counted
 * totals and counts (a number or two each), and the shared answers of the list's pages and the map's views (a page's
 * ten rows, a view's up to MAP_POINTS_MAX points).
 */
const KEPT_MAX = { totals: 2_000, replies: 1_000 } as const;
type Store = keyof typeof KEPT_MAX;

interface Kept {
  map: RecencyMap<string, { version: number; value: unknown }>;
  /** a value being read, so requests alike missing together read it once */
  pending: Map<string, { version: number; value: Promise<unknown> }>;
  hits: number;
  misses: number;
}

const kept = new WeakMap<Database, Record<Store, Kept>>();

/** A shop's read of its version under way, and the one queued behind it (versionOf's callers share them). */
interface VersionReads {
  running: Promise<number> | null;
  queued: Promise<number> | null;
  /** statements run (bench:ads, tests) */
  reads: number;
}
const versionReads = new WeakMap<Database, Map<number, VersionReads>>();
const versionReadsOf = (db: Database, shopId: number) => {
  let shops = versionReads.get(db);
  if (!shops) versionReads.set(db, (shops = new Map()));
  let reads = shops.get(shopId);
  if (!reads) shops.set(shopId, (reads = { running: null, queued: null, reads: 0 }));
  return reads;
};
const storesOf = (db: Database) => {
  let stores = kept.get(db);
  if (!stores) {
    const store = (): Kept => ({ map: new RecencyMap(), pending: new Map(), hits: 0, misses: 0 });
    kept.set(db, (stores = { totals: store(), replies: store() }));
  }
  return stores;
};

/** The version's statement, built once (drizzle's building was most of a kept answer's CPU). */
const versionOf = compiledStatement<{ shopId: number }, { version: number | string }>(
  sql`select ${adListingVersions.version} as version from ${adListingVersions} where ${adListingVersions.shopId} = ${sql.placeholder('shopId')}`,
);

const noop = () => undefined;

/** How often each store answered from memory (hits) or read (misses), and how many entries it keeps (bench:ads, tests). */
export function adListingStats(db: Database): Record<Store, { hits: number; misses: number; entries: number }> & { versionReads: number } {
  const stores = storesOf(db);
  const of = (store: Kept) => ({ hits: store.hits, misses: store.misses, entries: store.map.size });
  let reads = 0;
  for (const shop of versionReads.get(db)?.values() ?? []) reads += shop.reads;
  return { totals: of(stores.totals), replies: of(stores.replies), versionReads: reads };
}

/**
 * The list's totals and counts, and the shared answers of its pages and of the map, of one shop, each kept with the
 * version of the shop's published ads it was read at (ad_listing_versions, grown by migration 0016's trigger in the
 * transaction of any change to a listed ad). A request reads the version (one row) and reads again only when it
 * moved: no instance can serve an answer older than the version it just read, whoever wrote the ads (app, seed, psql).
 * A transaction's handle keeps its own (what it reads may never commit).
 */
export function createAdTotals(db: Database, shopId: number) {
  const stores = storesOf(db);
  return {
    /**
     * The version now: read by a statement that starts after this call, so it sees every change committed before it.
     * Calls alike share one: while a read is under way (it may have started before a change this caller must see),
     * the next starts when it ends and answers everyone who asked meanwhile. 20 readers at once made 20 statements
     * of one row; now one or two.
     */
    version(): Promise<number> {
      const reads = versionReadsOf(db, shopId);
      const start = () => {
        reads.reads += 1;
        const read: Promise<number> = versionOf(db, { shopId })
          .then(([row]) => (row ? Number(row.version) : 0))
          .finally(() => {
            if (reads.running === read) reads.running = null;
          });
        reads.running = read;
        return read;
      };
      if (!reads.running) return start();
      reads.queued ??= reads.running.then(noop, noop).then(() => {
        reads.queued = null;
        return start();
      });
      return reads.queued;
    },

    /** `key`'s value at `version` (read after it, so never older), read by `read` when not kept. */
    async at<T>(version: number, key: string, read: () => Promise<T>, store: Store = 'totals'): Promise<T> {
      const kept = stores[store];
      const name = `${shopId}\u0000${key}`;
      const entry = kept.map.use(name);
      if (entry && entry.version === version) {
        kept.hits += 1;
        return entry.value as T;
      }
      const pending = kept.pending.get(name);
      if (pending && pending.version === version) {
        kept.hits += 1;
        return pending.value as Promise<T>;
      }
      kept.misses += 1;
      const value = read();
      kept.pending.set(name, { version, value });
      try {
        const read = await value;
        // A newer version's value may have been kept meanwhile: an older one never replaces it.
        const now = kept.map.peek(name);
        if (!now || now.version <= version) kept.map.set(name, { version, value: read });
        if (kept.map.size > KEPT_MAX[store]) {
          const oldest = kept.map[Symbol.iterator]().next();
          if (!oldest.done) kept.map.delete(oldest.value[0]);
        }
        return read;
      } finally {
        if (kept.pending.get(name)?.value === value) kept.pending.delete(name);
      }
    },
  };
}
