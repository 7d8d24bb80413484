import { nextOffset } from '../../services/chat/chat-mappers';
import { adNotFound } from '../../services/ads/ad-change';
import { cardsOf } from '../../services/ads/ad-mappers';
import type { Handlers } from '../context';

/** Bookmarks (spec §7): of published ads, the user's own list. */
export const adBookmarkActions: Handlers<'ty_list_bookmarks' | 'ty_add_bookmark' | 'ty_remove_bookmark'> = {
  async ty_list_bookmarks({ repos, user }, { offset, length }) {
    const page = await repos.ads.bookmarks(user.id, { offset, length });
    return { ads: await cardsOf(repos, page.rows, user.id), total: page.total, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async ty_add_bookmark({ repos, user, clock, language }, { ad_id }) {
    const row = await repos.ads.byId(ad_id);
    if (!row || row.ad.status !== 'approved') throw adNotFound(language);
    await repos.ads.addBookmark(user.id, ad_id, clock());
    return { ad_id, bookmarked: true };
  },

  async ty_remove_bookmark({ repos, user, language }, { ad_id }) {
    // Also of an ad no longer published: the user may tidy their list.
    if (!(await repos.ads.byId(ad_id))) throw adNotFound(language);
    await repos.ads.removeBookmark(user.id, ad_id);
    return { ad_id, bookmarked: false };
  },
};
