import * as v from 'valibot';
import {
  ITEM_SORTS,
  ItemDetailSchema,
  ItemListSchema,
  ItemOptionsSchema,
  ItemPageSchema,
  ItemSchema,
  SoldItemSchema,
  BreadcrumbSchema,
  TreeFolderSchema,
} from '../entities/catalog';
import { GalleryPictureSchema, MagazinePageSchema, MagazinePostSchema } from '../entities/magazine';
import { blankAsAbsent, blankOr, id, integer, money, smallint, text } from '../fields';
import { TEXT_MAX } from '../rules/limits';

const flag = () => blankAsAbsent(v.pipe(smallint(), v.picklist([0, 1])));
const price = () => blankAsAbsent(money());
const search = () => v.optional(text({ max: TEXT_MAX.search }));

/** Browsing codes (spec §7): lists, search, the item, options, favorites and the content pages. */
export const catalogEndpoints = {
  get_list_item: {
    summary:
      'One page of a folder: its subfolders and products (never type 12). id: the folder (0 or absent: the top); cat_id: search within this folder and everything under it; get_children_anyway 1: also products of subfolders; always_show 1: subfolders on every page (else only on the first); pagination 0: every match from offset; name: search (Persian/English names and descriptions, ي/ك and digits normalised); from_price/to_price: rial; sort: default, newest, price_up, price_down, best_selling; shop_pass: when given must be the shop key. Bad paging (offset < 0, limit outside 1..100, from_price > to_price) is a 400.',
    request: v.object({
      get_children_anyway: flag(),
      id: blankAsAbsent(id()),
      always_show: flag(),
      pagination: flag(),
      offset: blankAsAbsent(integer()),
      limit: blankAsAbsent(integer()),
      from_price: price(),
      to_price: price(),
      name: search(),
      sort: v.optional(v.picklist(ITEM_SORTS), 'default'),
      shop_pass: blankAsAbsent(text()),
      cat_id: blankAsAbsent(id()),
    }),
    data: ItemListSchema,
    login: false,
  },
  get_item: {
    summary: 'One product with its options, breadcrumb and favorite flag; another shop\'s id or a folder is not found (404).',
    request: v.object({ id: id() }),
    data: ItemDetailSchema,
    login: false,
  },
  get_items: {
    summary: 'Products of the whole shop matching a name and price range (at most 100, by name).',
    request: v.object({ from_price: price(), to_price: price(), name: search() }),
    data: v.array(ItemSchema),
    login: false,
  },
  get_tree_item: {
    summary: 'The folders under a folder (0 or absent: all), depth first, with how many products each holds directly.',
    request: v.object({ id: blankAsAbsent(id()) }),
    data: v.array(TreeFolderSchema),
    login: false,
  },
  get_breadcrumb: {
    summary: 'The path from the top folder down to an item or folder, itself last.',
    request: v.object({ id: id() }),
    data: v.array(BreadcrumbSchema),
    login: false,
  },
  get_options: {
    summary: 'The option steps of a product and their options (counts bounded by min_count/max_count; each step total by the step\'s bounds).',
    request: v.object({ item_id: id() }),
    data: ItemOptionsSchema,
    login: false,
  },
  add_visit_item: {
    summary: 'Counts a visit of a product page, once per visitor (account, else client address) per product per 24 hours; returns the product\'s visits.',
    request: v.object({ id: id() }),
    data: v.object({ item_id: v.number(), visits: v.number() }),
    login: false,
  },
  get_best_sell_items: {
    summary: 'Up to 10 best-selling products: by units in orders with status 3 or more, then by visits.',
    request: v.object({}),
    data: v.array(ItemSchema),
    login: false,
  },
  get_new_items: {
    summary: 'Up to 10 newest products.',
    request: v.object({}),
    data: v.array(ItemSchema),
    login: false,
  },
  get_sells_list: {
    summary: 'Products under a folder (0 or absent: all, at most 100) with units sold in orders with status 3 or more, most sold first.',
    request: v.object({ parent_id: blankAsAbsent(id()) }),
    data: v.array(SoldItemSchema),
    login: false,
  },
  get_favorites: {
    summary: 'The user\'s favorite products, 20 a page (page 1 first).',
    request: v.object({ page: blankOr(integer(), 1) }),
    data: ItemPageSchema,
    login: true,
  },
  toggle_favorite: {
    summary: 'Marks or unmarks a product as favorite; returns the new flag and the full list.',
    request: v.object({ item_id: id() }),
    data: v.object({ item_id: v.number(), favorite: v.boolean(), favorites: v.array(v.number()) }),
    login: true,
  },
  get_magazines: {
    summary: 'Magazine posts, newest first, 6 a page, texts in `language`; cat_id narrows to one category.',
    request: v.object({ page: blankOr(integer(), 1), language: v.optional(v.picklist(['fa', 'en'])), cat_id: blankAsAbsent(smallint()) }),
    data: MagazinePageSchema,
    login: false,
  },
  get_magazine_post: {
    summary: 'One magazine post, texts in `language`; another shop\'s id is not found (404).',
    request: v.object({ id: id(), language: v.optional(v.picklist(['fa', 'en'])) }),
    data: MagazinePostSchema,
    login: false,
  },
  get_gallery: {
    summary: 'The shop\'s gallery pictures in order.',
    request: v.object({}),
    data: v.array(GalleryPictureSchema),
    login: false,
  },
  contact_us: {
    summary: 'Stores a message to the shop. name, phone and email are required (email and phone must look valid); message is optional.',
    request: v.object({
      name: v.optional(text({ max: TEXT_MAX.personName }), ''),
      phone: v.optional(text({ max: TEXT_MAX.phone }), ''),
      email: v.optional(text({ max: TEXT_MAX.email }), ''),
      message: v.optional(text({ max: TEXT_MAX.contactMessage, multiline: true }), ''),
    }),
    data: v.object({ id: v.number() }),
    login: false,
  },
} as const;
