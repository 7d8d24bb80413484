import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { uploads, type ShopRow, type UploadRow } from '../db/schema';

export type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'shopId' | 'createdAt'>;

/** Uploaded pictures of one shop's root (customers, and so their pictures, belong to the root). */
export function createUploadRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    /** Records a stored picture; returns its row. */
    async add(upload: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values({ ...upload, shopId: rootId }).returning();
      return row;
    },

    /** A picture of this root by id, or null (another shop's id is null too). */
    async byId(id: number): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(and(eq(uploads.shopId, rootId), eq(uploads.id, id))).limit(1);
      return row ?? null;
    },
  };
}
