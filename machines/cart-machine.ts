import { assertEvent, assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import type { Cart, PaymentType } from '@contract/index';
import { MAX_LINE_COUNT } from '@contract/rules/limits';
import { asFailure, type ApiFailure } from './api-failure';
import { LOGIN_REQUIRED } from '@contract/envelope';
import { inSystem } from './system';
import { notProvided } from './not-provided';

/** A line as the item page sends it (cart_controller add); prices are never sent. */
export interface CartAddition {
  item_id: number;
  count: number;
  feature_name?: string;
  size_name?: string;
  color_name?: string;
  /** [{ id, count }] option choices */
  newoptions?: { id: number; count: number }[];
  from_menu?: 0 | 1;
}

/** The cart_controller payloads this machine sends. */
export type CartChange =
  | ({ operation: 1 } & CartAddition)
  /** seen_count: the line's count this tab shows; the server refuses the change when another tab changed it since (cart_stale) */
  | { operation: 2; order_item_id: number; count: number; seen_count: number }
  | { operation: 3; order_item_id: number };

/** order_controler's answer: the cart may go to checkout. */
export interface CheckoutTicket {
  order_id: number;
  pure_price: number;
  min_order: number;
  payment_types: PaymentType[];
}

export interface CartContext {
  cart: Cart | null;
  failure: ApiFailure | null;
  /** set while the minimum-order dialog shows (order_controler said modal_min_order_show) */
  minOrder: { min_order: number; pure_price: number } | null;
  ticket: CheckoutTicket | null;
  /** who asked for the line being added (the item page's chart), told how it went */
  requester: AnyActorRef | null;
  /** the server's notice of lines moved to new prices (issue 32), kept from the read that carried it until the cart page was seen */
  priceNotice: string | null;
  /** the cart changed elsewhere (another tab or device) while this one was busy: it is read again once idle */
  newsPending: boolean;
  /** a checkout URL reloaded: the step to resume once order_controler accepts the cart (null: the checkout starts at delivery) */
  resumeAt: CheckoutResume | null;
}

/** Where a reloaded checkout URL resumes (docs/checkout.md, "A reload resumes the checkout"). */
export type CheckoutResume = 'address' | 'payment';

/** The result of the server's refusal of a count set from a stale view; its data is the fresh cart. */
export const CART_STALE = 'cart_stale';

/** What the cart tells the actor that asked it to add a line. */
export type CartReply = { type: 'cart.added'; cart: Cart } | { type: 'cart.refused'; failure: ApiFailure };

export type CartEvent =
  | { type: 'cart.reload' }
  | { type: 'cart.add'; line: CartAddition; replyTo?: AnyActorRef }
  | { type: 'cart.setCount'; orderItemId: number; count: number }
  | { type: 'cart.remove'; orderItemId: number }
  | { type: 'cart.comment'; comment: string }
  | { type: 'cart.checkout' }
  | { type: 'cart.repeat'; orderId: number; replyTo?: AnyActorRef }
  | { type: 'cart.dismiss' }
  /** the cart page opened: a checked cart (ready) is edited again; elsewhere nothing to do */
  | { type: 'cart.edit' }
  /** the cart page opened: an idle cart is read anew (a price may have changed since; the server says so once, issue 32) */
  | { type: 'cart.open' }
  /** the cart page that showed the price notice closed: it is not shown again */
  | { type: 'cart.noticeSeen' }
  /** the live channel: the account's cart changed (this tab's own write, another tab's or another device's) */
  | { type: 'cart.changedElsewhere' }
  /** a checkout URL with no checkout (a reload): the cart is checked and the checkout resumes at that step */
  | { type: 'cart.resumeCheckout'; at: CheckoutResume };

const isCart = (data: unknown): data is Cart => typeof data === 'object' && data !== null && Array.isArray((data as Cart).lines);

/** Line counts the server accepts. */
export { MAX_LINE_COUNT };

/** The cart statechart: loads, changes lines through cart_controller, and hands a checkable cart to checkout. */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as { cart?: Cart | null },
  },
  actors: {
    'load cart': fromPromise<Cart, void>(notProvided('load cart')),
    'change cart': fromPromise<Cart, CartChange>(notProvided('change cart')),
    'save comment': fromPromise<{ order_id: number; comment: string }, { order_id: number; comment: string }>(notProvided('save comment')),
    'check cart': fromPromise<CheckoutTicket, { order_id: number }>(notProvided('check cart')),
    'repeat order': fromPromise<Cart, { id: number }>(notProvided('repeat order')),
  },
  guards: {
    'cart has lines': ({ context }) => (context.cart?.lines.length ?? 0) > 0,
    'line is in the cart': ({ context, event }) =>
      (event.type === 'cart.setCount' || event.type === 'cart.remove') && (context.cart?.lines.some((line) => line.order_item_id === event.orderItemId) ?? false),
    'count is allowed': ({ context, event }) =>
      event.type === 'cart.setCount' &&
      Number.isInteger(event.count) &&
      event.count >= 1 &&
      event.count <= MAX_LINE_COUNT &&
      (context.cart?.lines.some((line) => line.order_item_id === event.orderItemId) ?? false),
    'addition is valid': ({ event }) =>
      event.type === 'cart.add' && Number.isInteger(event.line.count) && event.line.count >= 1 && event.line.count <= MAX_LINE_COUNT,
    'cart exists': ({ context }) => context.cart?.order !== null && context.cart !== null,
    'below the minimum order': (_, params: { failure: ApiFailure }) => params.failure.result === 'modal_min_order_show',
    'cart was loaded at startup': ({ context }) => context.cart !== null,
    'a page asked for the line': ({ context }) => context.requester !== null,
    'the line has a requester': ({ event }) => (event.type === 'cart.add' || event.type === 'cart.repeat') && event.replyTo !== undefined,
    'news came meanwhile': ({ context }) => context.newsPending,
    'stale with the fresh cart': (_, params: { failure: ApiFailure }) => params.failure.result === CART_STALE && isCart(params.failure.data),
    // The session asks the guest to log in (and brings them back to the cart): not a failure of the cart's.
    'login is asked': (_, params: { failure: ApiFailure }) => params.failure.result === LOGIN_REQUIRED,
    'resuming a checkout': ({ context }) => context.resumeAt !== null,
  },
  actions: {
    'store cart': assign(({ context }, params: { cart: Cart }) => ({ cart: params.cart, failure: null, priceNotice: params.cart.order?.price_notice ?? context.priceNotice })),
    'store comment': assign(({ context }, params: { comment: string }) => ({
      cart: context.cart?.order ? { ...context.cart, order: { ...context.cart.order, comment: params.comment } } : context.cart,
      failure: null,
    })),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    // The refusal's fresh cart is shown, with the server's words for why the change was not made.
    'store fresh cart': assign(({ context }, params: { failure: ApiFailure }) => ({
      cart: params.failure.data as Cart,
      failure: params.failure,
      priceNotice: (params.failure.data as Cart).order?.price_notice ?? context.priceNotice,
    })),
    'note news': assign({ newsPending: true }),
    'forget news': assign({ newsPending: false }),
    'remember resume': assign(({ event }) => {
      assertEvent(event, 'cart.resumeCheckout');
      return { resumeAt: event.at };
    }),
    'forget resume': assign({ resumeAt: null }),
    /** provided by the composition root: a reloaded checkout URL whose cart cannot go to checkout goes to /cart, which says why */
    'leave a resumed checkout': (_, _params: { resumed: boolean }) => {},
    'refuse': assign((_, params: { result: string }) => ({ failure: { result: params.result, message: '' } })),
    'open minimum-order dialog': assign((_, params: { failure: ApiFailure }) => ({
      minOrder: (params.failure.data as CartContext['minOrder']) ?? { min_order: 0, pure_price: 0 },
      failure: params.failure,
    })),
    'forget failure': assign({ failure: null, minOrder: null }),
    'store ticket': assign((_, params: { ticket: CheckoutTicket }) => ({ ticket: params.ticket, failure: null })),
    'remember requester': assign(({ event }) => ({ requester: event.type === 'cart.add' || event.type === 'cart.repeat' ? (event.replyTo ?? null) : null })),
    'forget requester': assign({ requester: null }),
    'tell requester it was added': sendTo(
      ({ context }) => context.requester as AnyActorRef,
      ({ context }): CartReply => ({ type: 'cart.added', cart: context.cart as Cart }),
    ),
    'tell requester it was refused': sendTo(
      ({ context }) => context.requester as AnyActorRef,
      ({ context }): CartReply => ({ type: 'cart.refused', failure: context.failure ?? { result: 'network_error', message: '' } }),
    ),
    // A line arriving while the cart talks to the server is refused at once, with a reason the page words.
    'refuse busy addition': sendTo(
      ({ event }) => (event as { replyTo: AnyActorRef }).replyTo,
      (): CartReply => ({ type: 'cart.refused', failure: { result: 'cart_busy', message: '' } }),
    ),
    /** the checkout of this cart's ticket starts as the app's child (systemId 'checkout') */
    'begin checkout': sendTo(inSystem('app'), ({ context }) => ({ type: 'checkout.begin' as const, ticket: context.ticket as CheckoutTicket, resumeAt: context.resumeAt })),
    /** provided by the composition root: show the cart (after a repeated order filled it) */
    'show cart': () => {},
    /** provided by the composition root: show the checkout's first step (/cart), unless it resumes at its own step */
    'go to checkout': (_, _params: { resumed: boolean }) => {},

  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    cart: input.cart ?? null,
    failure: null,
    minOrder: null,
    ticket: null,
    requester: null,
    priceNotice: input.cart?.order?.price_notice ?? null,
    newsPending: false,
    resumeAt: null,
  }),
  // The startup already loaded the cart: no second get_cart.
  initial: 'starting',
  on: {
    // Login, logout and a placed order reload the cart whatever it was doing.
    'cart.reload': { target: '.loading', actions: 'forget failure' },
    'cart.noticeSeen': { actions: assign({ priceNotice: null }) },
    // Busy: the cart is read again once idle (a write's own answer may be older than another tab's write).
    'cart.changedElsewhere': { actions: 'note news' },
    'cart.add': { guard: 'the line has a requester', actions: 'refuse busy addition' },
    'cart.repeat': { guard: 'the line has a requester', actions: 'refuse busy addition' },
  },
  states: {
    starting: {
      always: [{ guard: 'cart was loaded at startup', target: 'idle' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load cart',
        onDone: { target: 'idle', actions: { type: 'store cart', params: ({ event }) => ({ cart: event.output }) } },
        onError: { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      initial: 'still',
      states: {
        still: {
          always: { guard: 'news came meanwhile', target: 'refreshing' },
          on: { 'cart.changedElsewhere': 'refreshing' },
        },
        // Read again in the background: the lines stay shown and every change stays offered (a change's answer is fresher).
        refreshing: {
          entry: 'forget news',
          invoke: {
            id: 'refresh',
            src: 'load cart',
            onDone: { target: 'still', actions: { type: 'store cart', params: ({ event }) => ({ cart: event.output }) } },
            onError: 'still',
          },
        },
      },
      on: {
        'cart.open': 'loading',
        'cart.add': [
          { guard: 'addition is valid', target: 'changing', actions: 'remember requester' },
          // A page that asked is answered either way; an invalid line from nobody changes nothing.
          {
            guard: 'the line has a requester',
            actions: [{ type: 'refuse', params: { result: 'count_invalid' } }, 'remember requester', 'tell requester it was refused', 'forget requester'],
          },
        ],
        // Only an allowed change is taken (snapshot.can tells the view which); a stale one changes nothing.
        'cart.setCount': { guard: 'count is allowed', target: 'changing' },
        'cart.remove': { guard: 'line is in the cart', target: 'changing' },
        'cart.comment': { guard: 'cart exists', target: 'commenting' },
        'cart.checkout': { guard: 'cart has lines', target: 'checking', actions: 'forget resume' },
        'cart.resumeCheckout': { guard: 'cart has lines', target: 'checking', actions: 'remember resume' },
        // An archived order's lines are put back by the server (repeat_order); the cart it answers is this cart.
        'cart.repeat': { target: 'repeating', actions: 'remember requester' },
        'cart.dismiss': { actions: 'forget failure' },
      },
    },
    changing: {
      invoke: {
        id: 'change',
        src: 'change cart',
        input: ({ context, event }): CartChange => {
          if (event.type === 'cart.add') return { operation: 1, ...event.line };
          if (event.type === 'cart.setCount') {
            const seen = context.cart?.lines.find((line) => line.order_item_id === event.orderItemId)?.item_count ?? 0;
            return { operation: 2, order_item_id: event.orderItemId, count: event.count, seen_count: seen };
          }
          assertEvent(event, 'cart.remove');
          return { operation: 3, order_item_id: event.orderItemId };
        },
        onDone: [
          {
            guard: 'a page asked for the line',
            target: 'idle',
            actions: [{ type: 'store cart', params: ({ event }) => ({ cart: event.output }) }, 'tell requester it was added', 'forget requester'],
          },
          { target: 'idle', actions: { type: 'store cart', params: ({ event }) => ({ cart: event.output }) } },
        ],
        // The cart stays as it was (the server changed nothing), or shows the fresh cart another tab made.
        onError: [
          {
            guard: { type: 'stale with the fresh cart', params: ({ event }) => ({ failure: asFailure(event.error) }) },
            target: 'idle',
            actions: { type: 'store fresh cart', params: ({ event }) => ({ failure: asFailure(event.error) }) },
          },
          {
            guard: 'a page asked for the line',
            target: 'idle',
            actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, 'tell requester it was refused', 'forget requester'],
          },
          { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    repeating: {
      invoke: {
        id: 'repeat',
        src: 'repeat order',
        input: ({ event }) => {
          assertEvent(event, 'cart.repeat');
          return { id: event.orderId };
        },
        // The order's screen that asked is told how it went (it words a refusal).
        onDone: [
          {
            guard: 'a page asked for the line',
            target: 'idle',
            actions: [{ type: 'store cart', params: ({ event }) => ({ cart: event.output }) }, 'tell requester it was added', 'forget requester', 'show cart'],
          },
          { target: 'idle', actions: [{ type: 'store cart', params: ({ event }) => ({ cart: event.output }) }, 'show cart'] },
        ],
        onError: [
          {
            guard: 'a page asked for the line',
            target: 'idle',
            actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, 'tell requester it was refused', 'forget requester'],
          },
          { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    commenting: {
      invoke: {
        id: 'comment',
        src: 'save comment',
        input: ({ context, event }) => {
          assertEvent(event, 'cart.comment');
          return { order_id: context.cart?.order?.id ?? 0, comment: event.comment };
        },
        onDone: { target: 'idle', actions: { type: 'store comment', params: ({ event }) => ({ comment: event.output.comment }) } },
        onError: { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check cart',
        input: ({ context }) => ({ order_id: context.cart?.order?.id ?? 0 }),
        onDone: { target: 'ready', actions: { type: 'store ticket', params: ({ event }) => ({ ticket: event.output }) } },
        onError: [
          {
            guard: { type: 'below the minimum order', params: ({ event }) => ({ failure: asFailure(event.error) }) },
            target: 'minimumOrder',
            actions: [{ type: 'open minimum-order dialog', params: ({ event }) => ({ failure: asFailure(event.error) }) }, { type: 'leave a resumed checkout', params: ({ context }) => ({ resumed: context.resumeAt !== null }) }, 'forget resume'],
          },
          { guard: { type: 'login is asked', params: ({ event }) => ({ failure: asFailure(event.error) }) }, target: 'idle', actions: ['forget failure', 'forget resume'] },
          // A reloaded checkout URL whose cart cannot go to checkout: the cart page says why.
          { target: 'idle', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'leave a resumed checkout', params: ({ context }) => ({ resumed: context.resumeAt !== null }) }, 'forget resume'] },
        ],
      },
    },
    // The dialog of modal_min_order_show; the cart is not refreshed (spec §8).
    minimumOrder: {
      on: { 'cart.dismiss': { target: 'idle', actions: 'forget failure' } },
    },
    // order_controler accepted the cart: the checkout takes over; a new line or a dismiss returns to the cart.
    ready: {
      // A resumed checkout shows its own step (its chart moves the URL); a new one starts at /cart.
      entry: ['begin checkout', { type: 'go to checkout', params: ({ context }) => ({ resumed: context.resumeAt !== null }) }, 'forget resume'],
      on: {
        'cart.dismiss': 'idle',
        'cart.edit': 'idle',
        'cart.repeat': { target: 'repeating', actions: 'remember requester' },
        'cart.add': [
          { guard: 'addition is valid', target: 'changing', actions: 'remember requester' },
          // A page that asked is answered either way; an invalid line from nobody changes nothing.
          {
            guard: 'the line has a requester',
            actions: [{ type: 'refuse', params: { result: 'count_invalid' } }, 'remember requester', 'tell requester it was refused', 'forget requester'],
          },
        ],
      },
    },
  },
});

