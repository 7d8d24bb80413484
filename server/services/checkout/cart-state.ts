import type { Cart } from '@contract/entities/cart';
import type { Bill } from '@contract/entities/order';
import { OrderStatus } from '@contract/entities/order';
import { DeliveryMethod, type Currency, type Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { deliveryMethodsOf } from '@contract/rules/delivery-methods';
import type { ActionContext } from '../context';
import type { orders } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { refundToWallet } from '../../repositories/wallet-spend';
import { refundIfCaptured, type MoneyContext } from '../payments/voided-refund';
import { computeBill } from './bill';
import { paymentRecheckJob } from '../jobs/payment-job-keys';
import type { CartWithLines, OwnerReads } from '../../repositories/cart-statements';
import { toCheckoutSettings, type CheckoutSettings } from './settings';

type OrderRow = typeof orders.$inferSelect;
export type Lines = Awaited<ReturnType<ActionContext['repos']['carts']['lines']>>;

/** An empty cart for a visitor who has none. */
export const emptyCart = (): Cart => ({
  order: null,
  lines: [],
  summary: { pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 },
});

/** The price of the order's delivery method at this shop (0 before one is chosen or for pickup). */
export function methodPrice(context: Pick<ActionContext, 'shop'>, method: number | null): number {
  if (method === null || method === DeliveryMethod.pickup) return 0;
  return deliveryMethodsOf(context.shop.id, context.shop.deliveryMethods).find((entry) => entry.value === method)?.price ?? 0;
}

/** What the caller already read of a cart (cart-statements.ts reads them with its lines), so the bill and the reply need not. */
export interface KnownReads {
  settings?: CheckoutSettings;
  /** whether the order's user placed an order at this shop before */
  placedBefore?: boolean;
  /** rial of the order's voided attempts refunded to the wallet */
  refunded?: number;
}

/**
 * The bill of a cart as it stands: lines, the shop's checkout settings, the applied code (dropped
 * silently when it no longer exists), the delivery choice, first-order status and the wallet when
 * the cart uses it; what `known` holds is not read again.
 */
export async function billOf(context: ActionContext, order: OrderRow, lines: Lines, known: KnownReads = {}): Promise<Bill> {
  const { repos } = context;
  const knownSettings = known.settings;
  const delivery = methodPrice(context, order.deliveryMethod);
  // Being a first order only changes a bill whose shop ships a first order free and whose delivery costs.
  const asksFirstOrder = (settings: CheckoutSettings) => settings.freeFirstShipping && delivery > 0 && order.userId !== null;
  const placedBefore = (settings: CheckoutSettings) => (asksFirstOrder(settings) ? (known.placedBefore ?? repos.checkout.hasPlacedOrder(order.userId as number)) : true);
  // Independent reads go together: in a transaction they queue on its connection back to back, one
  // wait instead of up to four (PGlite runs them without a trip to the event loop between them).
  const [settings, discount, walletBalance, giftBalance, placed] = await Promise.all([
    knownSettings ?? repos.checkout.settings().then(toCheckoutSettings),
    order.discountCodeId === null ? null : repos.checkout.discountById(order.discountCodeId),
    order.useWallet === 1 && order.userId !== null ? repos.wallet.balance(order.userId) : null,
    order.useGift === 1 && order.userId !== null ? repos.wallet.balance(order.userId, 'gift') : null,
    knownSettings ? placedBefore(knownSettings) : null,
  ]);
  const firstOrder = asksFirstOrder(settings) && !(placed ?? (await placedBefore(settings)));
  return computeBill({
    lines: lines.map(({ line }) => line),
    currency: context.shop.currency as Currency,
    settings,
    discount,
    methodPrice: delivery,
    addressId: order.addressId,
    firstOrder,
    walletBalance,
    giftBalance,
  });
}

/**
 * The notice an order carries when the bank captured an attempt we had voided and the
 * amount went back to the wallet (docs/checkout.md "A cart waiting for payment"), or null.
 */
export async function refundNoticeOf(context: Pick<ActionContext, 'repos' | 'language' | 'shop'>, orderId: number): Promise<string | null> {
  return noticeOf(context, await context.repos.checkout.refundedAmount(orderId));
}

const noticeOf = (context: Pick<ActionContext, 'language' | 'shop'>, refunded: number) =>
  refunded === 0 ? null : translate(context.language, 'order_refund_notice', { amount: formatMoney(refunded, context.shop.currency as Currency, context.language) });

/** `{ notice }` when the order carries a refund notice, else nothing (the contract's field is optional); `refunded` when known. */
export async function refundNoticeField(context: Pick<ActionContext, 'repos' | 'language' | 'shop'>, orderId: number, refunded?: number): Promise<{ notice?: string }> {
  const notice = refunded === undefined ? await refundNoticeOf(context, orderId) : noticeOf(context, refunded);
  return notice === null ? {} : { notice };
}

/** The contract's Cart of an order; `lines` when the caller already knows them as they now stand, `known` what else it has read. */
export async function cartOf(context: ActionContext, order: OrderRow | null, lines?: Lines, known: KnownReads = {}): Promise<Cart> {
  if (!order) return emptyCart();
  const rows = lines ?? (await context.repos.carts.lines(order.id));
  const [bill, notice] = await Promise.all([billOf(context, order, rows, known), refundNoticeField(context, order.id, known.refunded)]);
  return {
    order: { id: order.id, user_id: order.userId, comment: order.comment, amount_wallet_gift: bill.gift, ...notice },
    lines: rows.map(({ line, name, nameEn }) => ({
      order_item_id: line.id,
      item_id: line.itemId,
      name,
      name_en: nameEn,
      item_count: line.itemCount,
      price: line.price,
      feature: line.feature,
      color: line.color,
      size: line.size,
      comment: line.comment,
      item_data: line.itemData,
    })),
    summary: {
      pure_price: bill.pure_price,
      discount_items: bill.discount_items,
      first_order: bill.first_order,
      permanent_discount: bill.permanent_discount,
      discount: bill.discount,
      price: bill.price,
    },
  };
}

/**
 * Puts a cart that awaits an online payment (status 2) back to status 1: the
 * live payment is voided, the wallet part refunded and the code's use given
 * back. Every write to such a cart calls this first, so an order is never both
 * edited and payable by its old amount. When the gateway already reports the voided
 * attempt captured, its amount goes back to the wallet now (`askGateway`: false when
 * the caller has just heard the gateway say it was not); a later capture is refunded by get_sep or the payment.recheck job.
 */
export async function reopenCart(
  context: MoneyContext & Partial<Pick<ActionContext, 'clock'>>,
  order: OrderRow,
  paymentStatus: 'canceled' | 'failed' = 'canceled',
  askGateway = true,
): Promise<OrderRow> {
  if (order.status !== OrderStatus.awaitingLocationAndPayment) return order;
  const { repos } = context;
  const live = await repos.checkout.livePayment(order.id);
  if (live) {
    await repos.checkout.settlePayment(live.id, paymentStatus, null);
    // The bank page may still be open: a capture after this void is refunded by the recheck job, whether or not the customer returns.
    await repos.jobs.schedule(paymentRecheckJob(live, context.clock?.() ?? new Date()));
    if (askGateway) await refundIfCaptured(context, { ...live, status: paymentStatus });
  }
  await releaseReservations(context, order);
  return repos.carts.updateOrder(order.id, { status: OrderStatus.choosingProduct, payment: null, bill: null, trackingCode: null });
}

/** Gives back what placing the order took: the wallet part, the discount bag's part and the discount code's use. */
export async function releaseReservations(context: MoneyContext, order: OrderRow): Promise<void> {
  const taken = Number(order.bill?.wallet ?? 0);
  const gift = Number(order.bill?.gift ?? 0);
  if (order.userId !== null && taken > 0) await refundToWallet(context.repos.wallet, { userId: order.userId, amount: taken, orderId: order.id });
  if (order.userId !== null && gift > 0) await refundToWallet(context.repos.wallet, { userId: order.userId, amount: gift, orderId: order.id, kind: 'gift' });
  await context.repos.checkout.releaseUsage(order.id);
}

/** 404 unless `order` exists and is the one `orderId` names (0 or absent: the current cart). */
function expectCart(order: OrderRow | null, orderId: number | undefined, language: Language): OrderRow {
  if (!order || (orderId !== undefined && orderId !== 0 && orderId !== order.id)) {
    throw new ApiError(404, 'not_found', translate(language, 'order_not_found'));
  }
  return order;
}

/** The signed-in user's current cart for reading, or 404 when `orderId` names another order. */
export async function cartFor(context: ActionContext & { user: { id: number } }, orderId: number | undefined): Promise<OrderRow> {
  return expectCart(await context.repos.carts.currentCart({ userId: context.user.id }), orderId, context.language);
}

/** A cart as the checkout steps use it: the row, its lines, and what the bill need not read again. */
export interface CartWithReads {
  order: OrderRow;
  lines: Lines;
  known: KnownReads;
  /** the reads taken with the cart: with the owner lock (CartRepository.lockAndRead), or in the cart's statement when unlocked */
  reads: OwnerReads;
}

type AddressReads = Parameters<ActionContext['repos']['carts']['lockAndRead']>[1];

/**
 * The signed-in user's current cart for reading, with its lines, the settings and the user's address `addressId`
 * (null: none), all in one statement; 404 when `orderId` names another order. Nothing is locked.
 */
export async function cartWithReadsFor(context: ActionContext & { user: { id: number } }, orderId: number | undefined, addressId: number | null): Promise<CartWithReads> {
  // Without the owner lock nothing orders the reads; without a cart nothing else is asked.
  const current = await context.repos.carts.currentCartWithReads(context.user.id, addressId ?? 0);
  const order = expectCart(current?.order ?? null, orderId, context.language);
  const read: OwnerReads = { item: null, options: [], settings: current?.settings ?? null, address: current?.address ?? null };
  return { order, lines: current?.lines ?? [], known: knownOf(read, current, true), reads: read };
}

/**
 * The signed-in user's current cart, locked for a change, with its lines and `reads` taken with the owner lock;
 * 404 when `orderId` names another order. A cart awaiting payment is reopened first: changing it voids that payment.
 */
export async function lockedCartWithReads(context: ActionContext & { user: { id: number } }, orderId: number | undefined, reads: AddressReads = {}): Promise<CartWithReads> {
  const { repos, user } = context;
  const read = await repos.carts.lockAndRead({ userId: user.id }, reads);
  const current = await repos.carts.currentCartWithLines({ userId: user.id }, true);
  const found = expectCart(current?.order ?? null, orderId, context.language);
  const order = await reopenCart(context, found);
  return { order, lines: current?.lines ?? [], known: knownOf(read, current, order === found), reads: read };
}

/** What a cart's statements read for its bill; the refunds only while no reopening may have refunded more. */
const knownOf = (read: OwnerReads, current: CartWithLines | null, unchanged: boolean): KnownReads => ({
  settings: toCheckoutSettings(read.settings),
  placedBefore: current?.placedBefore,
  refunded: current && unchanged ? Number(current.refunded) : undefined,
});

/**
 * The signed-in user's current cart, locked for a change; 404 when `orderId`
 * names another order. A cart awaiting payment is reopened first: changing it voids that payment.
 */
export async function lockedCartFor(context: ActionContext & { user: { id: number } }, orderId: number | undefined): Promise<OrderRow> {
  return (await lockedCartWithReads(context, orderId)).order;
}
