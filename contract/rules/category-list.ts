import type { RequestOf } from '../api';
import { DEFAULT_PAGE_LIMIT, ITEM_SORTS, type ItemSort } from '../entities/catalog';

/** The page number in a category URL (/cat/:id/:name/:page): 1 unless a positive whole number. */
export const categoryPageOf = (value: string | undefined): number => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : 1);

/** The ?sort= of a category URL: one of ITEM_SORTS, else the shop's default order. */
export const categorySortOf = (value: string | null): ItemSort => ((ITEM_SORTS as readonly string[]).includes(value ?? '') ? (value as ItemSort) : 'default');

/** The folder of a category URL: its id, 0 (the top) when absent or not a number. */
export const categoryFolderOf = (value: string | undefined): number => (value && /^\d+$/.test(value) ? Number(value) : 0);

/**
 * The get_list_item request a category page makes (the SPA's /cat page, and the server when it
 * writes a category page's first list into index.html: both must ask the same to share it).
 */
export function categoryListRequest(folderId: number, page: number, sort: ItemSort, range: { from_price?: number; to_price?: number } = {}): RequestOf<'get_list_item'> {
  return { id: folderId, get_children_anyway: 1, offset: (page - 1) * DEFAULT_PAGE_LIMIT, limit: DEFAULT_PAGE_LIMIT, sort, from_price: range.from_price, to_price: range.to_price };
}

/**
 * The list a path under the SPA's base shows when it is a category page (/cat/:id?/:cat_name?/:page?)
 * with no price range in its query; null for any other page.
 */
export function categoryListOfUrl(path: string, search: URLSearchParams): RequestOf<'get_list_item'> | null {
  const [first, id, , page, ...rest] = path.split('/');
  if (first !== 'cat' || rest.length > 0 || search.has('from') || search.has('to')) return null;
  return categoryListRequest(categoryFolderOf(id), categoryPageOf(page), categorySortOf(search.get('sort')));
}

/** A product card's picture size (pictures are 600×400): the card keeps this ratio, so nothing shifts while they load. */
export const ITEM_PICTURE = { width: 600, height: 400 } as const;

/** Cards in a grid's first paint: three rows of a phone's two columns fill its screen. */
export const FIRST_CARDS = 6;
