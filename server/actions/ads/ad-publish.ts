import { ADS_PER_DAY } from '@contract/rules/ads';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { nextOffset } from '../../services/chat/chat-mappers';
import { adChangeRefused, adLiveEvents, adNotFound, changeAd } from '../../services/ads/ad-change';
import { adContentOf } from '../../services/ads/ad-content';
import { detailsOf } from '../../services/ads/ad-mappers';
import type { Handlers, SignedInContext } from '../context';

const DAY_MS = 86_400_000;

/**
 * A submission (a new ad or an edit) of the user: their submissions held to the end of the transaction, then at most
 * ADS_PER_DAY in the last day (429 `ad_daily_limit`), and no other live ad of theirs with the title at the place
 * (409 `ad_duplicate`; the unique index ads_publisher_title_place backs it).
 */
async function checkSubmission(context: SignedInContext, place: { title: string; city: string; neighborhood: string }, exceptId?: number) {
  const { repos, user, clock, language } = context;
  await repos.ads.lockPublisher(user.id);
  if ((await repos.ads.submittedSince(user.id, new Date(clock().getTime() - DAY_MS))) >= ADS_PER_DAY) {
    throw new ApiError(429, 'ad_daily_limit', translate(language, 'ad_daily_limit', { max: ADS_PER_DAY }));
  }
  if (await repos.ads.duplicateOf(user.id, place, exceptId)) throw new ApiError(409, 'ad_duplicate', translate(language, 'ad_duplicate'));
}

/** The one ad as its publisher sees it, after a write. */
async function ownDetail(context: SignedInContext, adId: number) {
  const row = await context.repos.ads.byId(adId);
  if (!row) throw adNotFound(context.language);
  const [detail] = await detailsOf(context.repos, [row], context.user.id);
  return detail;
}

/** Publishing (spec §7's create_new_ty_ad, update_ad_ty) and the publisher's own ads and changes. */
export const adPublishActions: Handlers<'create_new_ty_ad' | 'update_ad_ty' | 'ty_ad_action' | 'ty_my_ads'> = {
  async create_new_ty_ad(context, { ad_object }) {
    const { repos, user, shop, clock, language, live, afterCommit } = context;
    const { content, pictureIds } = await adContentOf(repos, user, ad_object, language);
    await checkSubmission(context, content);
    const at = clock();
    const id = await repos.ads.nextId();
    const ad = await repos.ads.insert(id, `A-${1000 + id}`, content, at);
    await repos.ads.setPictures(ad.id, pictureIds);
    await repos.ads.addEvent({ adId: ad.id, action: 'submit', from: null, to: 'awaiting', actor: 'publisher', at });
    const notices = await repos.live.append(adLiveEvents(shop, ad, 'submit', 'awaiting'));
    afterCommit(() => live.announce(notices));
    return ownDetail(context, ad.id);
  },

  async update_ad_ty(context, { ad_id, ad_object }) {
    const { repos, user, shop, clock, language, live, afterCommit } = context;
    const found = await repos.ads.byId(ad_id, true);
    if (!found || found.ad.userId !== user.id) throw adNotFound(language);
    if (found.ad.status === 'deleted') throw adChangeRefused(language);
    const { content, pictureIds } = await adContentOf(repos, user, ad_object, language, found.ad);
    await checkSubmission(context, content, ad_id);
    const at = clock();
    // The chart decides first (an edit of a closed or held ad is refused); the content is written in the same transaction.
    const { notices } = await changeAd(repos, shop, { adId: ad_id, action: 'edit', actor: 'publisher', publisherId: user.id }, at, language);
    await repos.ads.updateContent(ad_id, content, at);
    await repos.ads.setPictures(ad_id, pictureIds);
    afterCommit(() => live.announce(notices));
    return ownDetail(context, ad_id);
  },

  async ty_ad_action(context, { ad_id, action }) {
    const { repos, user, shop, clock, language, live, afterCommit } = context;
    const { notices } = await changeAd(repos, shop, { adId: ad_id, action, actor: 'publisher', publisherId: user.id }, clock(), language);
    afterCommit(() => live.announce(notices));
    return ownDetail(context, ad_id);
  },

  async ty_my_ads({ repos, user }, { offset, length }) {
    const page = await repos.ads.mine(user.id, { offset, length });
    return { ads: await detailsOf(repos, page.rows, user.id), next_offset: nextOffset(offset, page.rows.length, page.total) };
  },
};
