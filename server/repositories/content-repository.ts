import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { banners, media, slides, type ShopRow } from '../db/schema';

/** Slides, banners and stored pictures of one shop. */
export function createContentRepository(db: Database, shop: ShopRow) {
  return {
    /** The home slider, by sort then id. */
    async slides() {
      return db.select().from(slides).where(eq(slides.shopId, shop.id)).orderBy(asc(slides.sort), asc(slides.id));
    },
    /** The home banners, by position then id. */
    async banners() {
      return db.select().from(banners).where(eq(banners.shopId, shop.id)).orderBy(asc(banners.position), asc(banners.id));
    },
    /** One picture of this shop stored in the database, or null (also for another shop's id). */
    async media(id: number): Promise<{ contentType: string; body: string } | null> {
      const [row] = await db
        .select({ contentType: media.contentType, body: media.body })
        .from(media)
        .where(and(eq(media.id, id), eq(media.shopId, shop.id), isNotNull(media.body)))
        .limit(1);
      return row && row.body !== null ? { contentType: row.contentType, body: row.body } : null;
    },
  };
}
