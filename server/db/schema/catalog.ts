import { bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { shops } from './shops';

export interface ItemData {
  features: { name: string; name_en: string }[];
  colors: { name: string; name_en: string; hex: string }[];
  /** price in rial replaces the item's price when the size is chosen */
  sizes: { name: string; name_en: string; price: number }[];
  /** how many units one count is and the price is for (e.g. 100 for a price per 100 g); absent = 1 */
  unit_step?: number;
  /** the shop's product code, texture and packaging types: labels the item page shows (spec §3) */
  code?: string;
  texture_types?: { name: string; name_en: string }[];
  packaging_types?: { name: string; name_en: string }[];
}

/** Items and folders (type 2) of one shop; type 12 never appears in lists. */
export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    /** parent folder's item id; 0 at the top */
    folderId: integer('folder_id').notNull().default(0),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    pictureMediaId: integer('picture_media_id'),
    fileType: text('file_type').notNull().default('image'),
    multipictures: jsonb('multipictures').$type<number[]>().notNull().default([]),
    bgColor: text('bg_color'),
    /** unit code: number, skewer, kg, g */
    unit: text('unit').notNull().default('number'),
    /** rial */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    data: jsonb('data').$type<ItemData>().notNull().default({ features: [], colors: [], sizes: [] }),
    sort: integer('sort').notNull().default(0),
    /** false: finished for now ("finished for today" at the counter); a cart refuses it until it is back */
    inStock: boolean('in_stock').notNull().default(true),
  },
  (table) => [index('items_shop_type').on(table.shopId, table.type), index('items_shop_folder').on(table.shopId, table.folderId)],
);

/** Priced extras of an item, grouped by step (the shop's data.item_steps id). */
export const itemOptions = pgTable(
  'item_options',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    itemId: integer('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** rial */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
    minCount: integer('min_count').notNull().default(0),
    maxCount: integer('max_count').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('item_options_shop_item').on(table.shopId, table.itemId)],
);

export type ItemRow = typeof items.$inferSelect;
export type ItemOptionRow = typeof itemOptions.$inferSelect;
