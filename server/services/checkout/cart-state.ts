import type { Cart } from '@contract/entities/cart';
import type { Bill } from '@contract/entities/order';
import { OrderStatus } from '@contract/entities/order';
import type { Language } from '@contract/enums';
import { deliveryMethodsOf } from '@contract/rules/delivery-methods';
import type { ActionContext } from '../../actions/context';
import type { orders } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { refundToWallet } from '../../repositories/wallet-spend';
import { computeBill } from './bill';
import { toCheckoutSettings } from './settings';

type OrderRow = typeof orders.$inferSelect;
type Lines = Awaited<ReturnType<ActionContext['repos']['carts']['lines']>>;

/** An empty cart for a visitor who has none. */
export const emptyCart = (): Cart => ({
  order: null,
  lines: [],
  summary: { pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 },
});

/** The price of the order's delivery method at this shop (0 before one is chosen or for pickup). */
export function methodPrice(context: Pick<ActionContext, 'shop'>, method: number | null): number {
  if (method === null || method === 1) return 0;
  return deliveryMethodsOf(context.shop.id, context.shop.deliveryMethods).find((entry) => entry.value === method)?.price ?? 0;
}

/**
 * The bill of a cart as it stands: lines, the shop's checkout settings, the
 * applied code (dropped silently when it no longer exists), the delivery
 * choice, first-order status and the wallet when the cart uses it.
 */
export async function billOf(context: ActionContext, order: OrderRow, lines: Lines): Promise<Bill> {
  const { repos } = context;
  const settings = toCheckoutSettings(await repos.checkout.settings());
  const discount = order.discountCodeId === null ? null : await repos.checkout.discountById(order.discountCodeId);
  const firstOrder = order.userId !== null && !(await repos.checkout.hasPlacedOrder(order.userId));
  const walletBalance = order.useWallet === 1 && order.userId !== null ? await repos.wallet.balance(order.userId) : null;
  return computeBill({
    lines: lines.map(({ line }) => line),
    settings,
    discount,
    methodPrice: methodPrice(context, order.deliveryMethod),
    addressId: order.addressId,
    firstOrder,
    walletBalance,
  });
}

/** The contract's Cart of an order. */
export async function cartOf(context: ActionContext, order: OrderRow | null): Promise<Cart> {
  if (!order) return emptyCart();
  const rows = await context.repos.carts.lines(order.id);
  const bill = await billOf(context, order, rows);
  return {
    order: { id: order.id, user_id: order.userId, comment: order.comment, amount_wallet_gift: bill.wallet },
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
 * live payment is canceled, the wallet part refunded and the code's use given
 * back. A callback for that payment later finds it canceled and marks nothing paid.
 */
export async function reopenCart(context: ActionContext, order: OrderRow, paymentStatus: 'canceled' | 'failed' = 'canceled'): Promise<OrderRow> {
  if (order.status !== OrderStatus.awaitingLocationAndPayment) return order;
  const { repos } = context;
  const live = await repos.checkout.livePayment(order.id);
  if (live) await repos.checkout.settlePayment(live.id, paymentStatus, null);
  await releaseReservations(context, order);
  return repos.carts.updateOrder(order.id, { status: OrderStatus.choosingProduct, payment: null, bill: null, trackingCode: null });
}

/** Gives back what placing the order took: the wallet part and the discount code's use. */
export async function releaseReservations(context: ActionContext, order: OrderRow): Promise<void> {
  const taken = Number(order.bill?.wallet ?? 0);
  if (order.userId !== null && taken > 0) await refundToWallet(context.db, context.repos.wallet, { userId: order.userId, amount: taken, orderId: order.id });
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

/**
 * The signed-in user's current cart, locked for a change; 404 when `orderId`
 * names another order. A cart awaiting payment is reopened first: changing it voids that payment.
 */
export async function lockedCartFor(context: ActionContext & { user: { id: number } }, orderId: number | undefined): Promise<OrderRow> {
  const { repos, user } = context;
  await repos.carts.lockOwner({ userId: user.id });
  const order = expectCart(await repos.carts.currentCart({ userId: user.id }, true), orderId, context.language);
  return reopenCart(context, order);
}
