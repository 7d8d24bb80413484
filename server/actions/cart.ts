import { formatMoney } from '@contract/money';
import { localDigits } from '@contract/numbers';
import type { Currency, Language } from '@contract/enums';
import { MAX_LINE_COUNT } from '@contract/rules/limits';
import { ITEM_FINISHED_RESULT } from '@contract/rules/catalog-edit';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import type { CartOwner } from '../repositories/cart-repository';
import type { CartLine } from '../repositories/cart-statements';
import { resolveLine, sameChoice } from '../services/checkout/cart-lines';
import { cartFor, cartOf, reopenCart } from '../services/checkout/cart-state';
import { purePrice } from '../services/checkout/bill';
import { lineChanges, lineItemIds } from '../services/checkout/line-freshness';
import { OrderStatus } from '@contract/entities/order';
import { offeredPaymentTypes, toCheckoutSettings } from '../services/checkout/settings';
import { GUEST_COOKIE, GUEST_COOKIE_SECONDS, guestIdOf, newGuestToken } from '../services/guest-cart';
import type { ActionContext, Handlers } from './context';
import type { ParsedRequestOf } from '@contract/api';
import type { Cart } from '@contract/entities/cart';
import { announceCartChange } from '../services/checkout/cart-news';

/** Whose cart this request speaks for; a guest without a cookie gets one only when `create` (first write). */
function ownerOf(context: ActionContext, create: boolean): CartOwner | null {
  if (context.user) return { userId: context.user.id };
  const token = context.http.cookies[GUEST_COOKIE];
  if (token) return { guestId: guestIdOf(token) };
  if (!create) return null;
  const fresh = newGuestToken();
  context.http.setCookie(GUEST_COOKIE, fresh, { maxAgeSeconds: GUEST_COOKIE_SECONDS });
  return { guestId: guestIdOf(fresh) };
}

/** The refusal of a line count outside 1..MAX_LINE_COUNT, the limit in the language's digits. */
const countInvalid = (language: Language) =>
  new ApiError(400, 'invalid_input', translate(language, 'count_invalid', { max: localDigits(String(MAX_LINE_COUNT), language) }));

const notFound = (context: ActionContext, key: 'line_not_found' | 'order_not_found' | 'item_not_found') =>
  new ApiError(404, 'not_found', translate(context.language, key));

/**
 * The owner's cart with its lines moved to their items' current prices, under the owner's lock (a cart write), and
 * the notice naming them. Only an open cart (status 1): a cart awaiting payment keeps the bill it is being paid by.
 */
async function repricedCart(context: ActionContext, owner: CartOwner) {
  return context.repos.transaction(async (tx) => {
    await tx.carts.lockOwner(owner);
    const current = await tx.carts.currentCartWithLines(owner, true);
    if (!current) return cartOf(context, null);
    const known = { placedBefore: current.placedBefore, refunded: Number(current.refunded) };
    const locked = { ...context, repos: tx };
    if (current.order.status !== OrderStatus.choosingProduct) return cartOf(locked, current.order, current.lines, known);
    const { repriced } = lineChanges(current.lines, await tx.catalog.productsByIds(lineItemIds(current.lines)));
    for (const { line, price, size } of repriced) await tx.carts.setLinePrice(current.order.id, line.line.id, price, size);
    const now = new Map(repriced.map((entry) => [entry.line.line.id, entry]));
    const lines = current.lines.map((entry) => {
      const moved = now.get(entry.line.id);
      return moved ? { ...entry, line: { ...entry.line, price: moved.price, size: moved.size ?? entry.line.size } } : entry;
    });
    const cart = await cartOf(locked, current.order, lines, known);
    if (repriced.length === 0 || !cart.order) return cart;
    const names = repriced.map(({ line }) => (context.language === 'en' ? line.nameEn : line.name)).join(context.language === 'en' ? ', ' : '، ');
    return { ...cart, order: { ...cart.order, price_notice: translate(context.language, 'cart_price_changed', { names }) } };
  });
}

/** 409 cart_stale with the cart as it stands, read under the lock the refused write held. */
async function staleCart(context: ActionContext, current: Awaited<ReturnType<ActionContext['repos']['carts']['currentCartWithLines']>>) {
  const fresh = current ? await cartOf(context, current.order, current.lines, { placedBefore: current.placedBefore, refunded: Number(current.refunded) }) : await cartOf(context, null);
  return new ApiError(409, 'cart_stale', translate(context.language, 'cart_stale'), undefined, fresh);
}

