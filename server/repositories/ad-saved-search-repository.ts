import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { SavedFilters } from '@contract/endpoints/ads';
import type { Database } from '../db/connection';
import { adSavedSearches, ads, type ShopRow } from '../db/schema';
import { parseSavedSearchText, savedSearchConditions, savedSearchText } from './ad-filter-match';

/** A saved search as its owner sees it. */
export interface SavedSearchRow {
  id: number;
  userId: number;
  name: string;
  filters: SavedFilters;
  createdAt: Date;
}

/** Any constant: with a user's id, the advisory lock of their saves (the limit and the same-filters check see each other's). */
const SAVED_SEARCH_LOCK = 7_270_032;

const rowOf = (row: typeof adSavedSearches.$inferSelect): SavedSearchRow => ({ id: row.id, userId: row.userId, createdAt: row.createdAt, ...parseSavedSearchText(row.filters) });

/** The customers' saved searches of one shop's ads (docs/classifieds.md, "Saved searches"). */
export function createAdSavedSearchRepository(db: Database, shop: ShopRow) {
  const ofShop = eq(adSavedSearches.shopId, shop.id);
  return {
    async lockUser(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${SAVED_SEARCH_LOCK}, ${userId})`);
    },

    /** `userId`'s searches, newest first. */
    async of(userId: number): Promise<SavedSearchRow[]> {
      const rows = await db.select().from(adSavedSearches).where(and(ofShop, eq(adSavedSearches.userId, userId))).orderBy(desc(adSavedSearches.id));
      return rows.map(rowOf);
    },

    /** `userId`'s search of exactly these filters (compared as JSON: the keys' order does not matter). */
    async sameAs(userId: number, filters: SavedFilters): Promise<SavedSearchRow | null> {
      const [row] = await db
        .select()
        .from(adSavedSearches)
        .where(and(ofShop, eq(adSavedSearches.userId, userId), sql`(${adSavedSearches.filters}::jsonb -> 'filters') = ${JSON.stringify(filters)}::jsonb`))
        .limit(1);
      return row ? rowOf(row) : null;
    },

    async countOf(userId: number): Promise<number> {
      const [row] = await db.select({ total: count() }).from(adSavedSearches).where(and(ofShop, eq(adSavedSearches.userId, userId)));
      return Number(row.total);
    },

    async insert(userId: number, name: string, filters: SavedFilters, at: Date): Promise<SavedSearchRow> {
      const [row] = await db.insert(adSavedSearches).values({ shopId: shop.id, userId, filters: savedSearchText(name, filters), createdAt: at }).returning();
      return rowOf(row);
    },

    /** Removes `userId`'s search; false when they have none of that id. */
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(adSavedSearches).where(and(ofShop, eq(adSavedSearches.userId, userId), eq(adSavedSearches.id, id))).returning({ id: adSavedSearches.id });
      return rows.length === 1;
    },

    /**
     * The searches the published ad `adId` matches, one per owner (their oldest), its publisher's left out: one query
     * over the shop's searches with the list's own conditions (ad-filter-match.ts).
     */
    async matching(adId: number): Promise<{ id: number; userId: number; name: string }[]> {
      const rows = await db
        .selectDistinctOn([adSavedSearches.userId], { id: adSavedSearches.id, userId: adSavedSearches.userId, filters: adSavedSearches.filters })
        .from(adSavedSearches)
        .innerJoin(ads, eq(ads.id, adId))
        .where(and(ofShop, eq(ads.shopId, shop.id), eq(ads.status, 'approved'), sql`${ads.userId} is distinct from ${adSavedSearches.userId}`, ...savedSearchConditions()))
        .orderBy(asc(adSavedSearches.userId), asc(adSavedSearches.id));
      return rows.map((row) => ({ id: row.id, userId: row.userId, name: parseSavedSearchText(row.filters).name }));
    },
  };
}

export type AdSavedSearchRepository = ReturnType<typeof createAdSavedSearchRepository>;
