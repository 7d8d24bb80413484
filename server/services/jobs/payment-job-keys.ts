import type { PaymentRow } from '../../db/schema';
import type { NewJob } from '../../repositories/jobs-repository';

/*
 * The payment jobs' names and how they are scheduled (payment-jobs.ts runs them). Apart, so the checkout's code that
 * schedules them (cart-state.ts, checkout.ts) does not import the code that runs them, which uses the checkout's.
 */

export const PAYMENT_EXPIRE = 'payment.expire';
export const PAYMENT_RECHECK = 'payment.recheck';

/** The bank may report a capture late: asked 10 min after the void, then 30 min, 90 min and 4.5 h after each "not captured", then given up. */
export const RECHECK_FIRST_MS = 10 * 60_000;

/** The expiry of an online attempt: one per attempt (a reopened and paid-again order's new attempt gets its own). */
export function paymentExpireJob(payment: Pick<PaymentRow, 'id' | 'shopId' | 'orderId'>, runAt: Date): NewJob {
  return { kind: PAYMENT_EXPIRE, key: `${PAYMENT_EXPIRE}:${payment.id}`, runAt, payload: { shop_id: payment.shopId, order_id: payment.orderId, payment_id: payment.id } };
}

/** The bank is asked again about an attempt we voided or that ended unpaid (a capture after it is refunded). */
export function paymentRecheckJob(payment: Pick<PaymentRow, 'id' | 'shopId'>, now: Date): NewJob {
  return { kind: PAYMENT_RECHECK, key: `${PAYMENT_RECHECK}:${payment.id}`, runAt: new Date(now.getTime() + RECHECK_FIRST_MS), payload: { shop_id: payment.shopId, payment_id: payment.id } };
}

export const PAYMENT_REFUND = 'payment.refund';

/** A refund the bank refused or could not take is asked again after 1 min, then twice as long each time, at most every 6 h: never given up. */
export const refundRetryMs = (attempts: number): number => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

/**
 * The next try of a payment's refund (services/payments/refunds.ts). Keyed by payment and try: each try schedules the
 * next in its own transaction, so a refused refund is never left without one.
 */
export function paymentRefundJob(refund: { shopId: number; paymentId: number; attempts: number }, now: Date): NewJob {
  return {
    kind: PAYMENT_REFUND,
    key: `${PAYMENT_REFUND}:${refund.paymentId}:${refund.attempts}`,
    runAt: new Date(now.getTime() + refundRetryMs(refund.attempts)),
    payload: { shop_id: refund.shopId, payment_id: refund.paymentId },
  };
}
