import type { BoardOrder, OrderDetail } from '@contract/console/counter-entities';
import type { Factor, PaymentType } from '@contract/entities/order';
import { PAYMENT_TYPES } from '@contract/entities/order';
import { isDeliveryMethod } from '@contract/enums';
import type { Repositories } from '../../repositories';
import type { BoardRow } from '../../repositories/order-board-repository';
import { unitPrice } from '../checkout/bill';

type Lines = Awaited<ReturnType<Repositories['carts']['lines']>>;

const paymentOf = (value: string | null): PaymentType | null => ((PAYMENT_TYPES as readonly string[]).includes(value ?? '') ? (value as PaymentType) : null);

/** An order's lines as the invoice and the console show them. */
export const factorLines = (lines: Lines): Factor['order_items'] =>
  lines.map(({ line, name, nameEn }, index) => ({
    row: index + 1,
    item_id: line.itemId,
    name,
    name_en: nameEn,
    count: line.itemCount,
    price: unitPrice(line),
    total: line.itemCount * unitPrice(line),
    feature: line.feature,
    color: line.color,
    size: line.size?.name ?? null,
    extras: line.comment,
  }));

/** The bill frozen when the order was placed; one frozen before the discount bag existed took nothing from it. */
export function frozenBill(bill: Record<string, unknown> | null): Factor['bill'] {
  const stored = (bill ?? {}) as unknown as Omit<Factor['bill'], 'gift'> & { gift?: number };
  return { ...stored, gift: stored.gift ?? 0 };
}

/** A board row as the contract's BoardOrder. */
export function boardOrderOf({ order, shop, customer, itemCount }: BoardRow): BoardOrder {
  const placed = order.placedAt ?? order.createdAt;
  return {
    id: order.id,
    tracking_code: order.trackingCode ?? '',
    status: order.status,
    placed_at: placed.toISOString(),
    status_changed_at: (order.statusChangedAt ?? placed).toISOString(),
    ready_at: order.readyAt?.toISOString() ?? null,
    opened: order.staffOpenedAt !== null,
    customer: { user_id: order.userId, name: customer?.name ?? '', mobile: customer?.mobile ?? '' },
    delivery_method: isDeliveryMethod(order.deliveryMethod) ? order.deliveryMethod : null,
    delivery_time: order.deliveryTime,
    payment: paymentOf(order.payment),
    paid: order.paid === 1,
    payable: Number(order.bill?.payable ?? 0),
    item_count: itemCount,
    branch: { id: shop.id, name: shop.name, name_en: shop.nameEn },
    internal_order: order.internalOrder === 1 ? 1 : 0,
  };
}

/** order_detail's answer: `repos` are the console's (the Host's shop, `hostShopId`), the lines are read at the order's own shop. */
export async function orderDetailOf(repos: Repositories, hostShopId: number, row: BoardRow): Promise<OrderDetail> {
  const { order } = row;
  const there = order.shopId === hostShopId ? null : await repos.brandShop(order.shopId);
  const [lines, payments, ledger, events] = await Promise.all([
    (there?.repos ?? repos).carts.lines(order.id),
    repos.orderBoard.payments(order.id),
    repos.orderBoard.ledger(order.id),
    repos.orderBoard.events(order.id),
  ]);
  return {
    order: boardOrderOf(row),
    lines: factorLines(lines),
    address: order.deliveryAddress ?? null,
    comment: order.comment,
    bill: frozenBill(order.bill),
    payments: payments.map(({ payment, refund }) => ({
      id: payment.id,
      gateway: payment.gateway,
      amount: payment.amount,
      status: payment.status,
      ref_id: payment.refId,
      created_at: payment.createdAt.toISOString(),
      verified_at: payment.verifiedAt?.toISOString() ?? null,
      refunded_at: payment.refundedAt?.toISOString() ?? null,
      refund,
    })),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      operation: entry.operation,
      kind: entry.kind,
      amount: entry.amount,
      status: entry.status,
      order_id: entry.orderId,
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
    events: events.map((event) => ({
      action: event.action as OrderDetail['events'][number]['action'],
      from: event.fromStatus,
      to: event.toStatus,
      at: event.createdAt.toISOString(),
      actor: event.actor,
      staff_name: event.staffName,
      reason: event.reason,
      ready_in: event.readyIn,
    })),
  };
}
