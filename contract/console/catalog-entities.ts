import * as v from 'valibot';
import { ItemSizeSchema, UNITS } from '../entities/catalog';

/*
 * The catalog as the console edits it (issue 32): every folder and item of the shop, finished ones and type 12
 * (never listed to customers) too. Prices are rial.
 */

/** A folder (type 2): parent_id 0 is a top folder; `sort` orders it among its siblings. */
export const ConsoleFolderSchema = v.object({
  id: v.number(),
  parent_id: v.number(),
  name: v.string(),
  name_en: v.string(),
  picture: v.nullable(v.string()),
  /** the background the storefront shows it on (#rrggbb; a seeded one may be any CSS colour), null: none */
  bg_color: v.nullable(v.string()),
  sort: v.number(),
});
export type ConsoleFolder = v.InferOutput<typeof ConsoleFolderSchema>;

/** An item (type 1, or 12: sold but never listed) with what the editor changes. */
export const ConsoleItemSchema = v.object({
  id: v.number(),
  folder_id: v.number(),
  type: v.picklist([1, 12]),
  name: v.string(),
  name_en: v.string(),
  description: v.string(),
  description_en: v.string(),
  unit: v.picklist(UNITS),
  unit_step: v.number(),
  price: v.number(),
  sizes: v.array(ItemSizeSchema),
  /** false: finished for now; a cart refuses it until it is back */
  in_stock: v.boolean(),
  picture: v.nullable(v.string()),
  /** every picture, the cover first (catalog_item_pictures) */
  pictures: v.array(v.object({ id: v.number(), url: v.string() })),
  sort: v.number(),
});
export type ConsoleItem = v.InferOutput<typeof ConsoleItemSchema>;

/** The whole catalog of the shop, folders and items each in their order. */
export const ConsoleCatalogSchema = v.object({
  folders: v.array(ConsoleFolderSchema),
  items: v.array(ConsoleItemSchema),
});
export type ConsoleCatalog = v.InferOutput<typeof ConsoleCatalogSchema>;
