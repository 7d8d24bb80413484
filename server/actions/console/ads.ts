import type { QueuedAd } from '@contract/console/endpoints/ads';
import { adActionsFor, QUEUE_STATUSES } from '@contract/rules/ad-lifecycle';
import type { Repositories } from '../../repositories';
import type { AdWithPublisher } from '../../repositories/ad-repository';
import { adNotFound, changeAd } from '../../services/ads/ad-change';
import { detailsOf } from '../../services/ads/ad-mappers';
import { nextOffset } from '../../services/chat/chat-mappers';
import { assertClassifieds } from '../ads/classifieds-only';
import type { ConsoleHandlers } from './context';

const MODERATOR_ACTIONS = ['approve', 'reject', 'ask_edit'] as const;

/** The ads as the queue shows them: the detail (as the publisher sees it: exact point, reason), publisher, reports, history. */
async function queuedAdsOf(repos: Repositories, rows: readonly AdWithPublisher[]): Promise<QueuedAd[]> {
  const details = await Promise.all(rows.map((row) => detailsOf(repos, [row], row.ad.userId).then(([detail]) => detail)));
  return Promise.all(
    rows.map(async (row, index) => {
      const [reports, history] = await Promise.all([repos.ads.reportsOf(row.ad.id), repos.ads.history(row.ad.id)]);
      return {
        ad: { ...details[index], mine: false, actions: [] },
        publisher_id: row.ad.userId,
        publisher_phone: row.ad.userId === null ? null : row.publisherPhone,
        reports: reports.map((report) => ({ reason: report.reason, at: report.at.toISOString() })),
        history: history.map((entry) => ({ action: entry.action, from: entry.from, to: entry.to, by: entry.by, staff_name: entry.staffName, reason: entry.reason, at: entry.at.toISOString() })),
        actions: adActionsFor(row.ad.status, 'moderator').filter((action): action is (typeof MODERATOR_ACTIONS)[number] => (MODERATOR_ACTIONS as readonly string[]).includes(action)),
      };
    }),
  );
}

/** The classifieds' moderation (issue 31): the queue and a moderator's decision, for the staff of an interface-4 shop. */
export const adConsoleActions: ConsoleHandlers<'ads_queue' | 'ad_moderate'> = {
  async ads_queue({ shop, repos, language }, { status, offset, length }) {
    assertClassifieds(shop, language);
    const page = await repos.ads.queue(status === undefined ? QUEUE_STATUSES : [status], { offset, length });
    return { ads: await queuedAdsOf(repos, page.rows), total: page.total, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async ad_moderate({ shop, repos, staff, language, clock, live }, { ad_id, action, reason }) {
    assertClassifieds(shop, language);
    const { notices } = await repos.transaction((tx) => changeAd(tx, shop, { adId: ad_id, action, actor: 'moderator', staffId: staff.id, reason: reason ?? null }, clock(), language));
    await live.announce(notices);
    const row = await repos.ads.byId(ad_id);
    if (!row) throw adNotFound(language);
    const [queued] = await queuedAdsOf(repos, [row]);
    return queued;
  },
};
