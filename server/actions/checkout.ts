import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Bill } from '@contract/entities/order';
import { otherCityReady } from '@contract/rules/address';
import { deliveryMethodsOf } from '@contract/rules/delivery-methods';
import { closedUntilText } from '@contract/rules/shop-hours';
import { OrderStatus } from '@contract/entities/order';
import type { ParsedRequestOf } from '@contract/api';
import { DeliveryMethod, isDeliveryMethod, type Currency } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { localDigits } from '@contract/numbers';
import type { DiscountCodeRow, orders } from '../db/schema';
import { ApiError } from '../errors';
import { translate, type MessageKey, type MessageValues } from '../i18n/messages';
import { spendFromWallet } from '../repositories/wallet-spend';
import { purePrice } from '../services/checkout/bill';
import { billOf, cartFor, cartWithReadsFor, lockedCartFor, lockedCartWithReads } from '../services/checkout/cart-state';
import { lineChanges, lineItemIds } from '../services/checkout/line-freshness';
import { cappedAmount } from '../services/checkout/order-cap';
import { serviceAreaOf } from '../services/checkout/service-area';
import { ITEM_FINISHED_RESULT, PRICE_CHANGED_RESULT } from '@contract/rules/catalog-edit';
import { toCheckoutSettings, type CheckoutSettings } from '../services/checkout/settings';
import type { CartWithLines } from '../repositories/cart-statements';
import { checkDeliveryTime, shiftOf } from '../services/checkout/shift';
import { settleAttempt } from '../services/checkout/settle-attempt';
import { recordOrderChange } from '../services/orders/order-events';
import { scheduleNewOrderSms } from '../services/orders/order-sms';
import { paymentExpireJob } from '../services/jobs/payment-job-keys';
import type { Handlers, SignedInContext } from './context';

type OrderRow = typeof orders.$inferSelect;

const refuse = (context: SignedInContext, status: number, result: string, key: MessageKey, values: MessageValues = {}) =>
  new ApiError(status, result, translate(context.language, key, values));

const money = (context: SignedInContext, rial: number) => formatMoney(rial, context.shop.currency as Currency, context.language);

/**
 * Why a code cannot be used on this cart now, or null when it can. `payment` is the order's at final_order; while the
 * cart is open (discount_compute) it is not chosen yet, so an online-only code is told at placing.
 */
async function discountProblem(context: SignedInContext, code: DiscountCodeRow, pure: number, payment: string | null = null): Promise<ApiError | null> {
  const { repos, user } = context;
  const now = context.clock().getTime();
  // A code the owner turned off is as if it did not exist (issue 32).
  if (code.disabledAt !== null) return refuse(context, 404, 'discount_refused', 'discount_unknown');
  if (code.startsAt && code.startsAt.getTime() > now) return refuse(context, 400, 'discount_refused', 'discount_not_started');
  if (code.expiresAt && code.expiresAt.getTime() <= now) return refuse(context, 400, 'discount_refused', 'discount_expired');
  if (payment !== null && code.onlineOnly === 1 && payment !== 'online') return refuse(context, 400, 'discount_refused', 'discount_online_only');
  if (pure < code.minOrder) return refuse(context, 400, 'discount_refused', 'discount_min_order', { amount: money(context, code.minOrder) });
  if (code.firstOrderOnly === 1 && (await repos.checkout.hasPlacedOrder(user.id))) return refuse(context, 400, 'discount_refused', 'discount_first_order');
  if (code.perUserLimit !== null && (await repos.checkout.userUsages(code.id, user.id)) >= code.perUserLimit) {
    return refuse(context, 400, 'discount_refused', 'discount_user_limit');
  }
  if (code.totalLimit !== null && code.usedCount >= code.totalLimit) return refuse(context, 409, 'discount_refused', 'discount_total_limit');
  return null;
}

async function billView(context: SignedInContext, order: OrderRow) {
  return billOf(context, order, await context.repos.carts.lines(order.id));
}

