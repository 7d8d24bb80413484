import { and, asc, eq } from 'drizzle-orm';
import { ItemType } from '@contract/enums';
import type { Database } from '../db/connection';
import { items, type ItemRow, type ShopRow } from '../db/schema';

/** Items and folders of one shop. */
export function createCatalogRepository(db: Database, shop: ShopRow) {
  return {
    /** Every folder (type 2) of the shop, flat, by sort then id. */
    async folders(): Promise<Pick<ItemRow, 'id' | 'folderId' | 'name' | 'nameEn' | 'pictureMediaId' | 'bgColor' | 'sort'>[]> {
      return db
        .select({
          id: items.id,
          folderId: items.folderId,
          name: items.name,
          nameEn: items.nameEn,
          pictureMediaId: items.pictureMediaId,
          bgColor: items.bgColor,
          sort: items.sort,
        })
        .from(items)
        .where(and(eq(items.shopId, shop.id), eq(items.type, ItemType.folder)))
        .orderBy(asc(items.sort), asc(items.id));
    },
  };
}
