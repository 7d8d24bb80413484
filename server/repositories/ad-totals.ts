import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { adListingVersions } from '../db/schema';
import { RecencyMap } from '../services/recency-map';

/** Totals and counts kept per database handle; the least recently read leave first. */
const KEPT_MAX = 2_000;
const kept = new WeakMap<Database, RecencyMap<string, { version: number; value: unknown }>>();

/**
 * The list's totals and counts of one shop, each kept with the version of the shop's published ads it was counted
 * at (ad_listing_versions, grown by migration 0016's trigger in the transaction of any change to a listed ad). A
 * request reads the version (one row) beside its page and counts again only when it moved: 100,000 ads are not
 * counted per request, and no instance can serve a total older than the version it just read.
 */
export function createAdTotals(db: Database, shopId: number) {
  let entries = kept.get(db);
  if (!entries) kept.set(db, (entries = new RecencyMap()));
  const map = entries;
  return {
    async version(): Promise<number> {
      const [row] = await db.select({ version: adListingVersions.version }).from(adListingVersions).where(eq(adListingVersions.shopId, shopId));
      return row ? Number(row.version) : 0;
    },

    /** `key`'s value at `version` (read after it, so never older), counted by `count` when not kept. */
    async at<T>(version: number, key: string, count: () => Promise<T>): Promise<T> {
      const name = `${shopId}\u0000${key}`;
      const entry = map.use(name);
      if (entry && entry.version === version) return entry.value as T;
      const value = await count();
      map.set(name, { version, value });
      if (map.size > KEPT_MAX) {
        const oldest = map[Symbol.iterator]().next();
        if (!oldest.done) map.delete(oldest.value[0]);
      }
      return value;
    },
  };
}