async function walletView(context: SignedInContext, order: OrderRow) {
  const { wallet } = context.repos;
  const [bill, balance, giftBalance] = await Promise.all([billView(context, order), wallet.balance(context.user.id), wallet.balance(context.user.id, 'gift')]);
  // The cart's saved choices too: a checkout reloaded at its payment step resumes from them (docs/checkout.md).
  return { balance, used: bill.wallet, gift_balance: giftBalance, gift_used: bill.gift, bill, wallet_in_use: order.useWallet === 1, delivery: savedDelivery(order, bill.shipping) };
}

/** The delivery update_address_order stored on the cart, as it answered it; null before one was chosen. */
function savedDelivery(order: OrderRow, shipping: number) {
  const method = order.deliveryMethod;
  if (!isDeliveryMethod(method)) return null;
  return { order_id: order.id, address_id: order.addressId ?? 0, delivery_method: method, branch_name: order.branchName, type: order.deliveryType, shipping };
}

/** use_wallet / none_use_wallet: the wallet, or with type gift the discount bag, pays the cart from now on (`use`) or no longer. */
async function setCreditUse(context: SignedInContext, input: ParsedRequestOf<'use_wallet'>, use: boolean) {
  const order = await lockedCartFor(context, input.order_id);
  if (input.type === 'wallet') return walletView(context, await context.repos.carts.updateOrder(order.id, { useWallet: use ? 1 : 0 }));
  // An empty bag is refused: the checkout offers it only with a balance, so a use of nothing is a mistake to say.
  if (use && (await context.repos.wallet.balance(context.user.id, 'gift')) <= 0) throw refuse(context, 409, 'gift_empty', 'gift_empty');
  return walletView(context, await context.repos.carts.updateOrder(order.id, { useGift: use ? 1 : 0 }));
}

/** sha256 of the request as parsed (the key itself left out), to tell a replay from a different request. */
const requestHash = (code: string, input: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify([code, Object.entries(input).filter(([name]) => name !== 'idempotency_key').sort(([a], [b]) => a.localeCompare(b))]))
    .digest('hex');

type FinalOrderData = Awaited<ReturnType<Handlers<'final_order'>['final_order']>>;

/** The cart `order_id` names, row-locked with its lines (the caller holds the owner lock); 404 when it is not the user's. */
async function lockedOrder(context: SignedInContext, orderId: number): Promise<CartWithLines> {
  const found = await context.repos.carts.lockedOrderWithLines(context.user.id, orderId);
  if (!found) throw refuse(context, 404, 'not_found', 'order_not_found');
  return found;
}

/** final_order's answer for an order placed earlier, as it stands now (a repeat without a key). */
async function placedAnswer(context: SignedInContext, order: OrderRow): Promise<FinalOrderData> {
  const attempt = await context.repos.checkout.latestPayment(order.id);
  const live = order.status === OrderStatus.awaitingLocationAndPayment && attempt?.status === 'requested' ? attempt : null;
  return {
    order_id: order.id,
    status: order.status,
    tracking_code: order.trackingCode ?? '',
    paid: order.paid === 1,
    payable: Number(order.bill?.payable ?? 0),
    redirect_url: live?.redirectUrl ?? null,
    sep_id: live?.token ?? (attempt?.status === 'paid' ? attempt.token : null),
  };
}

/**
 * final_order for a cart locked by the caller, with the shop's settings; its answer is kept under `key` (when not
 * null) in the same transaction.
 */
