import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';
import { shopDirectory } from './shop-directory';

/**
 * Shops by slug, kept for a few seconds: every request resolves its shop, and
 * shop settings change rarely, so a setting change shows within `ttlMs` on
 * every server instance without any cross-instance invalidation.
 */
export function createShopCache(db: Database, ttlMs = 5_000) {
  const entries = new Map<string, { shop: ShopRow; expires: number }>();
  return {
    /** The shop with this slug (from the cache while fresh), or null. */
    async find(slug: string): Promise<ShopRow | null> {
      const now = Date.now();
      const cached = entries.get(slug);
      if (cached && cached.expires > now) return cached.shop;
      const shop = await shopDirectory.findBySlug(db, slug);
      // Unknown slugs are not remembered, so a host cannot grow the map.
      if (shop) entries.set(slug, { shop, expires: now + ttlMs });
      else entries.delete(slug);
      return shop;
    },
    /** Forgets every entry (after a shop's settings are written). */
    clear() {
      entries.clear();
    },
  };
}
