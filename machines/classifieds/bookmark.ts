import type { AdCard } from '@contract/entities/ad';
import { asFailure } from '../api-failure';

/*
 * A bookmark toggle, as the list, the detail and the bookmarks page do it: one at a time, a guest asked to log
 * in instead, a refusal kept beside the ad it was about.
 */

/** What the bookmark actor is asked: bookmark the ad (true) or remove its bookmark (false). */
export interface BookmarkRequest {
  adId: number;
  bookmarked: boolean;
}
/** What ty_add_bookmark / ty_remove_bookmark answer. */
export interface BookmarkAnswer {
  ad_id: number;
  bookmarked: boolean;
}
/** A refused toggle: the ad and the server's words. */
export interface BookmarkRefusal {
  adId: number;
  message: string;
}

export const bookmarkRefusal = (adId: number, error: unknown): BookmarkRefusal => ({ adId, message: asFailure(error).message });

/** The ads with one ad's bookmark as the server answered it. */
export const withBookmark = <T extends Pick<AdCard, 'id' | 'bookmarked'>>(ads: readonly T[], answer: BookmarkAnswer): T[] =>
  ads.map((ad) => (ad.id === answer.ad_id ? { ...ad, bookmarked: answer.bookmarked } : ad));
