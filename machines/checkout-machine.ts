import { and, assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { Address, Bill, DeliveryMethodValue, PaymentType, SelectedDelivery, Shop } from '@contract/index';
import { DeliveryMethod } from '@contract/enums';
import { checkDeliveryTime, type DeliveryTimeProblem } from '@contract/rules/delivery-time';
import { closedUntil, deliveryTimeOf, firstPreorderDay, lastPreorderDay, type DeliveryTimeChoice } from '@contract/rules/delivery-time';
import { ADDRESS_PAGE_POST } from '@contract/rules/address-page';
import { addressMachine, type AddressChoice } from './address-machine';
import type { CheckoutResume } from './cart-machine';
import { asFailure, type ApiFailure } from './api-failure';
import { inSystem } from './system';
import { notProvided } from './not-provided';

export type { NewAddress } from './address-machine';

/** wallet_operations / use_wallet / none_use_wallet / the bill load: the bill, the wallet's and the discount bag's balances. */
export interface WalletView {
  balance: number;
  used: number;
  /** the discount bag (wallet type gift, spec §7) */
  gift_balance: number;
  gift_used: number;
  bill: Bill;
  /** the cart pays from the wallet (wallet_operations answers it; a reloaded checkout resumes from it) */
  wallet_in_use?: boolean;
  /** the delivery the server keeps for the cart (wallet_operations), null before one was chosen */
  delivery?: SelectedDelivery | null;
}

/** Where a reloaded checkout URL resumes (the cart's 'cart.resumeCheckout'). */
export type { CheckoutResume } from './cart-machine';

/** final_order's answer. */
export interface PlacedOrder {
  order_id: number;
  status: number;
  tracking_code: string;
  paid: boolean;
  payable: number;
  redirect_url: string | null;
  sep_id: string | null;
}

/** What a finished checkout leaves for the thank-you page. */
export interface PlacedCheckout {
  orderId: number;
  trackingCode: string | null;
}

/** final_order's request. */
export interface PlaceOrderInput {
  order_id: number;
  payment: PaymentType;
  preordertime: string;
  idempotency_key: string;
  /** 1 for an in-store or QR visit's order */
  internal_order: 0 | 1;
}

/** get_sep's answer. */
export interface PaymentVerdict {
  order_id: number;
  paid: boolean;
  status: number;
  tracking_code: string;
  amount: number;
  outcome: 'paid' | 'canceled' | 'failed' | 'waiting';
  message: string;
}

export interface CheckoutInput {
  orderId: number;
  /** branch: the first branch's 'lat,lng', where the address map opens */
  shop: Pick<Shop, 'delivery_methods' | 'shift_data'> & { branch?: string | null; address_page_type?: number };
  /** order_controler's payment_types */
  paymentTypes: PaymentType[];
  /** set when the page is the gateway's return (/successful-payment/:id?sep_id=…) */
  returning?: { sepId: string } | null;
  /** the visit is in the shop or from its QR code: the order is placed as internal (absent: not) */
  internalOrder?: boolean;
  /** a reloaded checkout URL: the step resumed from what the server keeps for the cart (absent: the delivery step) */
  resumeAt?: CheckoutResume | null;
}

/** The payment screen's parts, in order; Forward returns to the one last shown. */
type PaymentStep = 'discount' | 'wallet' | 'payment';

/** Refusals decided by the machine's own guards (the address step's are its child's); the view shows its localised text for each key. */
export type CheckoutRefusal =
  | 'discount_required'
  | 'payment_unavailable'
  | 'wallet_insufficient'
  | 'time_invalid';

/** Why the chosen delivery time cannot be placed: the contract's reasons, or a later time not given yet. */
export type TimeProblem = DeliveryTimeProblem | 'time_required';

/**
 * The problem of a chosen time at `now`. Only 'now' means now: '' (a later time or a pre-order not filled
 * in) needs a time, though final_order would read it as now.
 */
function timeProblemOf(shop: CheckoutInput['shop'], time: string, now: Date): TimeProblem | null {
  if (time.trim() === '') return 'time_required';
  const check = checkDeliveryTime(shop.shift_data, time, now);
  return check.ok ? null : check.reason;
}

export interface CheckoutContext {
  orderId: number;
  shop: CheckoutInput['shop'];
  paymentTypes: PaymentType[];
  internalOrder: boolean;
  method: DeliveryMethodValue | null;
  /** the saved addresses as the address step last had them (shown again without a second load) */
  addresses: Address[] | null;
  addressId: number | null;
  delivery: SelectedDelivery | null;
  bill: Bill | null;
  balance: number;
  /** the discount bag's balance; what it pays of the cart is the bill's gift */
  giftBalance: number;
  discountApplied: boolean;
  walletInUse: boolean;
  payment: PaymentType | null;
  /** the delivery time as the customer chose it ('now', 'HH:mm', 'YYYY-MM-DD HH:mm'); never replaced by another */
  time: string;
  /** why `time` cannot be placed (shown at the time field), as of its choice or the last try to place */
  timeProblem: TimeProblem | null;
  /** the idempotency key of the current placing attempt (kept for retries of the same attempt) */
  attemptKey: string | null;
  placed: PlacedOrder | null;
  sepId: string | null;
  verdict: PaymentVerdict | null;
  /** a guard's refusal (refusal set) or a server failure (failure set); cleared by the next successful step */
  refusal: Exclude<CheckoutRefusal, null> | null;
  failure: ApiFailure | null;
  resumeAt: CheckoutResume | null;
  /** the payment screen's part last shown (Forward to /cart/payment returns to it) */
  paymentStep: PaymentStep;
}

export type CheckoutEvent =
  | { type: 'delivery.select'; method: DeliveryMethodValue }
  | { type: 'discount.apply'; code: string }
  | { type: 'discount.skip' }
  | { type: 'wallet.use' }
  | { type: 'wallet.skip' }
  /** the discount bag (spec §7 use_wallet type gift) pays first, or no longer; asked after a confirmation (§8) */
  | { type: 'gift.use' }
  | { type: 'gift.release' }
  | { type: 'payment.select'; payment: PaymentType }
  /** the time field's parts as chosen; the chart makes the preordertime of them (contract deliveryTimeOf) */
  | ({ type: 'time.select' } & DeliveryTimeChoice)
  | { type: 'checkout.place' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.edit' }
  | { type: 'checkout.back' }
  /** the browser's Back reached an earlier screen's URL: the chart goes back to that screen */
  | { type: 'checkout.backTo'; screen: 'delivery' | 'address' }
  /** the browser's Forward reached the payment screen's URL again: the chart returns there when nothing changed since */
  | { type: 'checkout.forwardTo'; screen: 'payment' }
  /** the applied code is taken off (discount_compute remove) */
  | { type: 'discount.remove' }
  | { type: 'payment.returned'; sepId: string };

/** A fresh idempotency key (crypto.randomUUID exists in browsers and Node 20). */
const newKey = () => globalThis.crypto.randomUUID();

const methodOffered = (context: CheckoutContext, method: number) => context.shop.delivery_methods.some((entry) => entry.value === method && entry.status === 1);

/** The browser's Back from the payment screen: to the delivery step, or to the address list of a delivery. */
const backToAnEarlierScreen = [
  { guard: 'back to delivery', target: 'delivery', actions: 'clear messages' },
  { guard: 'back to the address of a delivery', target: 'address', actions: 'clear messages' },
] as const;

/** The browser's Forward to the payment screen left by Back: its part last shown, when the delivery is as saved. */
const forwardToPayment = [
  { guard: and(['delivery is as saved', 'payment step was discount']), target: 'discount' },
  { guard: and(['delivery is as saved', 'payment step was wallet']), target: 'wallet' },
  { guard: 'delivery is as saved', target: 'payment' },
] as const;

/** A fresh checkout of the ticket's order (or of the order the bank returned to). */
function initialCheckoutContext(input: CheckoutInput): CheckoutContext {
  return {
    orderId: input.orderId,
    shop: input.shop,
    paymentTypes: input.paymentTypes,
    internalOrder: input.internalOrder === true,
    method: null,
    addresses: null,
    addressId: null,
    delivery: null,
    bill: null,
    balance: 0,
    giftBalance: 0,
    discountApplied: false,
    walletInUse: false,
    payment: null,
    time: 'now',
    timeProblem: null,
    attemptKey: null,
    placed: null,
    sepId: input.returning?.sepId ?? null,
    verdict: null,
    refusal: null,
    failure: null,
    resumeAt: input.resumeAt ?? null,
    paymentStep: 'discount',
  };
}

/**
 * The checkout statechart (issue 5): delivery -> address (courier, other city)
 * -> saving the delivery -> bill -> discount -> wallet -> payment and time ->
 * placing -> gateway -> verifying -> placed. Guards decide every step; the
 * view only sends events and shows `screenOf(snapshot)`.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    'address book': addressMachine,
    'save delivery': fromPromise<SelectedDelivery, { order_id: number; delivery_method: DeliveryMethodValue; address_id: number }>(notProvided('save delivery')),
    'load bill': fromPromise<WalletView, { order_id: number }>(notProvided('load bill')),
    'apply discount': fromPromise<Bill & { message: string | null }, { order_id: number; discount: string }>(notProvided('apply discount')),
    'remove discount': fromPromise<Bill & { message: string | null }, { order_id: number }>(notProvided('remove discount')),
    'use wallet': fromPromise<WalletView, { order_id: number }>(notProvided('use wallet')),
    'release wallet': fromPromise<WalletView, { order_id: number }>(notProvided('release wallet')),
    'use gift': fromPromise<WalletView, { order_id: number }>(notProvided('use gift')),
    'release gift': fromPromise<WalletView, { order_id: number }>(notProvided('release gift')),
    'place order': fromPromise<PlacedOrder, PlaceOrderInput>(notProvided('place order')),
    'verify payment': fromPromise<PaymentVerdict, { sep_id: string }>(notProvided('verify payment')),
    'restore checkout': fromPromise<CheckoutContext | null, { orderId: number }>(async () => null),
    /** provided by the composition root: the browser's Back to an earlier screen's URL, as checkout.backTo */
    'browser back': fromCallback<CheckoutEvent>(() => () => {}),
  },
  guards: {
    'is returning from the gateway': ({ context }) => context.sepId !== null,
    'is resuming': ({ context }) => context.resumeAt !== null,
    // A reload at the payment step: the server kept a delivery (and its address) for the cart.
    'resumes at payment': ({ context }, params: { view: WalletView }) => context.resumeAt === 'payment' && params.view.delivery != null,
    // At the address step (or at payment without its address yet): the method kept, its address chosen again.
    'resumes at an address': (_, params: { view: WalletView }) => params.view.delivery != null && params.view.delivery.delivery_method !== DeliveryMethod.pickup,
    // Forward (the browser's history) to the screen left by Back, when the delivery saved is still the one chosen.
    'forward to the address': ({ context, event }) =>
      event.type === 'checkout.backTo' && event.screen === 'address' && context.method !== null && context.method !== DeliveryMethod.pickup,
    'delivery is as saved': ({ context, event }) =>
      event.type === 'checkout.forwardTo' &&
      context.delivery !== null &&
      context.bill !== null &&
      context.delivery.delivery_method === context.method &&
      (context.method === DeliveryMethod.pickup || context.delivery.address_id === context.addressId),
    'payment step was discount': ({ context }) => context.paymentStep === 'discount',
    'payment step was wallet': ({ context }) => context.paymentStep === 'wallet',
    'a code is applied': ({ context }) => context.bill?.discount_code != null,
    'method is offered': ({ context, event }) => event.type === 'delivery.select' && methodOffered(context, event.method),
    'pickup is chosen': ({ context }) => context.method === DeliveryMethod.pickup,
    'back to delivery': ({ event }) => event.type === 'checkout.backTo' && event.screen === 'delivery',
    'back to the address of a delivery': ({ context, event }) => event.type === 'checkout.backTo' && event.screen === 'address' && context.method !== null && context.method !== DeliveryMethod.pickup,
    'code is entered': ({ event }) => event.type === 'discount.apply' && event.code.trim() !== '',
    'discount came to nothing': (_, params: { bill: Bill & { message: string | null } }) => params.bill.discount <= 0,
    'wallet has balance': ({ context }) => context.balance > 0,
    'wallet is in use': ({ context }) => context.walletInUse,
    'gift bag has balance': ({ context }) => context.giftBalance > 0 && (context.bill?.gift ?? 0) === 0,
    'gift bag is in use': ({ context }) => (context.bill?.gift ?? 0) > 0,
    'payment type is offered': ({ context, event }) => event.type === 'payment.select' && context.paymentTypes.includes(event.payment),
    'wallet covers the total': ({ context, event }) =>
      event.type === 'payment.select' && (event.payment !== 'wallet' || (context.bill !== null && context.balance >= context.bill.total - context.bill.gift)),
    'time is acceptable': ({ context, event }) => event.type === 'time.select' && timeProblemOf(context.shop, deliveryTimeOf(event), new Date()) === null,
    // The clock moves: a time chosen a while ago may have passed by the time the order is placed.
    'chosen time is still acceptable': ({ context }) => timeProblemOf(context.shop, context.time, new Date()) === null,
    // A time refused when chosen keeps placing refused (not offered) until it is changed.
    'chosen time was accepted': ({ context }) => context.timeProblem === null,
    'delivery is known': ({ context }) => context.delivery !== null,
    'ready to place': ({ context }) => context.delivery !== null && context.bill !== null && context.payment !== null,
    'payment goes to the gateway': (_, params: { placed: PlacedOrder }) => params.placed.redirect_url !== null,
    'payment is verified': (_, params: { verdict: PaymentVerdict }) => params.verdict.outcome === 'paid',
    'bank has not answered': (_, params: { verdict: PaymentVerdict }) => params.verdict.outcome === 'waiting',
  },
  actions: {
    refuse: assign((_, params: { refusal: Exclude<CheckoutRefusal, null> }) => ({ refusal: params.refusal, failure: null })),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error), refusal: null })),
    /** provided by the view layer: a failed call's message as an error toast (spec §8); a guard's refusal is not one */
    notify: (_, _params: { error: unknown }) => {},
    'clear messages': assign({ refusal: null, failure: null }),
    'store method': assign(({ event }) => {
      assertEvent(event, 'delivery.select');
      return { method: event.method, addressId: null, addresses: null, refusal: null, failure: null };
    }),
    'store address choice': assign((_, params: { choice: AddressChoice }) => ({ addressId: params.choice.addressId, addresses: params.choice.addresses, refusal: null, failure: null })),
    'store delivery': assign((_, params: { delivery: SelectedDelivery }) => ({ delivery: params.delivery, refusal: null, failure: null })),
    'store wallet view': assign((_, params: { view: WalletView; inUse?: boolean }) => ({
      bill: params.view.bill,
      balance: params.view.balance,
      giftBalance: params.view.gift_balance,
      ...(params.inUse === undefined ? {} : { walletInUse: params.inUse }),
      refusal: null,
      failure: null,
    })),
    'store discounted bill': assign((_, params: { bill: Bill }) => ({ bill: params.bill, discountApplied: true, refusal: null, failure: null })),
    'store bill without code': assign((_, params: { bill: Bill }) => ({ bill: params.bill, discountApplied: false, refusal: null, failure: null })),
    // What the server keeps for the cart: its delivery, bill, code and wallet choice.
    'store resumed checkout': assign((_, params: { view: WalletView }) => {
      const kept = params.view.delivery ?? null;
      return {
        method: kept?.delivery_method ?? null,
        addressId: kept && kept.delivery_method !== DeliveryMethod.pickup ? kept.address_id : null,
        delivery: kept,
        bill: params.view.bill,
        balance: params.view.balance,
        giftBalance: params.view.gift_balance,
        discountApplied: params.view.bill.discount_code !== null,
        walletInUse: params.view.wallet_in_use === true,
        resumeAt: null,
      };
    }),
    'note payment step': assign((_, params: { step: PaymentStep }) => ({ paymentStep: params.step })),
    'report empty discount': assign((_, params: { message: string | null }) => ({ failure: { result: 'discount_zero', message: params.message ?? '' }, refusal: null })),
    'store payment': assign(({ event }) => {
      assertEvent(event, 'payment.select');
      return { payment: event.payment, refusal: null, failure: null };
    }),
    'store time': assign(({ event }) => {
      assertEvent(event, 'time.select');
      return { time: deliveryTimeOf(event), timeProblem: null, refusal: null, failure: null };
    }),
    // The refused time is kept as chosen (the field shows it and why); placing stays refused until it is changed.
    'refuse time': assign(({ context, event }) => {
      const time = event.type === 'time.select' ? deliveryTimeOf(event) : context.time;
      return { time, timeProblem: timeProblemOf(context.shop, time, new Date()) ?? 'preorder_invalid', refusal: 'time_invalid' as const, failure: null };
    }),
    'check chosen time': assign(({ context }) => ({ timeProblem: timeProblemOf(context.shop, context.time, new Date()) })),
    'start attempt': assign({ attemptKey: () => newKey(), refusal: null, failure: null }),
    'store placed order': assign((_, params: { placed: PlacedOrder }) => ({ placed: params.placed, sepId: params.placed.sep_id })),
    'store return': assign(({ event }) => {
      assertEvent(event, 'payment.returned');
      return { sepId: event.sepId };
    }),
    'store verdict': assign((_, params: { verdict: PaymentVerdict }) => ({ verdict: params.verdict })),
    // A canceled or failed payment comes back to the payment step: a new attempt needs a new key.
    'end attempt': assign((_, params: { verdict: PaymentVerdict }) => ({
      attemptKey: null,
      placed: null,
      sepId: null,
      failure: { result: `payment_${params.verdict.outcome}`, message: params.verdict.message },
      refusal: null,
    })),
    // Only the same order's checkout is resumed; the bank's sep_id of this return wins.
    resume: assign(({ context }, params: { restored: CheckoutContext | null }) =>
      params.restored && params.restored.orderId === context.orderId ? { ...params.restored, sepId: context.sepId } : {},
    ),
    'reload cart': sendTo(inSystem('cart'), { type: 'cart.reload' as const }),
    /** provided by the composition root: the URL follows the chart (a new history entry when it moves to another screen) */
    'show screen': (_, _params: { screen: CheckoutScreen }) => {},
    /** provided by the composition root: keep this checkout for the return, then go to placed.redirect_url (the bank) */
    'open gateway': () => {},
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialCheckoutContext(input),
  initial: 'starting',
  // The browser's Back reaches the chart as checkout.backTo; the states that allow it take it.
  invoke: { id: 'browserBack', src: 'browser back' },
  output: ({ context }): PlacedCheckout => ({ orderId: context.placed?.order_id ?? context.orderId, trackingCode: (context.verdict ?? context.placed)?.tracking_code ?? null }),
  states: {
    starting: {
      always: [{ guard: 'is returning from the gateway', target: 'restoring' }, { guard: 'is resuming', target: 'resuming' }, { target: 'delivery' }],
    },
    // A reloaded checkout URL: the step is restored from what the server keeps for the cart (delivery, bill, code, wallet).
    resuming: {
      invoke: {
        id: 'resume',
        src: 'load bill',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: [
          {
            guard: { type: 'resumes at payment', params: ({ event }) => ({ view: event.output }) },
            target: 'payment',
            actions: [{ type: 'store resumed checkout', params: ({ event }) => ({ view: event.output }) }, { type: 'note payment step', params: { step: 'payment' } }],
          },
          {
            guard: { type: 'resumes at an address', params: ({ event }) => ({ view: event.output }) },
            target: 'address',
            actions: { type: 'store resumed checkout', params: ({ event }) => ({ view: event.output }) },
          },
          { target: 'delivery', actions: assign({ resumeAt: null }) },
        ],
        onError: { target: 'delivery', actions: [assign({ resumeAt: null }), { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // Back from the bank after a reload: the checkout this tab left (if kept) is resumed before verifying.
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restore checkout',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'verifying', actions: { type: 'resume', params: ({ event }) => ({ restored: event.output }) } },
        onError: 'verifying',
      },
    },
    delivery: {
      entry: { type: 'show screen', params: { screen: 'delivery' } },
      on: {
        // Only an offered method is taken (snapshot.can tells the view which); a stale one changes nothing.
        'delivery.select': { guard: 'method is offered', target: 'address', actions: 'store method' },
        // The browser's Forward from the delivery step: to its address list, or to the payment screen of a saved pickup.
        'checkout.backTo': { guard: 'forward to the address', target: 'address' },
        'checkout.forwardTo': forwardToPayment,
      },
    },
    address: {
      initial: 'routing',
      states: {
        // Pickup needs no address: straight on to saving the delivery.
        routing: {
          always: [{ guard: 'pickup is chosen', target: '#checkout.savingDelivery' }, { target: 'choosing' }],
        },
        // The address book (address-machine.ts) is the step: it ends with an address that can be delivered to.
        choosing: {
          entry: { type: 'show screen', params: { screen: 'address' } },
          invoke: {
            id: 'addressBook',
            systemId: 'addressBook',
            src: 'address book',
            input: ({ context }) => ({ method: context.method ?? DeliveryMethod.courier, addresses: context.addresses, chosenId: context.addressId, branch: context.shop.branch ?? null, postAddress: context.shop.address_page_type === ADDRESS_PAGE_POST }),
            onDone: { target: '#checkout.savingDelivery', actions: { type: 'store address choice', params: ({ event }) => ({ choice: event.output }) } },
          },
        },
      },
      on: {
        'checkout.back': { target: 'delivery', actions: 'clear messages' },
        'checkout.backTo': { guard: 'back to delivery', target: 'delivery', actions: 'clear messages' },
        'checkout.forwardTo': forwardToPayment,
      },
    },
    // The URL stays on the step that chose the delivery (no entry of /cart between the address and the payment).
    savingDelivery: {
      invoke: {
        id: 'saveDelivery',
        src: 'save delivery',
        input: ({ context }) => ({ order_id: context.orderId, delivery_method: context.method ?? DeliveryMethod.pickup, address_id: context.addressId ?? 0 }),
        onDone: { target: 'loadingBill', actions: { type: 'store delivery', params: ({ event }) => ({ delivery: event.output }) } },
        onError: [
          { guard: 'pickup is chosen', target: 'delivery', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
          { target: 'address.choosing', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    loadingBill: {
      invoke: {
        id: 'bill',
        src: 'load bill',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'discount', actions: { type: 'store wallet view', params: ({ event }) => ({ view: event.output }) } },
        onError: { target: 'delivery', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    discount: {
      entry: [{ type: 'show screen', params: { screen: 'payment' } }, { type: 'note payment step', params: { step: 'discount' } }],
      on: {
        'discount.apply': [
          { guard: 'code is entered', target: 'applyingDiscount' },
          { actions: { type: 'refuse', params: { refusal: 'discount_required' } } },
        ],
        'discount.skip': { target: 'wallet', actions: 'clear messages' },
        'checkout.back': { target: 'delivery', actions: 'clear messages' },
        'checkout.backTo': backToAnEarlierScreen,
      },
    },
    applyingDiscount: {
      invoke: {
        id: 'discount',
        src: 'apply discount',
        input: ({ context, event }) => {
          assertEvent(event, 'discount.apply');
          return { order_id: context.orderId, discount: event.code.trim() };
        },
        onDone: [
          {
            guard: { type: 'discount came to nothing', params: ({ event }) => ({ bill: event.output }) },
            target: 'discount',
            actions: { type: 'report empty discount', params: ({ event }) => ({ message: event.output.message }) },
          },
          { target: 'wallet', actions: { type: 'store discounted bill', params: ({ event }) => ({ bill: event.output }) } },
        ],
        // Said once, at the code field (no toast besides); the next code applied clears it.
        onError: { target: 'discount', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removingDiscount: {
      invoke: {
        id: 'removeDiscount',
        src: 'remove discount',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'discount', actions: { type: 'store bill without code', params: ({ event }) => ({ bill: event.output }) } },
        onError: { target: 'discount', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    wallet: {
      entry: { type: 'note payment step', params: { step: 'wallet' } },
      on: {
        'discount.remove': { guard: 'a code is applied', target: 'removingDiscount' },
        'wallet.use': { guard: 'wallet has balance', target: 'usingWallet' },
        'wallet.skip': [{ guard: 'wallet is in use', target: 'releasingWallet' }, { target: 'payment', actions: 'clear messages' }],
        'gift.use': { guard: 'gift bag has balance', target: 'usingGift' },
        'gift.release': { guard: 'gift bag is in use', target: 'releasingGift' },
        'checkout.back': { target: 'discount', actions: 'clear messages' },
        'checkout.backTo': backToAnEarlierScreen,
      },
    },
    usingWallet: {
      invoke: {
        id: 'useWallet',
        src: 'use wallet',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'payment', actions: { type: 'store wallet view', params: ({ event }) => ({ view: event.output, inUse: true }) } },
        onError: { target: 'wallet', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // The discount bag is a choice within the wallet step: after it the step stays, for the wallet's own choice.
    usingGift: {
      invoke: {
        id: 'useGift',
        src: 'use gift',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'wallet', actions: { type: 'store wallet view', params: ({ event }) => ({ view: event.output }) } },
        onError: { target: 'wallet', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    releasingGift: {
      invoke: {
        id: 'releaseGift',
        src: 'release gift',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'wallet', actions: { type: 'store wallet view', params: ({ event }) => ({ view: event.output }) } },
        onError: { target: 'wallet', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    releasingWallet: {
      invoke: {
        id: 'releaseWallet',
        src: 'release wallet',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'payment', actions: { type: 'store wallet view', params: ({ event }) => ({ view: event.output, inUse: false }) } },
        onError: { target: 'wallet', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // The time kept from before (by default 'now') is checked on arrival: a closed shop offers no placing for now.
    payment: {
      entry: ['check chosen time', { type: 'show screen', params: { screen: 'payment' } }, { type: 'note payment step', params: { step: 'payment' } }],
      on: {
        'discount.remove': { guard: 'a code is applied', target: 'removingDiscount' },
        'payment.select': [
          { guard: and(['payment type is offered', 'wallet covers the total']), actions: 'store payment' },
          { guard: 'payment type is offered', actions: { type: 'refuse', params: { refusal: 'wallet_insufficient' } } },
          { actions: { type: 'refuse', params: { refusal: 'payment_unavailable' } } },
        ],
        'time.select': [{ guard: 'time is acceptable', actions: 'store time' }, { actions: 'refuse time' }],
        // Offered once a payment is chosen and the time was accepted; a time the clock has passed since is refused at placing.
        'checkout.place': [
          { guard: and(['ready to place', 'chosen time was accepted', 'chosen time is still acceptable']), target: 'placing', actions: 'start attempt' },
          { guard: and(['ready to place', 'chosen time was accepted']), actions: 'refuse time' },
        ],
        'checkout.back': { target: 'wallet', actions: 'clear messages' },
        'checkout.backTo': backToAnEarlierScreen,
      },
    },
    placing: {
      invoke: {
        id: 'place',
        src: 'place order',
        input: ({ context }) => ({
          order_id: context.orderId,
          payment: context.payment ?? 'cash',
          preordertime: context.time,
          idempotency_key: context.attemptKey ?? '',
          internal_order: context.internalOrder ? 1 : 0,
        }),
        onDone: [
          {
            guard: { type: 'payment goes to the gateway', params: ({ event }) => ({ placed: event.output }) },
            target: 'paying',
            actions: [{ type: 'store placed order', params: ({ event }) => ({ placed: event.output }) }, 'open gateway'],
          },
          { target: 'placed', actions: { type: 'store placed order', params: ({ event }) => ({ placed: event.output }) } },
        ],
        onError: { target: 'placeFailed', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // Retry repeats the same attempt (same idempotency key): a lost answer cannot place twice.
    placeFailed: {
      on: {
        'checkout.retry': 'placing',
        'checkout.edit': { target: 'payment', actions: assign({ attemptKey: null }) },
      },
    },
    paying: {
      on: { 'payment.returned': { target: 'verifying', actions: 'store return' } },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify payment',
        input: ({ context }) => ({ sep_id: context.sepId ?? '' }),
        onDone: [
          {
            guard: { type: 'payment is verified', params: ({ event }) => ({ verdict: event.output }) },
            target: 'placed',
            actions: { type: 'store verdict', params: ({ event }) => ({ verdict: event.output }) },
          },
          {
            guard: { type: 'bank has not answered', params: ({ event }) => ({ verdict: event.output }) },
            target: 'paying',
            actions: { type: 'store verdict', params: ({ event }) => ({ verdict: event.output }) },
          },
          {
            guard: 'delivery is known',
            target: 'payment',
            actions: [
              { type: 'store verdict', params: ({ event }) => ({ verdict: event.output }) },
              { type: 'end attempt', params: ({ event }) => ({ verdict: event.output }) },
            ],
          },
          // Back from the bank on a fresh page: the cart is intact on the server, the steps are chosen again.
          {
            target: 'delivery',
            actions: [
              { type: 'store verdict', params: ({ event }) => ({ verdict: event.output }) },
              { type: 'end attempt', params: ({ event }) => ({ verdict: event.output }) },
            ],
          },
        ],
        onError: { target: 'paying', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    // The order left the cart: the cart reloads; the app keeps what the thank-you page shows.
    placed: { type: 'final', entry: 'reload cart' },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The screens of the checkout; a route may show only the machine's current one. */
export type CheckoutScreen = 'delivery' | 'address' | 'payment' | 'gateway' | 'result';

/** The SPA path of each screen (under /order/v2). */
export const CHECKOUT_PATHS: Record<CheckoutScreen, string> = {
  delivery: '/cart',
  address: '/cart/address',
  payment: '/cart/payment',
  gateway: '/cart/payment',
  result: '/successful-payment',
};

/** The screen the machine is on. */
export function screenOf(snapshot: Pick<CheckoutSnapshot, 'matches' | 'context'>): CheckoutScreen {
  if (snapshot.matches('placed') || snapshot.matches('verifying')) return 'result';
  if (snapshot.matches('paying')) return 'gateway';
  if (snapshot.matches('address')) return 'address';
  if (snapshot.matches('resuming')) return snapshot.context.resumeAt ?? 'delivery';
  // Saving the delivery and loading its bill stay on the step that chose it.
  if (snapshot.matches('savingDelivery') || snapshot.matches('loadingBill')) return snapshot.context.method === DeliveryMethod.pickup ? 'delivery' : 'address';
  if (snapshot.matches('delivery') || snapshot.matches('starting')) return 'delivery';
  return 'payment';
}

/** No step by URL: a route for another screen than the current one is redirected to the current one. */
export function routeDecision(snapshot: Pick<CheckoutSnapshot, 'matches' | 'context'>, requested: CheckoutScreen): { allowed: true } | { allowed: false; redirectTo: string } {
  const current = screenOf(snapshot);
  return current === requested ? { allowed: true } : { allowed: false, redirectTo: CHECKOUT_PATHS[current] };
}

/** The days a pre-order's date may name ('YYYY-MM-DD', Tehran): today to the shop's horizon. */
export function preorderDayBounds(snapshot: Pick<CheckoutSnapshot, 'context'>, now = new Date()): { first: string; last: string } {
  return { first: firstPreorderDay(now), last: lastPreorderDay(snapshot.context.shop.shift_data, now) };
}


/** The end of the shop's holiday (ISO) while the payment step is open during it: the step says until when. */
export function holidayUntil(snapshot: Pick<CheckoutSnapshot, 'matches' | 'context'>, now = new Date()): string | null {
  return snapshot.matches('payment') ? closedUntil(snapshot.context.shop.shift_data, now) : null;
}

/** The shop does not take an order for now (closed, or outside its hours): the payment step says so once. */
export function closedNow(snapshot: Pick<CheckoutSnapshot, 'matches' | 'context'>, now = new Date()): boolean {
  return snapshot.matches('payment') && timeProblemOf(snapshot.context.shop, 'now', now) !== null;
}