/** cart_controller's write: an add, a count set or a removal, under the owner's lock; the reply is the whole cart. */
async function changeCart(context: ActionContext, input: ParsedRequestOf<'cart_controller'>): Promise<Cart> {
  const { repos, language } = context;
  const owner = ownerOf(context, true) as CartOwner;
  const lineId = input.order_item_id ?? 0;
  const adding = input.operation !== 3 && lineId <= 0 && input.item_id !== undefined;
  // The owner lock, and in the same statement an add's catalog and settings reads (they need no lock).
  const reads = await repos.carts.lockAndRead(owner, adding ? { itemId: input.item_id } : {});
  // Then the cart's row lock, with its lines and refunds as the owner's last write left them.
  const current = await repos.carts.currentCartWithLines(owner, true);
  if (input.order_id !== undefined && input.order_id !== 0 && current?.order.id !== input.order_id) throw notFound(context, 'order_not_found');
  // A count set from a stale view (another tab or device changed the line since) would overwrite the newer count.
  if (lineId > 0 && input.operation !== 3 && input.seen_count !== undefined) {
    const seen = current?.lines.find((row) => row.line.id === lineId);
    if (seen?.line.itemCount !== input.seen_count) throw await staleCart(context, current);
  }
  // Changing a cart that awaits an online payment voids that payment first; a refund it makes changes the notice.
  const order = current ? await reopenCart(context, current.order) : null;
  const lines = current?.lines ?? [];
  const settings = toCheckoutSettings(reads.settings);
  const known = { settings, placedBefore: current?.placedBefore, refunded: current && order === current.order ? Number(current.refunded) : undefined };

  if (input.operation === 3 || lineId > 0) {
    const line = lines.find((row) => row.line.id === lineId);
    if (!order || !line) throw notFound(context, 'line_not_found');
    const count = input.operation === 3 ? 0 : (input.count ?? line.line.itemCount);
    if (count < 0 || count > MAX_LINE_COUNT) throw countInvalid(language);
    if (count === 0) await repos.carts.deleteLine(order.id, lineId);
    else await repos.carts.setLineCount(order.id, lineId, count);
    const after = count === 0 ? lines.filter((row) => row !== line) : lines.map((row) => (row === line ? { ...row, line: { ...row.line, itemCount: count } } : row));
    return cartOf(context, order, after, known);
  }

  if (input.item_id === undefined) throw new ApiError(400, 'invalid_input', translate(language, 'item_required'));
  const count = input.count ?? 1;
  if (count < 1 || count > MAX_LINE_COUNT) throw countInvalid(language);
  const { item, options } = reads;
  if (!item) throw notFound(context, 'item_not_found');
  // Finished for now (the counter's switch): nothing is written; the item page shows this text.
  if (!item.inStock) throw new ApiError(409, ITEM_FINISHED_RESULT, translate(language, 'item_finished'));
  const resolved = resolveLine(item, options, context.shop.data.item_steps, input, language);
  const named = (line: CartLine['line']): CartLine => ({ line, name: item.name, nameEn: item.nameEn });
  // The reply is built from the lines read under the lock and the change written, not read again.
  if (!order) {
    // A new cart has no payments to refund and no lines but this one.
    const made = await repos.carts.createCartWithLine(owner, { itemId: item.id, itemCount: count, ...resolved });
    return cartOf(context, made.order, [named(made.line)], { settings, refunded: 0 });
  }
  const existing = lines.find(({ line }) => line.itemId === item.id && sameChoice(line, resolved));
  if (existing) {
    const total = existing.line.itemCount + count;
    if (total > MAX_LINE_COUNT) throw countInvalid(language);
    await repos.carts.setLineCount(order.id, existing.line.id, total);
    return cartOf(context, order, lines.map((row) => (row === existing ? { ...row, line: { ...row.line, itemCount: total } } : row)), known);
  }
  const added = await repos.carts.insertLine(order.id, { itemId: item.id, itemCount: count, ...resolved });
  return cartOf(context, order, [...lines, named(added)], known);
}

export const cartActions: Handlers<'get_cart' | 'cart_controller' | 'save_comment' | 'order_controler'> = {
  // A visitor without a cart gets an empty one; nothing is written until they add a line.
  async get_cart(context) {
    const owner = ownerOf(context, false);
    const current = owner ? await context.repos.carts.currentCartWithLines(owner, false) : null;
    if (!current) return cartOf(context, null);
    // An open cart whose items changed price since (the read cache answers): its lines take the new prices, once, with a notice.
    if (owner && current.order.status === OrderStatus.choosingProduct && current.lines.length > 0) {
      const { repriced } = lineChanges(current.lines, await context.repos.catalog.productsByIds(lineItemIds(current.lines)));
      if (repriced.length > 0) return repricedCart(context, owner);
    }
    return cartOf(context, current.order, current.lines, { placedBefore: current.placedBefore, refunded: Number(current.refunded) });
  },

  async cart_controller(context, input) {
    const cart = await changeCart(context, input);
    await announceCartChange(context, cart.order?.id ?? null);
    return cart;
  },

  async save_comment(context, input) {
    const owner = ownerOf(context, false);
    if (!owner) throw notFound(context, 'order_not_found');
    await context.repos.carts.lockOwner(owner);
    const order = await context.repos.carts.currentCart(owner, true);
    if (!order || order.id !== input.order_id) throw notFound(context, 'order_not_found');
    // Like every cart write: a comment on an order waiting for payment voids that payment first.
    const saved = await context.repos.carts.updateOrder((await reopenCart(context, order)).id, { comment: input.comment });
    return { order_id: saved.id, comment: saved.comment };
  },

  async order_controler(context, input) {
    const order = await cartFor(context, input.order_id).catch(() => null);
    const lines = order ? await context.repos.carts.lines(order.id) : [];
    if (!order || lines.length === 0) throw new ApiError(409, 'empty_cart', translate(context.language, 'empty_cart'));
    const settings = toCheckoutSettings(await context.repos.checkout.settings());
    const pure = purePrice(lines.map(({ line }) => line));
    if (pure < settings.minOrder) {
      const amount = formatMoney(settings.minOrder, context.shop.currency as Currency, context.language);
      throw new ApiError(409, 'modal_min_order_show', translate(context.language, 'min_order', { amount }), undefined, { min_order: settings.minOrder, pure_price: pure });
    }
    return { order_id: order.id, pure_price: pure, min_order: settings.minOrder, payment_types: offeredPaymentTypes(settings, context.payments) };
  },
};

