import { OrderStatus } from '@contract/entities/order';
import type { orders, PaymentRow, ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import type { LiveEventNotice } from '../events/topics';
import { scheduleNewOrderSms } from '../orders/order-sms';
import { recordOrderChange } from '../orders/order-events';

/**
 * A verified attempt of an order still awaiting it becomes the order's payment: the attempt paid with the bank's
 * reference and the order placed (status 3) with its 'place' event. The one place this happens, whether the customer
 * came back (get_sep) or the bank was asked by the expiry job; the caller holds the order's and the payment's locks.
 */
export async function placePaidOrder(
  repos: Repositories,
  shop: ShopRow,
  order: typeof orders.$inferSelect,
  payment: Pick<PaymentRow, 'id'>,
  refId: string | null,
  now: Date,
): Promise<{ placed: typeof orders.$inferSelect; notices: LiveEventNotice[] }> {
  await repos.checkout.settlePayment(payment.id, 'paid', refId);
  const placed = await repos.carts.updateOrder(order.id, { status: OrderStatus.pending, paid: 1, placedAt: now });
  const notices = await recordOrderChange(repos, shop, placed, { action: 'place', from: order.status, to: OrderStatus.pending, actor: 'customer' });
  await scheduleNewOrderSms(repos, shop, placed.id, now);
  return { placed, notices };
}
