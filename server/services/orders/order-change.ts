import type { ConsoleParsedRequestOf } from '@contract/console/api';
import type { Language } from '@contract/enums';
import { scheduledFor } from '@contract/rules/delivery-time';
import { asPlacedStatus, isAhead, missingFor, readyAtOf, transitionFor, type OrderActor } from '@contract/rules/order-lifecycle';
import { lifecycleNext } from '@machines/order-lifecycle';
import type { ShopRow, StaffRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { BoardRow } from '../../repositories/order-board-repository';
import { releaseReservations } from '../checkout/cart-state';
import type { LiveEventNotice } from '../events/topics';
import type { PaymentGateways } from '../payments';
import { queueRefund } from '../payments/refunds';
import { recordOrderChange } from './order-events';
import { orderSmsJob } from './order-sms';

/** What a staff change needs of the console's context. */
export interface ChangeContext {
  /** the Host's shop (its console) and its repositories */
  shop: ShopRow;
  repos: Repositories;
  staff: StaffRow;
  language: Language;
  clock: () => Date;
  payments: PaymentGateways;
}

/** What one committed change did: the order as it now is, where it was placed, and the money that moved back. */
export interface ChangeOutcome {
  row: BoardRow;
  orderShop: ShopRow;
  notices: LiveEventNotice[];
  refund: { wallet: number; gift: number; online: number };
  /** the payment whose bank refund this cancel owes (payment_refunds, pending): the caller asks the bank after commit */
  owedRefund: { shopId: number; paymentId: number } | null;
  /** the key of the customer's SMS job this change scheduled: the caller runs its first try after commit */
  smsKey: string | null;
}

export const orderNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'console_order_not_found'));

/** The chart's actor for a staff member. */
export const actorOf = (staff: StaffRow): OrderActor => (staff.role === 'owner' ? 'owner' : 'staff');

/**
 * order_change (docs/orders.md): in one transaction, under the lock order of docs/server.md (the customer's owner lock,
 * then the order's row, then the payment, then wallets), the status is checked against the chart again and the change
 * written with its history row, its audit line, a cancel's refund and a completion's referral reward. A second change
 * racing this one waits for the row and then finds the status moved: 409, nothing written, nothing refunded twice.
 */
export async function changeOrder(context: ChangeContext, input: ConsoleParsedRequestOf<'order_change'>): Promise<ChangeOutcome> {
  const { repos, staff, language } = context;
  const shopIds = await repos.orderBoard.visibleShopIds();
  const seen = await repos.orderBoard.placed(shopIds, input.order_id);
  if (!seen) throw orderNotFound(language);
  const actor = actorOf(staff);
  return repos.transaction(async (tx) => {
    const placedAt = await tx.brandShop(seen.order.shopId);
    if (!placedAt) throw orderNotFound(language);
    const there = placedAt.repos;
    const userId = seen.order.userId;
    if (userId !== null) await there.carts.lockOwner({ userId });
    const row = await tx.orderBoard.placed(shopIds, input.order_id, true);
    if (!row) throw orderNotFound(language);
    const { order } = row;
    const status = asPlacedStatus(order.status);
    const next = status === null ? null : lifecycleNext(status, actor, input.action);
    const transition = status === null ? null : transitionFor(status, input.action, actor);
    if (next === null || transition === null) throw new ApiError(409, 'status_change_refused', translate(language, 'status_change_refused'));
    const at = context.clock();
    // A later-today or pre-order still ahead is confirmed "ready for its time" when no minutes are given.
    const scheduled = scheduledFor(order.deliveryTime, order.placedAt ?? order.createdAt);
    const missing = missingFor(transition, { ...input, scheduledAhead: isAhead(scheduled, at) });
    if (missing) throw new ApiError(400, 'invalid_input', translate(language, missing === 'ready_in' ? 'order_ready_in_required' : 'order_reason_required'));

    const readyAt = input.action === 'confirm' ? (readyAtOf(scheduled, input.ready_in, at) ?? undefined) : undefined;
    const refund = { wallet: 0, gift: 0, online: 0 };
    let owedRefund: ChangeOutcome['owedRefund'] = null;
    const walletUserIds: number[] = [];
    if (input.action === 'cancel') {
      // What placing took from the wallet and the discount bag goes back (one 'refund' row each), the code's use too.
      // The online part goes back through the bank that took it: refunded_at is set once, under the order's lock, with
      // a pending payment_refunds row and its job; the bank is asked after commit, so a bank that cannot be reached
      // does not stop the cancel (the refund waits and is retried; the owner sees it pending).
      const payment = await there.orderBoard.refundablePayment(order.id);
      if (payment) {
        await there.orderBoard.markRefunded(payment.id, at);
        await queueRefund(there, payment, 'staff_cancel', at);
        refund.online = payment.amount;
        owedRefund = { shopId: payment.shopId, paymentId: payment.id };
      }
      refund.wallet = Number(order.bill?.wallet ?? 0);
      refund.gift = Number(order.bill?.gift ?? 0);
      await releaseReservations({ repos: there, payments: context.payments }, order);
      if (userId !== null && refund.wallet + refund.gift > 0) walletUserIds.push(userId);
    }
    if (input.action === 'complete' && userId !== null) {
      const reward = await there.wallet.rewardReferral({ inviteeId: userId, orderId: order.id, amount: context.shop.referralReward });
      if (reward) walletUserIds.push(reward.userId);
    }
    const saved = await there.orderBoard.setStatus(order.id, { status: next, at, readyAt });
    const reason = input.action === 'cancel' ? (input.reason ?? '').trim() : '';
    const readyIn = input.action === 'confirm' ? (input.ready_in ?? null) : null;
    await tx.orderEvents.audit({
      staffId: staff.id,
      staffName: staff.name,
      action: `order.${input.action}`,
      subjectType: 'order',
      subjectId: order.id,
      detail: { tracking_code: order.trackingCode, from: order.status, to: next, ...(reason ? { reason } : {}), ...(readyIn !== null ? { ready_in: readyIn } : {}), ...(input.action === 'cancel' ? { refund } : {}) },
    });
    const notices = await recordOrderChange(
      there,
      placedAt.shop,
      saved,
      { action: input.action, from: order.status, to: next, actor, staff: { id: staff.id, name: staff.name }, reason, readyIn, readyAt: saved.readyAt },
      { walletUserIds },
    );
    const mobile = row.customer?.mobile ?? null;
    const sms = orderSmsJob(placedAt.shop, { orderId: order.id, action: input.action, mobile, trackingCode: order.trackingCode ?? '', readyIn, readyAt: saved.readyAt }, at);
    if (sms) await there.jobs.schedule(sms);
    return { row: { ...row, order: saved }, orderShop: placedAt.shop, notices, refund, owedRefund, smsKey: sms?.key ?? null };
  });
}
