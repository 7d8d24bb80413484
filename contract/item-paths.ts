import { Interface, type Language } from './enums';
import { localized } from './localized';

/** Where the storefront's app is served (spec §2), and the base of every path below. */
export const SPA_BASE = '/order/v2/';

/** A name made URL-friendly: spaces to dashes, kept in its own script. */
export const urlName = (name: string): string => encodeURIComponent(name.trim().replace(/\s+/g, '-'));

/** The page of a product: /product/:id/:name at the skincare interface (100), else /item/:id/:name. */
export function itemPath(item: { item_id: number; name: string; name_en: string }, language: Language, interfaceId: number): string {
  const base = interfaceId === Interface.skincare ? '/product' : '/item';
  return `${base}/${item.item_id}/${urlName(localized(language, item.name, item.name_en))}`;
}

/** A category page: /cat/:id/:name, with /:page when past the first. */
export function categoryPath(folder: { item_id: number; name: string; name_en: string }, language: Language, page = 1): string {
  const path = `/cat/${folder.item_id}/${urlName(localized(language, folder.name, folder.name_en))}`;
  return page > 1 ? `${path}/${page}` : path;
}

/** The product a path under the SPA's base shows (/item/:id/… or /product/:id/…); null for any other page. */
export function itemIdOfPath(path: string): number | null {
  const [first, id] = path.split('/');
  return (first === 'item' || first === 'product') && id && /^\d+$/.test(id) ? Number(id) : null;
}
