import { nextOffset } from '../../services/chat/chat-mappers';
import { adNotFound } from '../../services/ads/ad-change';
import { detailsOf, listedCardsOf } from '../../services/ads/ad-mappers';
import type { Handlers } from '../context';

/** Finding ads (spec §7): the list, its filters and counts, the map, one ad. Open to visitors. */
export const adSearchActions: Handlers<'get_all_ads_ty' | 'filter_all_ads_ty' | 'ty_ad_counts' | 'get_ads_by_location' | 'get_ad_ty'> = {
  async get_all_ads_ty({ repos, user }, { offset, length }) {
    const page = await repos.ads.page({ sort: 'newest' }, { offset, length });
    return { ads: await listedCardsOf(repos, page, user?.id ?? null), total: page.total, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async filter_all_ads_ty({ repos, user }, { filters, offset, length }) {
    const page = await repos.ads.page(filters, { offset, length });
    return { ads: await listedCardsOf(repos, page, user?.id ?? null), total: page.total, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async ty_ad_counts({ repos }, { filters }) {
    return repos.ads.counts(filters);
  },

  async get_ads_by_location({ repos }, { location, filters }) {
    return repos.ads.inBounds(location, filters);
  },

  async get_ad_ty({ repos, user, language }, { id }) {
    const row = await repos.ads.byId(id);
    // A visitor sees a published ad; its publisher sees it in every status but deleted.
    const mine = row !== null && user !== null && row.ad.userId === user.id;
    if (!row || row.ad.status === 'deleted' || (!mine && row.ad.status !== 'approved')) throw adNotFound(language);
    const [detail] = await detailsOf(repos, [row], user?.id ?? null);
    return detail;
  },
};
