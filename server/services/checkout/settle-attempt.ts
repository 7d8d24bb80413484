import { OrderStatus } from '@contract/entities/order';
import type { orders, PaymentRow, ShopRow } from '../../db/schema';
import type { ActionContext } from '../context';
import type { LiveHub } from '../live/hub';
import type { VerifyOutcome } from '../payments';
import { refundIfCaptured } from '../payments/voided-refund';
import { placePaidOrder } from '../payments/capture';
import { reopenCart } from './cart-state';

type OrderRow = typeof orders.$inferSelect;

/** What settling an attempt needs: the shop's repositories in the caller's transaction, the gateways, the time, and the live hub after commit. */
export type SettleContext = Pick<ActionContext, 'repos' | 'payments' | 'clock' | 'afterCommit'> & { shop: ShopRow; live: Pick<LiveHub, 'announce'> };

/** How an attempt stands once settled: the outcome the customer is told, the order as it now is, the rial given back to the wallet. */
export interface Settled {
  outcome: VerifyOutcome;
  order: OrderRow;
  refunded: number;
}

/**
 * Settles one online attempt from what its gateway says: paid places the order (status 2 -> 1, paid) once; canceled or
 * failed reopens the cart; waiting changes nothing. The one path of every caller that learns of a payment (get_sep on
 * the customer's return, a provider's webhook): the caller holds the owner's lock, the order's row and the payment's
 * row (docs/server.md lock order), so a return and a webhook racing, or either twice, capture once and place one order.
 */
export async function settleAttempt(context: SettleContext, order: OrderRow, payment: PaymentRow): Promise<Settled> {
  const { repos } = context;
  if (payment.status === 'paid') return { outcome: 'paid', order, refunded: 0 };
  // A voided or canceled attempt: the bank may still have taken the money; then it goes back to the wallet, once.
  if (payment.status !== 'requested') return { outcome: payment.status, order, refunded: await refundIfCaptured(context, payment) };
  const gateway = context.payments.find(payment.gateway);
  const verdict = gateway ? await gateway.verify(repos, { token: payment.token, amount: payment.amount, gatewayRef: payment.gatewayRef }) : { outcome: 'failed' as const, refId: null };
  if (verdict.outcome === 'waiting') return { outcome: 'waiting', order, refunded: 0 };
  if (verdict.outcome === 'paid' && order.status === OrderStatus.awaitingLocationAndPayment) {
    const { placed, notices } = await placePaidOrder(repos, context.shop, order, payment, verdict.refId, context.clock());
    context.afterCommit(() => context.live.announce(notices));
    return { outcome: 'paid', order: placed, refunded: 0 };
  }
  const outcome = verdict.outcome === 'paid' ? 'failed' : verdict.outcome;
  const reopened = order.status === OrderStatus.awaitingLocationAndPayment ? await reopenCart(context, order, outcome, false) : order;
  await repos.checkout.settlePayment(payment.id, outcome, null);
  // Captured for an order no longer waiting for it: never kept, refunded.
  const refunded = verdict.outcome === 'paid' ? await refundIfCaptured(context, { ...payment, status: outcome }) : 0;
  return { outcome, order: reopened, refunded };
}
