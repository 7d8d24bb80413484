import type { LiveEvent } from '@contract/entities/chat';
import type { Notice } from '../notice';

/*
 * What a publisher is told when a moderator (or the server) changes one of their ads (the live channel's
 * `ad_status`): the chat chart raises it once per event, wherever the publisher is, and has "my ads" read again.
 * And what a customer is told when a new ad matches one of their saved searches (`ad_matched`), with the way to it.
 */

export type AdStatusNews = Extract<LiveEvent, { type: 'ad_status' }>;
export type AdMatchedNews = Extract<LiveEvent, { type: 'ad_matched' }>;

/** The notices of an ad's change and of a matched search (src/app/notices.ts words them). */
export type AdNewsNoticeId = 'ad approved' | 'ad rejected, reason' | 'ad edit requested, reason' | 'ad expired' | 'ad held' | 'ad matches a saved search';

/** The notice of a new ad matching a saved search: the search's name, the ad's title, and its detail to open. */
export const adMatchedNotice = (news: AdMatchedNews): Notice<AdNewsNoticeId> => ({
  tone: 'info',
  id: 'ad matches a saved search',
  values: { search: news.search_name, title: news.title },
  link: `/home-4/detail/${news.ad_id}`,
});

/** The notice of one change, naming the ad and a moderator's reason; none for the publisher's own changes (renew, close, delete). */
export function adNewsNotice(news: AdStatusNews): Notice<AdNewsNoticeId> | null {
  const title = news.title;
  switch (news.status) {
    case 'approved':
      return { tone: 'success', id: 'ad approved', values: { title } };
    case 'rejected':
      return { tone: 'info', id: 'ad rejected, reason', values: { title, reason: news.reason ?? '' } };
    case 'edit_request':
      return { tone: 'info', id: 'ad edit requested, reason', values: { title, reason: news.reason ?? '' } };
    case 'expired':
      return { tone: 'info', id: 'ad expired', values: { title } };
    case 'uncertain':
      return { tone: 'info', id: 'ad held', values: { title } };
    default:
      return null;
  }
}

/** What the chat hands "my ads" (systemId 'myAds'): one of the publisher's ads changed; the list is read again. */
export type AdsChanged = { type: 'ads.changed'; adId: number };
