import * as v from 'valibot';
import { DELIVERY_METHOD_VALUES } from '../enums';
import { DiscountSummarySchema } from './cart';

/**
 * Order status numbers (spec §4: 3 is active, above 3 archived).
 * 1 and 2 are carts: 1 while products are chosen, 2 while an online payment is awaited
 * (location and payment method chosen, gateway not yet verified).
 */
export const OrderStatus = {
  choosingProduct: 1,
  awaitingLocationAndPayment: 2,
  pending: 3,
  confirmedByStore: 4,
  sent: 5,
  completed: 6,
  canceled: 7,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus) as OrderStatusValue[];

/** 3 is the active tab; every status above 3 is in the previous (archived) tab; 1 and 2 are carts. */
export const isActiveStatus = (status: number) => status === OrderStatus.pending;
export const isArchivedStatus = (status: number) => status > OrderStatus.pending;

/**
 * What became of an order's payment. The customer's own cancel of a paid order refunds it to the wallet in the same
 * transaction (update_status_order), so a paid order that is canceled reads as refunded, not paid; a store's cancel
 * gives the online part back through the bank that took it (`bank_refund`, docs/orders.md): refunded to the card.
 */
export const paymentStateOf = (order: {
  paid: boolean;
  status: number;
  bank_refund?: number;
  bank_refund_pending?: boolean;
}): 'paid' | 'refunded' | 'refunded_to_card' | 'refund_on_its_way' | 'unpaid' =>
  !order.paid
    ? 'unpaid'
    : order.status !== OrderStatus.canceled
      ? 'paid'
      : (order.bank_refund ?? 0) > 0
        ? order.bank_refund_pending
          ? 'refund_on_its_way'
          : 'refunded_to_card'
        : 'refunded';

/** Payment types of spec §9. */
export const PAYMENT_TYPES = ['cash', 'card_reader', 'online', 'money_transfer', 'wallet'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The whole bill of a cart or order, in rial; every figure comes from the server. */
export const BillSchema = v.object({
  ...DiscountSummarySchema.entries,
  /** the code applied, or null */
  discount_code: v.nullable(v.string()),
  /** delivery cost after free-shipping rules */
  shipping: v.number(),
  tax: v.number(),
  packaging: v.number(),
  /** price + shipping + tax + packaging */
  total: v.number(),
  /** taken from the discount bag (wallet type gift), before the wallet */
  gift: v.number(),
  /** taken from the wallet */
  wallet: v.number(),
  /** total - gift - wallet: what is still to pay */
  payable: v.number(),
});
export type Bill = v.InferOutput<typeof BillSchema>;

export const OrderLineSchema = v.object({
  row: v.number(),
  item_id: v.number(),
  name: v.string(),
  name_en: v.string(),
  count: v.number(),
  /** unit price with its extras */
  price: v.number(),
  /** count * price */
  total: v.number(),
  feature: v.nullable(v.string()),
  color: v.nullable(v.string()),
  size: v.nullable(v.string()),
  extras: v.array(v.object({ name: v.string(), price: v.number(), count: v.number() })),
});

/** An order in the orders list (get_factors). */
export const OrderSummarySchema = v.object({
  id: v.number(),
  status: v.number(),
  tracking_code: v.string(),
  /** ISO 8601 */
  created_at: v.string(),
  /** 'YYYY/MM/DD HH:mm' in the Jalali calendar, Tehran time */
  created_at_jalali: v.string(),
  payable: v.number(),
  paid: v.boolean(),
  payment: v.nullable(v.picklist(PAYMENT_TYPES)),
  item_count: v.number(),
  /** the branch it was placed at, for a chain's customer (who sees the whole brand's orders); null at a shop that is no branch */
  branch: v.nullable(v.object({ id: v.number(), name: v.string(), name_en: v.string() })),
  /** 1 for an in-store or QR order (final_order's internal_order), else 0 */
  internal_order: v.picklist([0, 1]),
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;

/** Who made a change in an order's history as the customer sees it: the store, the customer, or the server (an expired payment). */
export const ORDER_HISTORY_BY = ['store', 'customer', 'system'] as const;

/**
 * One change of an order once placed (docs/orders.md), oldest first: what was done (place, confirm, send, complete,
 * cancel, expire), the status it led to, when, by whom, with a cancel's reason and a confirm's minutes until ready.
 */
export const OrderHistoryEntrySchema = v.object({
  action: v.picklist(['place', 'confirm', 'send', 'complete', 'cancel', 'expire']),
  status: v.number(),
  /** ISO 8601 */
  at: v.string(),
  by: v.picklist(ORDER_HISTORY_BY),
  reason: v.string(),
  ready_in: v.nullable(v.number()),
});
export type OrderHistoryEntry = v.InferOutput<typeof OrderHistoryEntrySchema>;

/** Where a canceled order's money went back: the wallet, the discount bag (wallet type gift) or the bank card it was paid with. */
export const REFUND_DESTINATIONS = ['wallet', 'gift', 'card'] as const;

/** One refund of an order, summed by where it went; a card refund the bank has not accepted yet is pending. */
export const RefundSchema = v.object({ to: v.picklist(REFUND_DESTINATIONS), amount: v.number(), pending: v.boolean() });
export type Refund = v.InferOutput<typeof RefundSchema>;

/** The invoice (spec §3 labels): get_order_by_id. */
export const FactorSchema = v.object({
  ...OrderSummarySchema.entries,
  number: v.number(),
  delivery_method: v.nullable(v.picklist(DELIVERY_METHOD_VALUES)),
  /** 'now', 'HH:mm' later today, or 'YYYY-MM-DD HH:mm' pre-order (Tehran time) */
  delivery_time: v.string(),
  address: v.nullable(
    v.object({ label: v.string(), address: v.string(), lat: v.number(), lng: v.number(), city: v.string(), postal_code: v.string() }),
  ),
  branch_name: v.string(),
  order_items: v.array(OrderLineSchema),
  bill: BillSchema,
  /** rial of the online payment given back through the bank that took it (a store's cancel); 0 when none */
  bank_refund: v.number(),
  /** the bank has not accepted that refund yet: it is on its way (retried until it does; docs/orders.md) */
  bank_refund_pending: v.boolean(),
  /** every refund of the order with its amount and where it went (empty until one is made) */
  refunds: v.array(RefundSchema),
  notes: v.string(),
  /** present when a voided payment attempt of this order was captured by the bank and refunded to the wallet */
  notice: v.optional(v.string()),
  /** when the store said it will be ready (pickup) or arrive (courier), ISO 8601; null until confirmed */
  ready_at: v.nullable(v.string()),
  /** its changes since placed, oldest first */
  history: v.array(OrderHistoryEntrySchema),
});
export type Factor = v.InferOutput<typeof FactorSchema>;
