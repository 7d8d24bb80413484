import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { HomePictureKind } from '@contract/rules/shop-content';
import type { Database } from '../db/connection';
import { banners, media, shops, slides, uploads, type ShopRow, type ShopTexts, type UploadRow } from '../db/schema';

/** A slide or banner as the owner edits it (banners' `position` is their order). */
export interface HomePictureRow {
  id: number;
  title: string;
  titleEn: string;
  pictureMediaId: number;
  link: string | null;
  order: number;
}

export type HomePictureValues = Omit<HomePictureRow, 'id' | 'order'>;

/** The two tables behind one kind, with the column that orders them. */
const tables = {
  slide: { table: slides, order: slides.sort },
  banner: { table: banners, order: banners.position },
} as const;

/**
 * The owner's side of a shop's storefront content (issue 32), always from SQL, never from the read cache: the
 * console edits what is, and each write's caller announces the change after commit (read cache, every instance).
 */
export function createContentEditorRepository(db: Database, shop: ShopRow) {
  const orderColumn = (kind: HomePictureKind) => (kind === 'slide' ? 'sort' : 'position');
  return {
    /** The shop's description and texts, from its row. */
    async pages(): Promise<{ description: string; descriptionEn: string; texts: { fa: ShopTexts; en: ShopTexts } }> {
      const [row] = await db.select({ description: shops.description, descriptionEn: shops.descriptionEn, texts: shops.texts }).from(shops).where(eq(shops.id, shop.id));
      return row;
    },
    async writePages(values: { description: string; descriptionEn: string; texts: { fa: ShopTexts; en: ShopTexts } }): Promise<void> {
      await db.update(shops).set(values).where(eq(shops.id, shop.id));
    },
    /** One kind's rows in the storefront's order (order, then id, as the storefront reads them). */
    async list(kind: HomePictureKind): Promise<HomePictureRow[]> {
      const { table, order } = tables[kind];
      return db
        .select({ id: table.id, title: table.title, titleEn: table.titleEn, pictureMediaId: table.pictureMediaId, link: table.link, order })
        .from(table)
        .where(eq(table.shopId, shop.id))
        .orderBy(asc(order), asc(table.id));
    },
    /** Whether `mediaId` is a stored picture of this shop. */
    async hasPicture(mediaId: number): Promise<boolean> {
      const [row] = await db.select({ id: media.id }).from(media).where(and(eq(media.id, mediaId), eq(media.shopId, shop.id))).limit(1);
      return row !== undefined;
    },
    /** Makes a staff upload a picture of this shop (served by /media/:id); its media id. */
    async addUploadedPicture(upload: UploadRow): Promise<number> {
      const [row] = await db.insert(media).values({ shopId: shop.id, contentType: upload.mime, body: null, uploadId: upload.id }).returning({ id: media.id });
      return row.id;
    },
    /** A picture of this shop with its size (an upload's; null for a body stored in the row), or null when it is not this shop's. */
    async pictureSize(mediaId: number): Promise<{ width: number | null; height: number | null } | null> {
      const [row] = await db
        .select({ width: uploads.width, height: uploads.height })
        .from(media)
        .leftJoin(uploads, eq(uploads.id, media.uploadId))
        .where(and(eq(media.id, mediaId), eq(media.shopId, shop.id)))
        .limit(1);
      return row ?? null;
    },
    /** Which of `mediaIds` are stored pictures of this shop. */
    async picturesOfShop(mediaIds: readonly number[]): Promise<Set<number>> {
      if (mediaIds.length === 0) return new Set();
      const found = await db.select({ id: media.id }).from(media).where(and(eq(media.shopId, shop.id), inArray(media.id, [...mediaIds])));
      return new Set(found.map((row) => row.id));
    },
    /** Adds a row after the others; the caller checked the count under the shop's row lock. */
    async add(kind: HomePictureKind, values: HomePictureValues, order: number): Promise<void> {
      const { table } = tables[kind];
      await db.insert(table).values({ shopId: shop.id, ...values, [orderColumn(kind)]: order });
    },
    /** Updates this shop's row `id`; false when there is none (another shop's id too). */
    async update(kind: HomePictureKind, id: number, values: HomePictureValues): Promise<boolean> {
      const { table } = tables[kind];
      const rows = await db.update(table).set(values).where(and(eq(table.id, id), eq(table.shopId, shop.id))).returning({ id: table.id });
      return rows.length > 0;
    },
    async remove(kind: HomePictureKind, id: number): Promise<boolean> {
      const { table } = tables[kind];
      const rows = await db.delete(table).where(and(eq(table.id, id), eq(table.shopId, shop.id))).returning({ id: table.id });
      return rows.length > 0;
    },
    /** Gives each of `ids` (this shop's, all of a kind) its place in the list as its order, in one statement. */
    async reorder(kind: HomePictureKind, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      const { table } = tables[kind];
      const place = sql.join(
        ids.map((id, at) => sql`when ${id}::integer then ${at}::integer`),
        sql` `,
      );
      await db
        .update(table)
        .set({ [orderColumn(kind)]: sql`case ${table.id} ${place} end` })
        .where(and(eq(table.shopId, shop.id), inArray(table.id, [...ids])));
    },
    /** Holds the shop's row until commit: two owners' adds cannot both pass the count. */
    async lockShop(): Promise<void> {
      await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shop.id)).for('no key update');
    },
  };
}
