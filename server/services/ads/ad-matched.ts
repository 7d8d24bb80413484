import type { ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import type { NewLiveEvent } from '../../repositories/live-repository';
import { customerAudience } from '../live/audiences';
import { cardsOf } from './ad-mappers';

/**
 * What an ad's first publication tells the owners of the saved searches it matches (issue 31): one `ad_matched` to
 * each owner but its publisher, naming their first search it matches, with the ad's card as anyone sees it. Read in
 * the approval's transaction, so a search saved or removed before it commits counts as the approval sees it, and the
 * events are written with the approval or not at all.
 */
export async function adMatchedEvents(repos: Repositories, shop: ShopRow, adId: number): Promise<NewLiveEvent[]> {
  const matches = await repos.adSavedSearches.matching(adId);
  const row = matches.length === 0 ? null : await repos.ads.byId(adId);
  if (!row) return [];
  const [card] = await cardsOf(repos, [row], null);
  return matches.map((match) => ({
    audience: customerAudience(shop.id, match.userId),
    type: 'ad_matched',
    payload: { ad_id: adId, title: row.ad.title, search_id: match.id, search_name: match.name, ad: card },
  }));
}
