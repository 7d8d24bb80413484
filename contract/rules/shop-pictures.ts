/*
 * The owner's pictures (issue 32): an item's pictures (the first is its cover, as the storefront shows them) and a
 * folder's. The pictures themselves are uploads of type shop_picture (rules/chat.ts UPLOAD_LIMITS).
 */

/** Most pictures an item has. */
export const CATALOG_PICTURES_MAX = 8;

/** Why a list of an item's pictures is refused (the server's message key): an id twice, or more than CATALOG_PICTURES_MAX. */
export type PictureListProblem = 'pictures_repeated' | 'pictures_too_many';

/** What is wrong with an item's picture ids before any is looked up; null: each may be checked against the shop. */
export function pictureListProblem(ids: readonly number[]): PictureListProblem | null {
  if (ids.length > CATALOG_PICTURES_MAX) return 'pictures_too_many';
  return new Set(ids).size === ids.length ? null : 'pictures_repeated';
}

/** An item's pictures after moving the one at `index` one place up (-1) or down (+1); as they were at an end. */
export function movedPicture<T>(pictures: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= pictures.length || to < 0 || to >= pictures.length) return [...pictures];
  const next = [...pictures];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** Most pictures a shop's gallery keeps (the storefront's gallery page shows them all). */
export const GALLERY_PICTURES_MAX = 60;
