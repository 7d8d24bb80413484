import type { Factor, OrderSummary, PaymentType, Refund } from '@contract/entities/order';
import { OrderStatus, PAYMENT_TYPES } from '@contract/entities/order';
import { isDeliveryMethod } from '@contract/enums';
import { MAX_LINE_COUNT } from '@contract/rules/limits';
import { customerMayCancel } from '@contract/rules/order-cancel';
import type { orders, ShopRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { refundToWallet } from '../repositories/wallet-spend';
import { resolveLine } from '../services/checkout/cart-lines';
import { cartOf, lockedCartFor, refundNoticeField, releaseReservations } from '../services/checkout/cart-state';
import { tehranJalali } from '../services/tehran-day';
import { customerHistory, recordOrderChange } from '../services/orders/order-events';
import { factorLines } from '../services/orders/order-detail';
import { announceCartChange } from '../services/checkout/cart-news';
import type { Handlers, SignedInContext } from './context';

type OrderRow = typeof orders.$inferSelect;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY/MM/DD HH:mm' in the Jalali calendar, Tehran time. */
export function jalaliDateTime(at: Date): string {
  const { jy, jm, jd, minute } = tehranJalali(at);
  return `${jy}/${pad(jm)}/${pad(jd)} ${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

const paymentOf = (value: string | null): PaymentType | null => ((PAYMENT_TYPES as readonly string[]).includes(value ?? '') ? (value as PaymentType) : null);

/** The shop an order was placed at: a branch is named on the order (its customer sees the whole brand's orders). */
type PlacedShop = Pick<ShopRow, 'id' | 'name' | 'nameEn' | 'masterId'>;

function summaryOf(order: OrderRow, itemCount: number, shop: PlacedShop): OrderSummary {
  const placed = order.placedAt ?? order.createdAt;
  return {
    id: order.id,
    status: order.status,
    tracking_code: order.trackingCode ?? '',
    created_at: placed.toISOString(),
    created_at_jalali: jalaliDateTime(placed),
    payable: Number(order.bill?.payable ?? 0),
    paid: order.paid === 1,
    payment: paymentOf(order.payment),
    item_count: itemCount,
    branch: shop.masterId === null ? null : { id: shop.id, name: shop.name, name_en: shop.nameEn },
    internal_order: order.internalOrder === 1 ? 1 : 0,
  };
}

/** The context of another shop of the brand (its repositories), to read an order placed there. */
async function contextAt(context: SignedInContext, shopId: number): Promise<SignedInContext> {
  const found = await context.repos.brandShop(shopId);
  if (!found) throw notFound(context);
  return { ...context, ...found };
}

const notFound = (context: SignedInContext) => new ApiError(404, 'not_found', translate(context.language, 'order_not_found'));

/** A placed order of the user (status 3 and above), or 404 (carts and other people's orders alike). */
async function placedOrder(context: SignedInContext, id: number, lock = false): Promise<OrderRow> {
  const order = await context.repos.checkout.order(context.user.id, id, lock);
  if (order && order.status >= OrderStatus.pending) return order;
  // Placed at another branch of the brand: it is repeated or canceled there, where its items and stock are.
  const elsewhere = await context.repos.checkout.brandOrder(context.user.id, id);
  if (elsewhere) {
    const branch = context.language === 'en' ? elsewhere.shop.nameEn : elsewhere.shop.name;
    throw new ApiError(409, 'order_other_branch', translate(context.language, 'order_other_branch', { branch }));
  }
  throw notFound(context);
}

/**
 * Null when the customer has no cart (lockedCartFor's 404); any other failure (a bank that cannot be asked about the
 * waiting payment its reopening voids, a database fault) goes on, so the request changes nothing.
 */
function noCart(error: unknown): null {
  if (error instanceof ApiError && error.statusCode === 404) return null;
  throw error;
}

export const orderActions: Handlers<'get_factors' | 'get_order_by_id' | 'repeat_order' | 'update_status_order'> = {
  async get_factors(context, input) {
    const rows = await context.repos.checkout.placedOrders(context.user.id, input.tab);
    const counts = await context.repos.checkout.itemCounts(rows.map(({ order }) => order.id));
    return rows.map(({ order, shop }) => summaryOf(order, counts.get(order.id) ?? 0, shop));
  },

  // Any order of the brand opens here (the list shows them all); its lines are read at its own shop.
  async get_order_by_id(context, input) {
    const found = await context.repos.checkout.brandOrder(context.user.id, input.id);
    if (!found) throw notFound(context);
    const { order, shop } = found;
    const there = shop.id === context.shop.id ? context : await contextAt(context, shop.id);
    const [lines, counts, history, bankRefund, owedRefund, walletRefunds] = await Promise.all([
      there.repos.carts.lines(order.id),
      context.repos.checkout.itemCounts([order.id]),
      there.repos.orderEvents.list(order.id),
      there.repos.checkout.bankRefundedAmount(order.id),
      there.repos.refunds.ofOrder(order.id),
      context.repos.wallet.refundsOf(context.user.id, order.id),
    ]);
    const refunds: Refund[] = [
      ...walletRefunds.map((refund) => ({ to: refund.kind, amount: refund.amount, pending: false })),
      ...(bankRefund > 0 ? [{ to: 'card' as const, amount: bankRefund, pending: owedRefund?.status === 'pending' }] : []),
    ];
    // A bill frozen before the discount bag existed has no gift: nothing was taken from it.
    const stored = order.bill as unknown as Omit<Factor['bill'], 'gift'> & { gift?: number };
    const bill = { ...stored, gift: stored.gift ?? 0 };
    return {
      ...summaryOf(order, counts.get(order.id) ?? 0, shop),
      number: order.id,
      delivery_method: isDeliveryMethod(order.deliveryMethod) ? order.deliveryMethod : null,
      delivery_time: order.deliveryTime,
      address: order.deliveryAddress ?? null,
      branch_name: order.branchName,
      ready_at: order.readyAt?.toISOString() ?? null,
      history: customerHistory(history),
      order_items: factorLines(lines),
      bill,
      bank_refund: bankRefund,
      bank_refund_pending: owedRefund?.status === 'pending',
      refunds,
      notes: order.comment,
      ...(await refundNoticeField(there, order.id)),
    };
  },

  // Lines that can no longer be bought (item gone, options changed) are skipped; prices are today's.
  async repeat_order(context, input) {
    const { repos, language } = context;
    const past = await placedOrder(context, input.id);
    const cart = (await lockedCartFor(context, undefined).catch(noCart)) ?? (await repos.carts.createCart({ userId: context.user.id }));
    const current = await repos.carts.lines(cart.id);
    for (const { line } of await repos.carts.lines(past.id)) {
      const item = await repos.carts.product(line.itemId);
      if (!item) continue;
      const options = await repos.carts.options(item.id);
      const chosen = (line.itemData.options as { id: number; count: number }[] | undefined) ?? [];
      let resolved;
      try {
        resolved = resolveLine(
          item,
          options,
          context.shop.data.item_steps,
          {
            feature_name: line.feature ?? undefined,
            color_name: line.color ?? undefined,
            size_name: line.size?.name ?? undefined,
            newoptions: chosen.map(({ id, count }) => ({ id, count })),
          },
          language,
        );
      } catch {
        continue;
      }
      const same = current.find(({ line: mine }) => mine.itemId === item.id && JSON.stringify(mine.comment) === JSON.stringify(resolved.comment) && mine.feature === resolved.feature && mine.color === resolved.color && JSON.stringify(mine.size) === JSON.stringify(resolved.size));
      if (same) await repos.carts.setLineCount(cart.id, same.line.id, Math.min(MAX_LINE_COUNT, same.line.itemCount + line.itemCount));
      else await repos.carts.insertLine(cart.id, { itemId: item.id, itemCount: line.itemCount, ...resolved });
    }
    await announceCartChange(context, cart.id);
    return cartOf(context, cart);
  },

  // The customer may only cancel an order the store has not confirmed; what was paid goes back to the wallet.
  // Without order_id (spec §7 sends only status) it applies to the current order: the newest pending one.
  async update_status_order(context, input) {
    // Lock order (docs/server.md): the owner first, then the order, then the wallet.
    await context.repos.carts.lockOwner({ userId: context.user.id });
    const current = input.order_id === undefined ? await context.repos.checkout.currentPlacedOrder(context.user.id, true) : null;
    if (input.order_id === undefined && !current) throw notFound(context);
    const order = current ?? (await placedOrder(context, input.order_id as number, true));
    if (input.status !== OrderStatus.canceled || !customerMayCancel(order.status)) {
      throw new ApiError(409, 'status_change_refused', translate(context.language, 'status_change_refused'));
    }
    await releaseReservations(context, order);
    const paidOnline = order.paid === 1 ? Number(order.bill?.payable ?? 0) : 0;
    if (paidOnline > 0) await refundToWallet(context.repos.wallet, { userId: context.user.id, amount: paidOnline, orderId: order.id });
    const saved = await context.repos.carts.updateOrder(order.id, { status: OrderStatus.canceled, statusChangedAt: context.clock() });
    const walletMoved = paidOnline + Number(order.bill?.wallet ?? 0) + Number(order.bill?.gift ?? 0) > 0;
    const notices = await recordOrderChange(context.repos, context.shop, saved, { action: 'cancel', from: order.status, to: OrderStatus.canceled, actor: 'customer' }, { walletUserIds: walletMoved ? [context.user.id] : [] });
    context.afterCommit(() => context.live.announce(notices));
    const lines = await context.repos.carts.lines(order.id);
    return summaryOf(saved, lines.reduce((sum, { line }) => sum + line.itemCount, 0), context.shop);
  },
};
