import type { ActionContext } from '../context';
import type { PaymentRow } from '../../db/schema';
import { queueRefund, tryRefund } from './refunds';

/** What the money paths need: the transaction's repositories and the server's gateways (and the time, where known). */
export type MoneyContext = Pick<ActionContext, 'repos' | 'payments'> & { clock?: () => Date };

/**
 * An attempt we voided (the cart was edited) or that ended canceled/failed may still
 * have been captured by the bank. Asks the gateway; when it reports the money taken,
 * gives it back through that bank (issue 33): a pending payment_refunds row ('voided_paid') and its job, then the
 * bank is asked at once; refused or unreachable, the job asks again until it accepts. Exactly once:
 * `claimRefund` sets `refunded_at` only for the first caller. Returns the rial refunded
 * for this attempt, now or earlier (0 when the bank took nothing).
 */
export async function refundIfCaptured(context: MoneyContext, payment: PaymentRow): Promise<number> {
  if (payment.status === 'requested' || payment.status === 'paid') return 0;
  if (payment.refundedAt !== null) return payment.amount;
  const gateway = context.payments.find(payment.gateway);
  if (!gateway) return 0;
  const verdict = await gateway.verify(context.repos, { token: payment.token, amount: payment.amount, gatewayRef: payment.gatewayRef });
  if (verdict.outcome !== 'paid') return 0;
  if (!(await context.repos.checkout.claimRefund(payment.id))) return payment.amount;
  const now = context.clock?.() ?? new Date();
  await queueRefund(context.repos, payment, 'voided_paid', now);
  await tryRefund(context.repos, context.payments, payment.id, now);
  return payment.amount;
}
