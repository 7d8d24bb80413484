import { asPlacedStatus } from '@contract/rules/order-lifecycle';
import { canRecordPayment } from '@contract/rules/order-payment';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { BoardRow } from '../../repositories/order-board-repository';
import type { LiveEventNotice } from '../events/topics';
import { actorOf, orderNotFound, type ChangeContext } from './order-change';
import { appendForStaff } from './order-events';

/**
 * order_record_payment (docs/orders.md, "Paid or not paid"): the shop took the money of a cash, card-reader or
 * money-transfer order. Under the order's row lock the rule is checked again (contract/rules/order-payment.ts), so two
 * staff members recording at once record it once (the second is 409). Writes `paid`, an audit line naming who
 * recorded it, and tells every console that sees the order.
 */
export async function recordPayment(context: Omit<ChangeContext, 'payments'>, orderId: number): Promise<{ row: BoardRow; notices: LiveEventNotice[] }> {
  const { repos, staff, language } = context;
  const shopIds = await repos.orderBoard.visibleShopIds();
  return repos.transaction(async (tx) => {
    const row = await tx.orderBoard.placed(shopIds, orderId, true);
    if (!row) throw orderNotFound(language);
    const { order } = row;
    if (asPlacedStatus(order.status) === null || !canRecordPayment({ status: order.status, payment: order.payment, paid: order.paid === 1 }, actorOf(staff))) {
      throw new ApiError(409, 'payment_record_refused', translate(language, 'payment_record_refused'));
    }
    const at = context.clock();
    const saved = await tx.orderBoard.markPaid(order.id, at);
    await tx.orderEvents.audit({
      staffId: staff.id,
      staffName: staff.name,
      action: 'order.record_payment',
      subjectType: 'order',
      subjectId: order.id,
      detail: { tracking_code: order.trackingCode, payment: order.payment, amount: Number(order.bill?.payable ?? 0) },
    });
    const placedAt = await tx.brandShop(order.shopId);
    const notices = placedAt ? await appendForStaff(placedAt.repos, placedAt.shop, { type: 'order_changed', payload: { order_id: order.id, status: order.status } }) : [];
    return { row: { ...row, order: saved }, notices };
  });
}
