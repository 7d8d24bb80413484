import * as v from 'valibot';
import { FolderSchema } from './content';

/** Units an item is sold in (spec §3): kg, g, number, skewer, portion, cm (pizza sizes). */
export const UNITS = ['number', 'skewer', 'kg', 'g', 'portion', 'cm'] as const;
export type Unit = (typeof UNITS)[number];

/** Sort orders of item lists: the shop's own order, newest, price up, price down, best selling. */
export const ITEM_SORTS = ['default', 'newest', 'price_up', 'price_down', 'best_selling'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** Largest page get_list_item serves; a larger limit is refused. */
export const MAX_PAGE_LIMIT = 100;
/** Page size when no limit is given, and of favorites and magazine pages. */
export const DEFAULT_PAGE_LIMIT = 20;

export const ItemFeatureSchema = v.object({ name: v.string(), name_en: v.string() });
export const ItemColorSchema = v.object({ name: v.string(), name_en: v.string(), hex: v.string() });
/** price in rial replaces the item's price when the size is chosen */
export const ItemSizeSchema = v.object({ name: v.string(), name_en: v.string(), price: v.number() });

/** A named label of an item (a texture or packaging type), shown, not chosen. */
export const ItemLabelSchema = v.object({ name: v.string(), name_en: v.string() });

export const ItemDataSchema = v.object({
  features: v.array(ItemFeatureSchema),
  colors: v.array(ItemColorSchema),
  sizes: v.array(ItemSizeSchema),
  /** the shop's product code (spec §3 labels), present where the shop gives one */
  code: v.optional(v.string()),
  /** texture types (spec §3 labels), present where the shop gives them */
  texture_types: v.optional(v.array(ItemLabelSchema)),
  /** packaging types (spec §3 labels), present where the shop gives them */
  packaging_types: v.optional(v.array(ItemLabelSchema)),
});

/** A product (type 1) as lists and the item page show it; prices are rial. */
export const ItemSchema = v.object({
  item_id: v.number(),
  folder_id: v.number(),
  type: v.literal(1),
  name: v.string(),
  name_en: v.string(),
  description: v.string(),
  description_en: v.string(),
  /** URL of the main picture */
  picture: v.nullable(v.string()),
  /** id of the main picture (spec §3 picture_id); `picture` is its URL */
  picture_id: v.nullable(v.number()),
  file_type: v.string(),
  /** URLs of every picture, the main one first */
  multipictures: v.array(v.string()),
  bg_color: v.nullable(v.string()),
  unit: v.picklist(UNITS),
  /** how many units one count is, and the amount `price` is for (100: priced and sold per 100 g); absent = 1 */
  unit_step: v.optional(v.number()),
  price: v.number(),
  data: ItemDataSchema,
  /** true when the item has option steps to choose from */
  has_options: v.boolean(),
  /** present (true) while the item is finished for now: shown finished, refused by the cart */
  finished: v.optional(v.literal(true)),
});
export type Item = v.InferOutput<typeof ItemSchema>;

/** A folder (type 2) inside a list: the subfolders of the listed folder. */
export const ListFolderSchema = v.omit(FolderSchema, ['sort']);
export type ListFolder = v.InferOutput<typeof ListFolderSchema>;

/** One page of get_list_item. next_offset is null on the last page. */
export const ItemListSchema = v.object({
  folders: v.array(ListFolderSchema),
  items: v.array(ItemSchema),
  num_results: v.number(),
  offset: v.number(),
  limit: v.number(),
  next_offset: v.nullable(v.number()),
});
export type ItemList = v.InferOutput<typeof ItemListSchema>;

/** A numbered page (favorites). */
export const ItemPageSchema = v.object({
  items: v.array(ItemSchema),
  num_results: v.number(),
  page: v.number(),
  pages: v.number(),
});
export type ItemPage = v.InferOutput<typeof ItemPageSchema>;

/** An item with how many were sold in placed orders (get_sells_list). */
export const SoldItemSchema = v.object({ ...ItemSchema.entries, sold: v.number() });
export type SoldItem = v.InferOutput<typeof SoldItemSchema>;

/** One priced extra of an item (spec §3 'Item option'); price is rial per unit. */
export const ItemOptionSchema = v.object({
  id: v.number(),
  step: v.number(),
  name: v.string(),
  name_en: v.string(),
  price: v.number(),
  /** the count it starts at */
  count: v.number(),
  min_count: v.number(),
  max_count: v.number(),
});
export type ItemOption = v.InferOutput<typeof ItemOptionSchema>;

/** A step of options (the shop's data.item_steps) with its name and the bounds of its total. */
export const OptionStepSchema = v.object({
  id: v.number(),
  name: v.string(),
  name_en: v.string(),
  min_count: v.number(),
  max_count: v.number(),
});
export type OptionStep = v.InferOutput<typeof OptionStepSchema>;

/** get_options: the steps this item uses and their options, in order. */
export const ItemOptionsSchema = v.object({
  steps: v.array(OptionStepSchema),
  options: v.array(ItemOptionSchema),
});
export type ItemOptions = v.InferOutput<typeof ItemOptionsSchema>;

/** A link of the path from the top folder down to an item. */
export const BreadcrumbSchema = v.object({
  item_id: v.number(),
  type: v.picklist([1, 2]),
  name: v.string(),
  name_en: v.string(),
});
export type Breadcrumb = v.InferOutput<typeof BreadcrumbSchema>;

/** get_item: the item, its options, its path and whether the user marked it. */
export const ItemDetailSchema = v.object({
  item: ItemSchema,
  options: ItemOptionsSchema,
  breadcrumb: v.array(BreadcrumbSchema),
  favorite: v.boolean(),
  /** the shop shows its menu only (data.use_as_menu, issue 32): no cart, so the page offers no add; read with the item so an open page follows the owner's switch */
  menu_only: v.optional(v.boolean(), false),
});
export type ItemDetail = v.InferOutput<typeof ItemDetailSchema>;

/** A folder of the tree, flat in depth-first order; depth 0 is directly under the asked folder. */
export const TreeFolderSchema = v.object({
  item_id: v.number(),
  folder_id: v.number(),
  name: v.string(),
  name_en: v.string(),
  depth: v.number(),
  item_count: v.number(),
});
export type TreeFolder = v.InferOutput<typeof TreeFolderSchema>;

/**
 * What the item page hands to the cart (cart_controller's fields): the
 * complete, validated selection of the option statechart.
 */
export interface ItemSelection {
  item_id: number;
  count: number;
  feature_name: string | null;
  size_name: string | null;
  color_name: string | null;
  /** chosen options with a count above zero */
  newoptions: { id: number; count: number }[];
}
