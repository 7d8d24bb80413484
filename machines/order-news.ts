import type { LiveEvent } from '@contract/entities/chat';
import { DeliveryMethod } from '@contract/enums';
import type { Notice } from './notice';

/*
 * What the customer is told when the store changes one of their orders (the live channel's
 * `order_status`): the chat chart raises it once per event, wherever the customer is.
 */

/** A store's change to one of the customer's orders, as the live channel hears it. */
export type OrderStatusNews = Extract<LiveEvent, { type: 'order_status' }>;

/** The notices of an order's change (src/app/notices.ts words them). */
export type OrderNewsNoticeId =
  | 'order confirmed'
  | 'order confirmed, ready in'
  | 'order on its way'
  | 'order ready for pickup'
  | 'order delivered'
  | 'order canceled by the store'
  | 'order canceled by the store, reason'
  | 'order payment expired';

/** The notice of one change: what happened, with a confirm's minutes and a cancel's reason. */
export function orderNewsNotice(news: OrderStatusNews): Notice<OrderNewsNoticeId> {
  switch (news.action) {
    case 'confirm':
      return news.ready_in === null ? { tone: 'info', id: 'order confirmed' } : { tone: 'info', id: 'order confirmed, ready in', values: { minutes: news.ready_in } };
    case 'send':
      return { tone: 'info', id: news.delivery_method === DeliveryMethod.pickup ? 'order ready for pickup' : 'order on its way' };
    case 'complete':
      return { tone: 'success', id: 'order delivered' };
    case 'cancel':
      return news.reason.trim() === '' ? { tone: 'info', id: 'order canceled by the store' } : { tone: 'info', id: 'order canceled by the store, reason', values: { reason: news.reason } };
    case 'expire':
      return { tone: 'info', id: 'order payment expired' };
  }
}

/** What the chat hands the open order's chart (systemId 'order'): one of the customer's orders changed. */
export type OrderChanged = { type: 'order.changed'; orderId: number };
