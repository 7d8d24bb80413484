import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ItemType } from '@contract/enums';
import type { Database } from '../db/connection';
import { items, type ItemData, type ItemRow, type ShopRow } from '../db/schema';

/** What the console's item editor writes (the rest of `data` — features, colors, labels — is kept). */
export interface ItemValues {
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  unit: string;
  unitStep: number;
  price: number;
  folderId: number;
  sizes: ItemData['sizes'];
}

export interface FolderValues {
  name: string;
  nameEn: string;
  parentId: number;
  /** absent: kept as it is; null: none */
  bgColor?: string | null;
}

/**
 * The console's writes to one shop's items and folders (issue 32). Only through the shop's
 * `writeShopData` (repositories/index.ts): every instance's read cache drops the shop once it committed.
 */
export function createCatalogEditRepository(db: Database, shop: ShopRow) {
  const own = eq(items.shopId, shop.id);
  const sellable = inArray(items.type, [ItemType.product, ItemType.hidden]);

  const nextSort = async (folderId: number) => {
    const [row] = await db.select({ next: sql<number>`coalesce(max(${items.sort}), 0)::int + 1` }).from(items).where(and(own, eq(items.folderId, folderId)));
    return row.next;
  };

  return {
    /** Every folder and sellable item of the shop, each in its order. */
    async all(): Promise<{ folders: ItemRow[]; items: ItemRow[] }> {
      const rows = await db.select().from(items).where(own).orderBy(asc(items.sort), asc(items.id));
      return { folders: rows.filter((row) => row.type === ItemType.folder), items: rows.filter((row) => row.type !== ItemType.folder) };
    },

    /** A sellable item of this shop, locked for a change; null for a folder or another shop's id. */
    async lockItem(id: number): Promise<ItemRow | null> {
      const [row] = await db.select().from(items).where(and(own, sellable, eq(items.id, id))).for('update');
      return row ?? null;
    },

    /** A folder of this shop, locked for a change; null for an item or another shop's id. */
    async lockFolder(id: number): Promise<ItemRow | null> {
      const [row] = await db.select().from(items).where(and(own, eq(items.type, ItemType.folder), eq(items.id, id))).for('update');
      return row ?? null;
    },

    /** The folders of this shop under `parentId`, locked (a reorder rewrites their order), in their order. */
    async lockSiblings(parentId: number): Promise<ItemRow[]> {
      return db.select().from(items).where(and(own, eq(items.type, ItemType.folder), eq(items.folderId, parentId))).orderBy(asc(items.sort), asc(items.id)).for('update');
    },

    /** Whether a folder has subfolders (it cannot go under another then: two levels). */
    async hasSubfolders(id: number): Promise<boolean> {
      const [row] = await db.select({ id: items.id }).from(items).where(and(own, eq(items.type, ItemType.folder), eq(items.folderId, id))).limit(1);
      return row !== undefined;
    },

    async setStock(id: number, inStock: boolean): Promise<ItemRow> {
      const [row] = await db.update(items).set({ inStock }).where(and(own, eq(items.id, id))).returning();
      return row;
    },

    /** An item's pictures, in order: the first is its cover (picture_media_id), all of them its multipictures. */
    async setPictures(id: number, mediaIds: readonly number[]): Promise<ItemRow> {
      const [row] = await db
        .update(items)
        .set({ pictureMediaId: mediaIds[0] ?? null, multipictures: [...mediaIds] })
        .where(and(own, eq(items.id, id)))
        .returning();
      return row;
    },

    /** A folder's picture (null: none). */
    async setFolderPicture(id: number, mediaId: number | null): Promise<ItemRow> {
      const [row] = await db.update(items).set({ pictureMediaId: mediaId }).where(and(own, eq(items.id, id))).returning();
      return row;
    },

    async createItem(values: ItemValues): Promise<ItemRow> {
      const [row] = await db
        .insert(items)
        .values({ shopId: shop.id, type: ItemType.product, ...columnsOf(values, { features: [], colors: [], sizes: [] }), sort: await nextSort(values.folderId) })
        .returning();
      return row;
    },

    async updateItem(before: ItemRow, values: ItemValues): Promise<ItemRow> {
      const [row] = await db.update(items).set(columnsOf(values, before.data)).where(and(own, eq(items.id, before.id))).returning();
      return row;
    },

    async createFolder(values: FolderValues): Promise<ItemRow> {
      const [row] = await db
        .insert(items)
        .values({ shopId: shop.id, type: ItemType.folder, name: values.name, nameEn: values.nameEn, folderId: values.parentId, bgColor: values.bgColor ?? null, sort: await nextSort(values.parentId) })
        .returning();
      return row;
    },

    async updateFolder(id: number, values: FolderValues): Promise<ItemRow> {
      const [row] = await db.update(items).set({ name: values.name, nameEn: values.nameEn, folderId: values.parentId, ...(values.bgColor === undefined ? {} : { bgColor: values.bgColor }) }).where(and(own, eq(items.id, id))).returning();
      return row;
    },

    async setSort(id: number, sort: number): Promise<void> {
      await db.update(items).set({ sort }).where(and(own, eq(items.id, id)));
    },
  };
}

/** The columns of an item's editable fields; `data` keeps what the editor does not touch. */
function columnsOf(values: ItemValues, data: ItemData) {
  const { unit_step: _old, ...rest } = data;
  return {
    name: values.name,
    nameEn: values.nameEn,
    description: values.description,
    descriptionEn: values.descriptionEn,
    unit: values.unit,
    price: values.price,
    folderId: values.folderId,
    data: { ...rest, sizes: values.sizes, ...(values.unitStep > 1 ? { unit_step: values.unitStep } : {}) },
  };
}