async function placeOrder(
  context: SignedInContext,
  input: ParsedRequestOf<'final_order'>,
  { order, lines, placedBefore }: CartWithLines,
  settings: CheckoutSettings,
  key: string | null,
): Promise<FinalOrderData> {
  const { repos, user, shop } = context;
  if (order.status !== OrderStatus.choosingProduct) throw refuse(context, 409, 'order_already_placed', 'order_already_placed');
  if (lines.length === 0) throw refuse(context, 409, 'empty_cart', 'empty_cart');
  // The items as they are now (issue 32): a finished one, or a price changed since the cart was read, is refused.
  const changed = lineChanges(lines, await repos.catalog.productsByIds(lineItemIds(lines)));
  const named = (list: readonly { name: string; nameEn: string }[]) => list.map((entry) => (context.language === 'en' ? entry.nameEn : entry.name)).join(context.language === 'en' ? ', ' : '، ');
  if (changed.finished.length > 0) throw refuse(context, 409, ITEM_FINISHED_RESULT, 'cart_item_finished', { name: named(changed.finished) });
  if (changed.repriced.length > 0) throw refuse(context, 409, PRICE_CHANGED_RESULT, 'cart_price_changed', { names: named(changed.repriced.map(({ line }) => line)) });

  const pure = purePrice(lines.map(({ line }) => line));
  if (pure < settings.minOrder) throw refuse(context, 409, 'modal_min_order_show', 'min_order', { amount: money(context, settings.minOrder) });

  const shift = shiftOf(shop);
  const time = checkDeliveryTime(shift, input.preordertime, context.clock());
  if (!time.ok) {
    // A holiday is still `store_closed` to a client that knows only that; the message says until when.
    if (time.reason === 'closed_until') throw refuse(context, 409, 'store_closed', 'store_closed_until', { until: closedUntilText(shift.closed_until ?? '', context.language) });
    throw refuse(context, time.reason === 'store_closed' ? 409 : 400, time.reason, time.reason, {
      opens: localDigits(shop.opensAt ?? '', context.language),
      closes: localDigits(shop.closesAt ?? '', context.language),
      days: localDigits(String(shift.preorder_days), context.language),
    });
  }
  if (order.deliveryMethod === null) throw refuse(context, 409, 'delivery_required', 'delivery_required');
  if (order.deliveryMethod === DeliveryMethod.courier && order.deliveryAddress) {
    if (!(await serviceAreaOf(shop, repos, order.deliveryAddress)).inRange) throw refuse(context, 409, 'out_of_range', 'out_of_range');
  }
  if (!settings.paymentTypes.includes(input.payment)) throw refuse(context, 400, 'payment_unavailable', 'payment_unavailable');
  // Online needs a gateway this server runs (none in production until PAYMENT_GATEWAY names a real one).
  const gateway = input.payment === 'online' ? context.payments.offered : null;
  if (input.payment === 'online' && !gateway) throw refuse(context, 400, 'payment_unavailable', 'online_unavailable');
  if (gateway && input.gateway !== undefined && input.gateway !== gateway.name) {
    throw refuse(context, 400, 'gateway_unknown', 'gateway_unknown', { gateway: input.gateway });
  }

  // The code is re-checked under its row lock, so a limited code is used exactly as often as allowed.
  let discount: DiscountCodeRow | null = null;
  if (order.discountCodeId !== null) {
    discount = await repos.checkout.discountById(order.discountCodeId, true);
    const problem = discount ? await discountProblem(context, discount, pure, input.payment) : null;
    if (problem) throw problem;
  }

  // The wallet balance is read under the user's row lock (wallet-repository), then spent in this transaction.
  const usesWallet = order.useWallet === 1 || input.payment === 'wallet';
  // The discount bag is read under the same lock as the wallet: two checkouts cannot both spend it.
  if (usesWallet || order.useGift === 1) await repos.wallet.lock(user.id);
  const bill: Bill = await billOf(context, { ...order, useWallet: usesWallet ? 1 : 0 }, lines, { settings, placedBefore });
  const amount = cappedAmount(bill);
  if (amount > shop.orderTotalMax) {
    throw refuse(context, 409, 'order_total_max', 'order_total_max', { limit: money(context, shop.orderTotalMax), amount: money(context, amount) });
  }
  if (input.payment === 'wallet' && bill.payable > 0) throw refuse(context, 409, 'wallet_insufficient', 'wallet_insufficient');
  if (discount) await repos.checkout.recordUsage(discount.id, user.id, order.id);
  if (bill.gift > 0 && !(await spendFromWallet(repos.wallet, { userId: user.id, amount: bill.gift, orderId: order.id, kind: 'gift' }))) {
    throw refuse(context, 409, 'gift_empty', 'gift_empty');
  }
  if (bill.wallet > 0 && !(await spendFromWallet(repos.wallet, { userId: user.id, amount: bill.wallet, orderId: order.id }))) {
    throw refuse(context, 409, 'wallet_insufficient', 'wallet_insufficient');
  }

  const trackingCode = `${order.id}${randomInt(1000, 10_000)}`;
  const common = { payment: input.payment, deliveryTime: time.value, trackingCode, bill, useWallet: usesWallet ? 1 : 0, internalOrder: input.internal_order };
  if (gateway && bill.payable > 0) {
    const token = randomBytes(18).toString('base64url');
    const { redirectUrl, gatewayRef } = await gateway.request(context.repos, {
      token,
      amount: bill.payable,
      merchant: shop.name,
      callbackUrl: `/order/v2/successful-payment/${order.id}`,
      origin: context.http.origin,
    });
    const attempt = await repos.checkout.insertPayment({ orderId: order.id, userId: user.id, gateway: gateway.name, amount: bill.payable, token, redirectUrl, gatewayRef: gatewayRef ?? null });
    // Unpaid past the shop's wait, the order expires and the cart reopens (services/jobs/payment-jobs.ts).
    await repos.jobs.schedule(paymentExpireJob(attempt, new Date(context.clock().getTime() + shop.paymentWaitMinutes * 60_000)));
    await repos.carts.updateOrder(order.id, { ...common, status: OrderStatus.awaitingLocationAndPayment });
    const waiting = { order_id: order.id, status: OrderStatus.awaitingLocationAndPayment, tracking_code: trackingCode, paid: false, payable: bill.payable, redirect_url: redirectUrl, sep_id: token };
    if (key !== null) await repos.checkout.storeKeyResponse(user.id, key, waiting);
    return waiting;
  }
  const paid = bill.payable === 0;
  const answer = { order_id: order.id, status: OrderStatus.pending, tracking_code: trackingCode, paid, payable: bill.payable, redirect_url: null, sep_id: null };
  const values = { ...common, payment: paid && bill.wallet + bill.gift > 0 ? 'wallet' : input.payment, status: OrderStatus.pending, paid: paid ? 1 : 0, placedAt: context.clock() };
  await repos.checkout.markPlaced(order.id, values, { userId: user.id, key, answer });
  const notices = await recordOrderChange(repos, shop, { id: order.id, userId: user.id }, { action: 'place', from: order.status, to: OrderStatus.pending, actor: 'customer' });
  await scheduleNewOrderSms(repos, shop, order.id, values.placedAt);
  context.afterCommit(() => context.live.announce(notices));
  return answer;
}

