import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Cart, PaymentType } from '@contract/index';
import { MAX_LINE_COUNT } from '@contract/rules/limits';
import { asFailure, type ApiFailure } from './api-failure';
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
  | { operation: 2; order_item_id: number; count: number }
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
}

export type CartEvent =
  | { type: 'cart.reload' }
  | { type: 'cart.add'; line: CartAddition }
  | { type: 'cart.setCount'; orderItemId: number; count: number }
  | { type: 'cart.remove'; orderItemId: number }
  | { type: 'cart.comment'; comment: string }
  | { type: 'cart.checkout' }
  | { type: 'cart.dismiss' };

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
  },
  actions: {
    'store cart': assign((_, params: { cart: Cart }) => ({ cart: params.cart, failure: null })),
    'store comment': assign(({ context }, params: { comment: string }) => ({
      cart: context.cart?.order ? { ...context.cart, order: { ...context.cart.order, comment: params.comment } } : context.cart,
      failure: null,
    })),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'refuse': assign((_, params: { result: string }) => ({ failure: { result: params.result, message: '' } })),
    'open minimum-order dialog': assign((_, params: { failure: ApiFailure }) => ({
      minOrder: (params.failure.data as CartContext['minOrder']) ?? { min_order: 0, pure_price: 0 },
      failure: params.failure,
    })),
    'forget failure': assign({ failure: null, minOrder: null }),
    'store ticket': assign((_, params: { ticket: CheckoutTicket }) => ({ ticket: params.ticket, failure: null })),
    /** provided by the view: navigate to the checkout (/cart/address or the delivery step) */
    'go to checkout': () => {},
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ cart: input.cart ?? null, failure: null, minOrder: null, ticket: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load cart',
        onDone: { target: 'idle', actions: { type: 'store cart', params: ({ event }) => ({ cart: event.output }) } },
        onError: { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: {
      on: {
        'cart.reload': 'loading',
        'cart.add': [
          { guard: 'addition is valid', target: 'changing' },
          { actions: { type: 'refuse', params: { result: 'count_invalid' } } },
        ],
        'cart.setCount': [
          { guard: 'count is allowed', target: 'changing' },
          { guard: 'line is in the cart', actions: { type: 'refuse', params: { result: 'count_invalid' } } },
          { actions: { type: 'refuse', params: { result: 'line_not_found' } } },
        ],
        'cart.remove': [
          { guard: 'line is in the cart', target: 'changing' },
          { actions: { type: 'refuse', params: { result: 'line_not_found' } } },
        ],
        'cart.comment': [{ guard: 'cart exists', target: 'commenting' }, { actions: { type: 'refuse', params: { result: 'empty_cart' } } }],
        'cart.checkout': [{ guard: 'cart has lines', target: 'checking' }, { actions: { type: 'refuse', params: { result: 'empty_cart' } } }],
        'cart.dismiss': { actions: 'forget failure' },
      },
    },
    changing: {
      invoke: {
        id: 'change',
        src: 'change cart',
        input: ({ event }): CartChange => {
          if (event.type === 'cart.add') return { operation: 1, ...event.line };
          if (event.type === 'cart.setCount') return { operation: 2, order_item_id: event.orderItemId, count: event.count };
          assertEvent(event, 'cart.remove');
          return { operation: 3, order_item_id: event.orderItemId };
        },
        onDone: { target: 'idle', actions: { type: 'store cart', params: ({ event }) => ({ cart: event.output }) } },
        // The cart stays as it was (the server changed nothing).
        onError: { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
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
            actions: { type: 'open minimum-order dialog', params: ({ event }) => ({ failure: asFailure(event.error) }) },
          },
          { target: 'idle', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The dialog of modal_min_order_show; the cart is not refreshed (spec §8).
    minimumOrder: {
      on: { 'cart.dismiss': { target: 'idle', actions: 'forget failure' } },
    },
    ready: {
      entry: 'go to checkout',
      on: {
        'cart.dismiss': 'idle',
        'cart.reload': 'loading',
      },
    },
  },
});
