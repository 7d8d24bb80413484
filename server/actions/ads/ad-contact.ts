import { AD_LIMITS, REPORTS_PER_DAY, REPORTS_TO_HOLD } from '@contract/rules/ads';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { adNotFound, changeAd } from '../../services/ads/ad-change';
import type { Handlers } from '../context';

const DAY_MS = 86_400_000;

/** Reaching an ad's publisher: the chat with them, or a report to the moderators. */
export const adContactActions: Handlers<'ty_report_ad' | 'ty_contact_publisher'> = {
  async ty_report_ad({ repos, user, shop, clock, language, live, afterCommit }, { ad_id, reason }) {
    const text = reason.trim();
    if (text.length < AD_LIMITS.reportReason.min) throw new ApiError(400, 'ad_report_reason_required', translate(language, 'ad_report_reason_required', { min: AD_LIMITS.reportReason.min }));
    const found = await repos.ads.byId(ad_id, true);
    if (!found || found.ad.status !== 'approved') throw adNotFound(language);
    if (found.ad.userId === user.id) throw new ApiError(409, 'ad_own', translate(language, 'ad_own'));
    const at = clock();
    if ((await repos.ads.reportsSince(user.id, new Date(at.getTime() - DAY_MS))) >= REPORTS_PER_DAY) {
      throw new ApiError(429, 'ad_report_limit', translate(language, 'ad_report_limit', { max: REPORTS_PER_DAY }));
    }
    // Once per user and ad: a second report of the same ad changes nothing.
    if (!(await repos.ads.addReport(ad_id, user.id, text, at))) return { ad_id, reported: true };
    const reports = found.ad.reports + 1;
    await repos.ads.setStatus(ad_id, { status: found.ad.status, reason: found.ad.reason, at: found.ad.statusChangedAt, reports });
    if (reports >= REPORTS_TO_HOLD) {
      const { notices } = await changeAd(repos, shop, { adId: ad_id, action: 'hold', actor: 'system' }, at, language);
      afterCommit(() => live.announce(notices));
    }
    return { ad_id, reported: true };
  },

  async ty_contact_publisher({ repos, user, language }, { ad_id }) {
    const found = await repos.ads.byId(ad_id);
    if (!found || found.ad.status !== 'approved') throw adNotFound(language);
    const publisherId = found.ad.userId;
    if (publisherId === null) throw new ApiError(409, 'ad_publisher_deleted', translate(language, 'ad_publisher_deleted'));
    if (publisherId === user.id) throw new ApiError(409, 'ad_own', translate(language, 'ad_own'));
    const conversation = await repos.conversations(user.id).open(publisherId, found.ad.title);
    return { conversation_id: conversation.id };
  },
};
