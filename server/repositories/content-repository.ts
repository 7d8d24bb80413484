import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { banners, media, slides, uploads, type ShopRow } from '../db/schema';

/** A shop's picture as /media/:id serves it: an SVG body in the row, or an upload's picture and thumbnail keys. */
export type StoredPicture = { contentType: string; body: string } | { contentType: string; pictureKey: string; thumbnailKey: string };

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
    /**
     * One picture of this shop, or null (also for another shop's id): a body stored in the database, or a staff
     * upload's stored files (keys of the upload storage).
     */
    async media(id: number): Promise<StoredPicture | null> {
      const [row] = await db
        .select({ contentType: media.contentType, body: media.body, pictureKey: uploads.pictureKey, thumbnailKey: uploads.thumbnailKey })
        .from(media)
        .leftJoin(uploads, eq(uploads.id, media.uploadId))
        .where(and(eq(media.id, id), eq(media.shopId, shop.id)))
        .limit(1);
      if (!row) return null;
      if (row.body !== null) return { contentType: row.contentType, body: row.body };
      return row.pictureKey !== null && row.thumbnailKey !== null ? { contentType: row.contentType, pictureKey: row.pictureKey, thumbnailKey: row.thumbnailKey } : null;
    },
  };
}
