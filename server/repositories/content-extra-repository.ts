import { and, asc, count, desc, eq, max } from 'drizzle-orm';
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

/** A post's fields as the owner writes them (the columns but its shop and category) and whether customers see it; `createdAt` absent keeps an edited post's date. */
export type MagazinePostValues = Omit<typeof magazinePosts.$inferInsert, 'id' | 'shopId' | 'categoryId' | 'published'> & { published: boolean };

/** A draft (published false, migration 0018) is the owner's only: no storefront read matches it. */
const publishedPost = eq(magazinePosts.published, true);

/** Magazine posts, gallery pictures and contact messages of one shop. */
export function createContentExtraRepository(db: Database, shop: ShopRow) {
  const ownPost = eq(magazinePosts.shopId, shop.id);
  // What customers read: this shop's published posts (a draft is the owner's only).
  const shownPost = and(ownPost, publishedPost);
  const newestFirst = [desc(magazinePosts.createdAt), desc(magazinePosts.id)] as const;
  return {
    /** One page of published posts, newest first, and how many there are. */
    async magazinePage(page: { offset: number; limit: number; categoryId?: number }) {
      const where = page.categoryId === undefined ? shownPost : and(shownPost, eq(magazinePosts.categoryId, page.categoryId));
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(magazinePosts).where(where).orderBy(...newestFirst).offset(page.offset).limit(page.limit),
        db.select({ total: count() }).from(magazinePosts).where(where),
      ]);
      return { rows, total };
    },

    /** Every published post of this shop, newest first (the read cache's rows). */
    async allPosts() {
      return db.select().from(magazinePosts).where(shownPost).orderBy(...newestFirst);
    },

    /** One published post of this shop, or null. */
    async magazinePost(id: number): Promise<typeof magazinePosts.$inferSelect | null> {
      const [row] = await db.select().from(magazinePosts).where(and(shownPost, eq(magazinePosts.id, id))).limit(1);
      return row ?? null;
    },

    /** Every post of this shop, drafts too, newest first: the owner's list (never cached: customers never read it). */
    async ownerPosts() {
      return db.select().from(magazinePosts).where(ownPost).orderBy(...newestFirst);
    },

    /** Writes a new post; its date is `createdAt` or now. */
    async addPost(values: MagazinePostValues): Promise<void> {
      await db.insert(magazinePosts).values({ shopId: shop.id, ...values });
    },

    /** Changes this shop's post `id`; false when there is none (another shop's id too). */
    async updatePost(id: number, values: MagazinePostValues): Promise<boolean> {
      const rows = await db.update(magazinePosts).set(values).where(and(ownPost, eq(magazinePosts.id, id))).returning({ id: magazinePosts.id });
      return rows.length > 0;
    },

    /** Publishes this shop's post `id` or takes it back to a draft; false when there is none. */
    async setPostPublished(id: number, published: boolean): Promise<boolean> {
      const rows = await db.update(magazinePosts).set({ published }).where(and(ownPost, eq(magazinePosts.id, id))).returning({ id: magazinePosts.id });
      return rows.length > 0;
    },

    async removePost(id: number): Promise<boolean> {
      const rows = await db.delete(magazinePosts).where(and(ownPost, eq(magazinePosts.id, id))).returning({ id: magazinePosts.id });
      return rows.length > 0;
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
