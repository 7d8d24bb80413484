import { OrderStatus } from '../entities/order';
import type { OrderActor } from './order-lifecycle';

/*
 * Paid or not paid (spec §4). An online or wallet order is paid when it is placed (the bank or the wallet took the
 * money); cash, card-reader and money-transfer orders are paid when the shop records the payment (console code
 * order_record_payment). Completing an order records nothing: the payment is its own act, by whoever took the money
 * (docs/orders.md).
 */

/** The payment methods whose money the shop takes itself and records. */
export const SHOP_RECORDED_PAYMENTS = ['cash', 'card_reader', 'money_transfer'] as const;

/** The statuses in which a payment may be recorded: placed and not canceled (a canceled order owes nothing). */
export const PAYMENT_RECORD_STATUSES: readonly number[] = [OrderStatus.pending, OrderStatus.confirmedByStore, OrderStatus.sent, OrderStatus.completed];

/** Who may record a payment: the shop's staff, never the customer. */
export const PAYMENT_RECORDERS: readonly OrderActor[] = ['owner', 'staff'];

/** Whether `actor` may record the payment of an order as it stands. */
export function canRecordPayment(order: { status: number; payment: string | null; paid: boolean }, actor: OrderActor): boolean {
  return (
    !order.paid &&
    order.payment !== null &&
    (SHOP_RECORDED_PAYMENTS as readonly string[]).includes(order.payment) &&
    PAYMENT_RECORD_STATUSES.includes(order.status) &&
    PAYMENT_RECORDERS.includes(actor)
  );
}