export const checkoutActions: Handlers<
  | 'update_address_order'
  | 'price_controler'
  | 'discount_compute'
  | 'get_discount_data'
  | 'use_wallet'
  | 'none_use_wallet'
  | 'wallet_operations'
  | 'final_order'
  | 'get_sep'
> = {
  async update_address_order(context, input) {
    const { repos, shop, user } = context;
    const method = deliveryMethodsOf(shop.id, shop.deliveryMethods).find((entry) => entry.value === input.delivery_method && entry.status === 1);
    const readsAddress = method !== undefined && method.value !== DeliveryMethod.pickup && input.address_id >= 10;
    // The address takes no lock: it is read in the owner lock's statement.
    const cart = await lockedCartWithReads(context, input.order_id, readsAddress ? { address: { userId: user.id, id: input.address_id } } : {});
    const { order, reads } = cart;
    const address = reads.address;
    if (!method) throw refuse(context, 400, 'invalid_input', 'delivery_method_unavailable');
    let values: Omit<Parameters<typeof repos.checkout.setDelivery>[1], 'deliveryType'>;
    if (method.value === DeliveryMethod.pickup) {
      // Pickup: ids under 10 are the reserved "no transport" places; anything else is ignored.
      values = { deliveryMethod: DeliveryMethod.pickup, addressId: input.address_id > 0 && input.address_id < 10 ? input.address_id : null, deliveryAddress: null, branchName: input.branch_name || shop.name };
    } else {
      if (!address) throw refuse(context, 404, 'not_found', 'address_not_found');
      let branchName = input.branch_name || shop.name;
      if (method.value === DeliveryMethod.courier) {
        const area = await serviceAreaOf(shop, repos, address);
        if (!area.inRange) throw refuse(context, 409, 'out_of_range', 'out_of_range');
        branchName = area.branchName;
      } else if (!otherCityReady({ city: address.city, postal_code: address.postalCode, address: address.address })) {
        throw refuse(context, 400, 'invalid_input', 'other_city_fields');
      }
      values = {
        deliveryMethod: method.value,
        addressId: address.id,
        branchName,
        deliveryAddress: { label: address.label, address: address.address, lat: address.lat, lng: address.lng, city: address.city, postal_code: address.postalCode },
      };
    }
    const saved = await repos.checkout.setDelivery(order.id, { ...values, deliveryType: input.type });
    const bill = await billOf(context, saved, cart.lines, cart.known);
    return {
      order_id: saved.id,
      address_id: saved.addressId ?? 0,
      delivery_method: method.value,
      branch_name: saved.branchName,
      type: saved.deliveryType,
      shipping: bill.shipping,
    };
  },

  // A quote: nothing is stored, so no transaction (not a `writes` code): BEGIN and COMMIT were two of its five round trips. update_address_order makes the choice.
  async price_controler(context, input) {
    const { repos, shop } = context;
    const method = deliveryMethodsOf(shop.id, shop.deliveryMethods).find((entry) => entry.value === input.delivery_method && entry.status === 1);
    let point = input.location ? { lat: input.location.latitude, lng: input.location.longitude } : null;
    const addressId = input.address ?? null;
    const readsAddress = method !== undefined && addressId !== null && addressId >= 10;
    // The refusals come in the order they always did: the cart, the method, the address.
    const { order, lines, known, reads } = await cartWithReadsFor(context, input.order_id, readsAddress ? addressId : null);
    const address = reads.address;
    if (!method) throw refuse(context, 400, 'invalid_input', 'delivery_method_unavailable');
    if (readsAddress) {
      if (!address) throw refuse(context, 404, 'not_found', 'address_not_found');
      point = { lat: address.lat, lng: address.lng };
    }
    const area = method.value === DeliveryMethod.courier && point ? await serviceAreaOf(shop, repos, point) : null;
    const bill = await billOf(context, { ...order, deliveryMethod: method.value, addressId }, lines, known);
    return { shipping: bill.shipping, distance: area?.distance ?? null, out_of_range: area ? !area.inRange : false, bill };
  },

  async discount_compute(context, input) {
    const { repos } = context;
    const order = await lockedCartFor(context, input.order_id);
    // An applied code taken off (the payment step's remove): the cart forgets it and answers its bill without it.
    if (input.remove === 1) {
      const without = await repos.carts.updateOrder(order.id, { discountCodeId: null });
      return { ...(await billView(context, without)), message: null };
    }
    const text = input.discount.trim();
    if (text === '') throw refuse(context, 400, 'discount_refused', 'discount_required');
    const code = await repos.checkout.discountByCode(text);
    if (!code) throw refuse(context, 404, 'discount_refused', 'discount_unknown');
    const lines = await repos.carts.lines(order.id);
    const problem = await discountProblem(context, code, purePrice(lines.map(({ line }) => line)));
    if (problem) throw problem;
    const withCode = await billOf(context, { ...order, discountCodeId: code.id }, lines);
    if (withCode.discount <= 0) return { ...(await billOf(context, order, lines)), message: translate(context.language, 'discount_zero') };
    await repos.carts.updateOrder(order.id, { discountCodeId: code.id });
    return { ...withCode, message: null };
  },

  async get_discount_data(context, input) {
    return { ...(await billView(context, await cartFor(context, input.order_id))), message: null };
  },

  async use_wallet(context, input) {
    return setCreditUse(context, input, true);
  },

  async none_use_wallet(context, input) {
    return setCreditUse(context, input, false);
  },

  async wallet_operations(context, input) {
    if (input.operation === 1 || input.operation === 2) {
      const order = await lockedCartFor(context, input.order_id);
      return walletView(context, await context.repos.carts.updateOrder(order.id, { useWallet: input.operation === 1 ? 1 : 0 }));
    }
    // 0 only reads: it must not void a payment the customer may be making right now.
    return walletView(context, await cartFor(context, input.order_id));
  },

  async final_order(context, input) {
    const { repos, user } = context;
    // Lock order (docs/server.md): the owner's advisory lock before anything else, even the idempotency key;
    // the settings, which need no lock, come in the same statement.
    const settings = toCheckoutSettings((await repos.carts.lockAndRead({ userId: user.id })).settings);
    const key = input.idempotency_key;
    if (key === undefined) {
      // Spec §7 sends no key: the cart is the key. A placed cart answers itself as it stands.
      const found = await lockedOrder(context, input.order_id);
      return found.order.status === OrderStatus.choosingProduct ? placeOrder(context, input, found, settings, null) : placedAnswer(context, found.order);
    }
    const hash = requestHash('final_order', input);
    // The key is claimed in the statement that locks the order; a repeat (or no such order) reads what the key holds.
    const { order: found, claimed } = await repos.checkout.lockedOrderClaimingKey(user.id, input.order_id, key, 'final_order', hash);
    if (!claimed) {
      const stored = await repos.checkout.keyRow(user.id, key);
      if (stored && (stored.requestHash !== hash || stored.code !== 'final_order')) throw refuse(context, 422, 'idempotency_mismatch', 'idempotency_mismatch');
      if (stored?.response) return stored.response as FinalOrderData;
    }
    if (!found) throw refuse(context, 404, 'not_found', 'order_not_found');
    return placeOrder(context, input, found, settings, key);
  },

  async get_sep(context, input) {
    const { repos, user } = context;
    // Lock order: owner, then the order, then its payment (as cart writes do), so a callback racing a cart edit waits instead of deadlocking.
    await repos.carts.lockOwner({ userId: user.id });
    const found = await repos.checkout.paymentByToken(user.id, input.sep_id);
    if (!found) throw refuse(context, 404, 'not_found', 'payment_not_found');
    const order = await repos.checkout.order(user.id, found.orderId, true);
    const payment = await repos.checkout.paymentByToken(user.id, input.sep_id, true);
    if (!order || !payment) throw refuse(context, 404, 'not_found', 'payment_not_found');
    const answer = (outcome: 'paid' | 'canceled' | 'failed' | 'waiting', current: OrderRow, refunded = 0) => ({
      order_id: current.id,
      paid: current.paid === 1,
      status: current.status,
      tracking_code: current.trackingCode ?? '',
      amount: payment.amount,
      outcome,
      refunded,
      message:
        refunded > 0
          ? translate(context.language, 'payment_refunded', { amount: money(context, refunded) })
          : translate(context.language, outcome === 'paid' ? 'payment_paid' : outcome === 'waiting' ? 'payment_waiting' : outcome === 'canceled' ? 'payment_canceled' : 'payment_failed'),
    });
    // The same path a provider's webhook takes (services/checkout/settle-attempt.ts): one capture, one order.
    const settled = await settleAttempt(context, order, payment);
    return answer(settled.outcome, settled.order, settled.refunded);
  },
};
