import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';
import type { EventBus } from '../services/events';
import { followChanges, SHOP_CHANGED, shopChangedIds } from '../services/events/topics';
import { RecencyMap } from '../services/recency-map';
import { shopDirectory } from './shop-directory';
import { loadShopSnapshot, type ShopSnapshot } from './shop-snapshot';

export interface ReadCacheOptions {
  /** most shops kept (least recently read leave first) */
  maxShops?: number;
  /** about how many bytes of rows all kept shops may take; a shop larger than this alone is read through SQL */
  maxBytes?: number;
}

export interface ReadCacheStats {
  /** snapshots read from the database */
  loads: number;
  /** snapshot requests answered from memory */
  hits: number;
  /** shops kept now, and their bytes */
  shops: number;
  bytes: number;
}

export interface ReadCache {
  /** The shop with this slug (kept until it changes), or null; unknown slugs are never kept. */
  shopBySlug(slug: string): Promise<ShopRow | null>;
  /**
   * The shop's snapshot, loaded once however many requests miss together; null when the cache cannot
   * be trusted now (the bus is not connected) or the shop is too large: then the caller reads through SQL.
   */
  snapshot(shop: ShopRow): Promise<ShopSnapshot | null>;
  /** The shop's snapshot when it is in memory and trusted now, without a promise; null: ask `snapshot`. */
  keptSnapshot(shop: ShopRow): ShopSnapshot | null;
  /** The shop with this slug when it is kept and trusted now, without a promise; null: ask `shopBySlug`. */
  keptShop(slug: string): ShopRow | null;
  /** Drops these shops, every master's snapshot, the loads under way and these shops' slugs (the bus calls it on SHOP_CHANGED). */
  invalidate(shopIds: readonly number[]): void;
  /** Drops everything (the bus calls it when events may have been missed). */
  clear(): void;
  stats(): ReadCacheStats;
  /** Stops listening to the bus. */
  close(): void;
}

const DEFAULT_MAX_SHOPS = 500;
const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;

/**
 * The per-process cache of what customers read most, by shop: the shop rows by slug and one
 * snapshot per shop (shop-snapshot.ts), least recently read dropped first. It trusts itself only
 * while the bus delivers the other instances' SHOP_CHANGED events; see docs/server.md, "Caching".
 */
export function createReadCache(db: Database, events: EventBus, options: ReadCacheOptions = {}): ReadCache {
  const maxShops = options.maxShops ?? DEFAULT_MAX_SHOPS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const snapshots = new RecencyMap<number, ShopSnapshot>();
  const loading = new Map<number, Promise<ShopSnapshot>>();
  const tooLarge = new Set<number>();
  const slugs = new RecencyMap<string, ShopRow>();
  const slugLoading = new Map<string, Promise<ShopRow | null>>();
  let bytes = 0;
  let loads = 0;
  let hits = 0;

  const drop = (shopId: number) => {
    const kept = snapshots.peek(shopId);
    if (kept) {
      snapshots.delete(shopId);
      bytes -= kept.bytes;
    }
    // A load under way read the shop before the change: it must not be kept.
    loading.delete(shopId);
    tooLarge.delete(shopId);
  };

  const evict = () => {
    for (const [shopId] of snapshots) {
      if (snapshots.size <= maxShops && bytes <= maxBytes) break;
      drop(shopId);
    }
    for (const [slug] of slugs) {
      if (slugs.size <= maxShops) break;
      slugs.delete(slug);
    }
  };

  const keptSnapshot = (shop: ShopRow): ShopSnapshot | null => {
    if (!events.connected) return null;
    const kept = snapshots.use(shop.id);
    if (!kept) return null;
    hits += 1;
    return kept;
  };
  const keptShop = (slug: string): ShopRow | null => {
    if (!events.connected) return null;
    return slugs.use(slug) ?? null;
  };

  const cache: ReadCache = {
    keptSnapshot,
    keptShop,
    async shopBySlug(slug) {
      if (!events.connected) return shopDirectory.findBySlug(db, slug);
      const kept = keptShop(slug);
      if (kept) return kept;
      const pending = slugLoading.get(slug);
      if (pending) return pending;
      const load: Promise<ShopRow | null> = shopDirectory.findBySlug(db, slug).then(
        (shop) => {
          // Kept only when no change arrived meanwhile; unknown slugs are not kept, so a Host cannot grow the map.
          if (slugLoading.get(slug) === load) {
            slugLoading.delete(slug);
            if (shop && events.connected) {
              slugs.set(slug, Object.freeze(shop));
              evict();
            }
          }
          return shop;
        },
        (error: unknown) => {
          if (slugLoading.get(slug) === load) slugLoading.delete(slug);
          throw error;
        },
      );
      slugLoading.set(slug, load);
      return load;
    },

    async snapshot(shop) {
      if (!events.connected || tooLarge.has(shop.id)) return null;
      const kept = keptSnapshot(shop);
      if (kept) return kept;
      const pending = loading.get(shop.id);
      if (pending) return pending;
      loads += 1;
      const load: Promise<ShopSnapshot> = loadShopSnapshot(db, shop).then(
        (snapshot) => {
          if (loading.get(shop.id) === load) {
            loading.delete(shop.id);
            if (snapshot.bytes > maxBytes) tooLarge.add(shop.id);
            else if (events.connected) {
              snapshots.set(shop.id, snapshot);
              bytes += snapshot.bytes;
              evict();
            }
          }
          // Whoever waited on this load gets it even when a change arrived meanwhile: they asked before it.
          return snapshot;
        },
        (error: unknown) => {
          if (loading.get(shop.id) === load) loading.delete(shop.id);
          throw error;
        },
      );
      loading.set(shop.id, load);
      return load;
    },

    invalidate(shopIds) {
      const changed = new Set(shopIds);
      // A master's get_shop lists its branches' rows, and a changed shop may be a branch that changed, left
      // or just joined it, which its master's snapshot cannot tell (a hand-written announcement names only
      // the shop written): every master is dropped. Masters are few; changes are rare.
      for (const [shopId, snapshot] of snapshots) if (snapshot.master) changed.add(shopId);
      for (const shopId of changed) drop(shopId);
      // A load under way may be a master's, whatever row its caller holds: none is kept (its askers still get it).
      loading.clear();
      for (const [slug, shop] of slugs) if (changed.has(shop.id)) slugs.delete(slug);
      // A slug being looked up may name one of these shops (or be renamed to it): it is not kept.
      slugLoading.clear();
    },

    clear() {
      snapshots.clear();
      loading.clear();
      tooLarge.clear();
      slugs.clear();
      slugLoading.clear();
      bytes = 0;
    },

    stats: () => ({ loads, hits, shops: snapshots.size, bytes }),

    close() {
      stopFollowing();
      cache.clear();
    },
  };

  const stopFollowing = followChanges(events, SHOP_CHANGED, shopChangedIds, { forget: (ids) => cache.invalidate(ids), clear: () => cache.clear() });
  return cache;
}
