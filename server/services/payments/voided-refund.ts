import type { ActionContext } from '../context';
import type { PaymentRow } from '../../db/schema';
import { refundToWallet } from '../../repositories/wallet-spend';

/** What the money paths need: the transaction's repositories and the server's gateways. */
export type MoneyContext = Pick<ActionContext, 'repos' | 'payments'>;

/**
 * An attempt we voided (the cart was edited) or that ended canceled/failed may still
 * have been captured by the bank. Asks the gateway; when it reports the money taken,
 * gives the amount back to the wallet as one 'refund' row for the order. Exactly once:
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
  await refundToWallet(context.repos.wallet, { userId: payment.userId, amount: payment.amount, orderId: payment.orderId });
  return payment.amount;
}
