import type { LiveEvent } from '@contract/entities/chat';
import { DeliveryMethod } from '@contract/enums';
import { isCancelReason } from '@contract/rules/order-lifecycle';
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
  | 'order canceled by the store, reason'
  | 'order payment expired';

/**
 * The notice of one change: what happened, with a confirm's minutes and a cancel's reason; none for
 * the customer's own cancel (their order page already said so). The lifecycle table tells them
 * apart: the store's cancel always carries a reason, the customer's never needs one.
 */
export function orderNewsNotice(news: OrderStatusNews): Notice<OrderNewsNoticeId> | null {
  switch (news.action) {
    case 'confirm':
      return news.ready_in === null ? { tone: 'info', id: 'order confirmed' } : { tone: 'info', id: 'order confirmed, ready in', values: { minutes: news.ready_in } };
    case 'send':
      return { tone: 'info', id: news.delivery_method === DeliveryMethod.pickup ? 'order ready for pickup' : 'order on its way' };
    case 'complete':
      return { tone: 'success', id: 'order delivered' };
    case 'cancel':
      return isCancelReason(news.reason) ? { tone: 'info', id: 'order canceled by the store, reason', values: { reason: news.reason } } : null;
    case 'expire':
      return { tone: 'info', id: 'order payment expired' };
  }
}

/** What the chat hands the open order's chart (systemId 'order'): one of the customer's orders changed. */
export type OrderChanged = { type: 'order.changed'; orderId: number };
