import type { PaymentRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import { paymentRefundJob } from '../jobs/payment-job-keys';
import type { PaymentGateways } from './index';

/** Why a refund is owed (payment_refunds.reason). */
export type RefundReason = 'staff_cancel' | 'voided_paid' | 'amount_mismatch';

/**
 * Owes the bank's refund of a paid payment (docs/orders.md, "Refunds"): a pending payment_refunds row and the job that
 * asks the bank if nobody did first, both in the caller's transaction. The bank itself is asked after commit
 * (tryRefund) or by the job, so an unreachable bank never undoes the cancel and the refund is never lost.
 */
export async function queueRefund(repos: Repositories, payment: Pick<PaymentRow, 'id' | 'shopId' | 'orderId' | 'amount'>, reason: RefundReason, now: Date): Promise<void> {
  if (!(await repos.refunds.queue({ paymentId: payment.id, orderId: payment.orderId, amount: payment.amount, reason }))) return;
  await repos.jobs.schedule(paymentRefundJob({ shopId: payment.shopId, paymentId: payment.id, attempts: 0 }, now));
}

export type RefundTry = { outcome: 'done' } | { outcome: 'settled' } | { outcome: 'refused'; attempts: number; error: string };

const messageOf = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
};

/**
 * Asks the bank for a payment's pending refund, in the caller's transaction: accepted, the row is done with the bank's
 * reference; refused or unreachable, it stays pending with one more attempt and the error. 'settled': nothing pending
 * (done already, or another instance is asking right now).
 */
export async function tryRefund(repos: Repositories, gateways: PaymentGateways, paymentId: number, now: Date): Promise<RefundTry> {
  const found = await repos.refunds.lockedPending(paymentId);
  if (!found) return { outcome: 'settled' };
  const { refund, payment } = found;
  const attempts = refund.attempts + 1;
  try {
    const gateway = gateways.find(payment.gateway);
    if (!gateway) throw new Error(`this server does not run the gateway ${payment.gateway}`);
    const answer = await gateway.refund(repos, { token: payment.token, amount: payment.amount, gatewayRef: payment.gatewayRef });
    await repos.refunds.markDone(refund.id, answer?.providerRef ?? null, now, attempts);
    return { outcome: 'done' };
  } catch (error) {
    const message = messageOf(error);
    await repos.refunds.markFailed(refund.id, message, attempts);
    return { outcome: 'refused', attempts, error: message };
  }
}

/**
 * Right after the cancel committed: asks the bank once, in a transaction of its own, so a bank that answers at once
 * (the sandbox, a healthy Zarinpal) refunds before the reply. A refusal or any failure here only waits for the job.
 */
export async function refundAfterCommit(
  repos: Repositories,
  gateways: PaymentGateways,
  owed: { shopId: number; paymentId: number },
  now: Date,
  warn: (message: string) => void,
): Promise<void> {
  try {
    const tried = await repos.transaction(async (tx) => {
      const at = await tx.brandShop(owed.shopId);
      return at ? tryRefund(at.repos, gateways, owed.paymentId, now) : null;
    });
    if (tried?.outcome === 'refused') warn(`refund of payment ${owed.paymentId} waits for the bank (try ${tried.attempts}): ${tried.error}`);
  } catch (error) {
    warn(`refund of payment ${owed.paymentId} waits for its job: ${messageOf(error)}`);
  }
}
