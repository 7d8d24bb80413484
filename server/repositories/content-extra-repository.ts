import { and, asc, count, desc, eq, max, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { contactMessages, galleryPictures, magazinePosts, type ShopRow } from '../db/schema';

/** A gallery picture's fields as the owner writes them. */
export interface GalleryValues {
  title: string;
  titleEn: string;
  pictureMediaId: number;
  width: number;
  height: number;
}

/** Magazine posts, gallery pictures and contact messages of one shop. */
export function createContentExtraRepository(db: Database, shop: ShopRow) {
  const ownPost = eq(magazinePosts.shopId, shop.id);
  return {
    /** One page of posts, newest first, and how many there are. */
    async magazinePage(page: { offset: number; limit: number; categoryId?: number }) {
      const where: SQL | undefined = page.categoryId === undefined ? ownPost : and(ownPost, eq(magazinePosts.categoryId, page.categoryId));
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(magazinePosts).where(where).orderBy(desc(magazinePosts.createdAt), desc(magazinePosts.id)).offset(page.offset).limit(page.limit),
        db.select({ total: count() }).from(magazinePosts).where(where),
      ]);
      return { rows, total };
    },

    /** Every post of this shop, newest first (the read cache's rows). */
    async allPosts() {
      return db.select().from(magazinePosts).where(ownPost).orderBy(desc(magazinePosts.createdAt), desc(magazinePosts.id));
    },

    /** One post of this shop, or null. */
    async magazinePost(id: number): Promise<typeof magazinePosts.$inferSelect | null> {
      const [row] = await db.select().from(magazinePosts).where(and(ownPost, eq(magazinePosts.id, id))).limit(1);
      return row ?? null;
    },

    /** Gallery pictures by sort then id. */
    async gallery() {
      return db.select().from(galleryPictures).where(eq(galleryPictures.shopId, shop.id)).orderBy(asc(galleryPictures.sort), asc(galleryPictures.id));
    },

    /** Adds a gallery picture after the others (the owner's; the caller checked the count under the shop's row lock). */
    async addGalleryPicture(values: GalleryValues): Promise<void> {
      const [last] = await db.select({ sort: max(galleryPictures.sort) }).from(galleryPictures).where(eq(galleryPictures.shopId, shop.id));
      await db.insert(galleryPictures).values({ shopId: shop.id, ...values, sort: (last?.sort ?? 0) + 1 });
    },

    /** Changes this shop's gallery picture `id`; false when there is none (another shop's id too). */
    async updateGalleryPicture(id: number, values: GalleryValues): Promise<boolean> {
      const rows = await db.update(galleryPictures).set(values).where(and(eq(galleryPictures.id, id), eq(galleryPictures.shopId, shop.id))).returning({ id: galleryPictures.id });
      return rows.length > 0;
    },

    /** This shop's gallery, locked (a move rewrites its order), in its order. */
    async lockGallery() {
      return db.select().from(galleryPictures).where(eq(galleryPictures.shopId, shop.id)).orderBy(asc(galleryPictures.sort), asc(galleryPictures.id)).for('update');
    },

    async setGallerySort(id: number, sort: number): Promise<void> {
      await db.update(galleryPictures).set({ sort }).where(and(eq(galleryPictures.id, id), eq(galleryPictures.shopId, shop.id)));
    },

    async removeGalleryPicture(id: number): Promise<boolean> {
      const rows = await db.delete(galleryPictures).where(and(eq(galleryPictures.id, id), eq(galleryPictures.shopId, shop.id))).returning({ id: galleryPictures.id });
      return rows.length > 0;
    },

    /** Stores a contact message; returns its id. */
    async addContactMessage(message: { name: string; phone: string; email: string; message: string }): Promise<number> {
      const [row] = await db.insert(contactMessages).values({ shopId: shop.id, ...message }).returning({ id: contactMessages.id });
      return row.id;
    },
  };
}
