import { assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import type { Factor, OrderSummary } from '@contract/entities/order';
import { customerMayCancel } from '@contract/rules/order-cancel';
import { asFailure, isNotFound, type ApiFailure } from './api-failure';
import type { CartReply } from './cart-machine';
import type { Notice } from './notice';
import { notProvided } from './not-provided';
import type { OrderChanged } from './order-news';
import { inSystem } from './system';

/** The notices the order's chart raises (src/app/notices.ts words them). */
export type OrderNoticeId = 'order canceled';

export interface OrderContext {
  id: number;
  order: Factor | null;
  failure: ApiFailure | null;
  /** the live channel said the store changed this order since it was read: it is read again when nothing else is under way */
  stale: boolean;
}

export type OrderEvent =
  | { type: 'order.retry' }
  /** ask to repeat the order (its lines back in the cart) or to cancel it: each is confirmed first */
  | { type: 'order.repeat' }
  | { type: 'order.cancel' }
  | { type: 'order.confirm' }
  | { type: 'order.dismiss' }
  | OrderChanged
  | CartReply;

/**
 * One placed order's screen (/archive-orders/detail/:id): its invoice, and two questions asked
 * before they act. Repeat hands the order to the cart, which fills itself and shows the cart (or
 * refuses: a failure notice). Cancel is offered only while the contract's rule allows it; the
 * server cancels, the chart tells so and shows the order again, now canceled. The store's changes
 * (the chat's `order.changed`) are read again as they come: the status, ready time and history
 * change on screen, and a cancel question the store overtook closes.
 */
export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as { id: number },
  },
  actors: {
    'load order': fromPromise<Factor, { id: number }>(notProvided('load order')),
    'cancel order': fromPromise<OrderSummary, { id: number }>(notProvided('cancel order')),
  },
  guards: {
    'the customer may cancel it': ({ context }) => context.order !== null && customerMayCancel(context.order.status),
    'it is this order': ({ context, event }) => event.type === 'order.changed' && event.orderId === context.id,
    'it changed since read': ({ context }) => context.stale,
    'not found': ({ event }) => isNotFound((event as { error?: unknown }).error),
  },
  actions: {
    'store order': assign((_, params: { order: Factor }) => ({ order: params.order, failure: null })),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'mark stale': assign({ stale: true }),
    'forget stale': assign({ stale: false }),
    // The cart answers this chart (cart.added or cart.refused), as it answers the item page's line.
    'ask the cart to repeat': sendTo(inSystem('cart'), ({ context, self }) => ({ type: 'cart.repeat' as const, orderId: context.id, replyTo: self as AnyActorRef })),
    /** provided by the composition root: shows the notice (src/app/notices.ts) */
    notify: (_, _notice: Notice<OrderNoticeId>) => {},
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ id: input.id, order: null, failure: null, stale: false }),
  initial: 'loading',
  on: { 'order.changed': { guard: 'it is this order', actions: 'mark stale' } },
  states: {
    loading: {
      entry: 'forget stale',
      invoke: {
        src: 'load order',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: { type: 'store order', params: ({ event }) => ({ order: event.output }) } },
        onError: [
          { guard: 'not found', target: 'notFound', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'order.retry': 'loading' } },
    // Not this customer's, or no such order: a page of its own, no retry.
    notFound: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'it changed since read', target: 'refreshing' },
          on: {
            'order.repeat': 'askingRepeat',
            'order.cancel': { guard: 'the customer may cancel it', target: 'askingCancel' },
          },
        },
        askingRepeat: { on: { 'order.confirm': 'repeating', 'order.dismiss': 'idle' } },
        repeating: {
          entry: 'ask the cart to repeat',
          on: {
            // Filled, the cart shows itself; this screen closes.
            'cart.added': 'idle',
            'cart.refused': { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ tone: 'failure' as const, error: event.failure }) } },
          },
        },
        // The store changed the order meanwhile: the question closes, the order is read again (cancel may be gone).
        askingCancel: { always: { guard: 'it changed since read', target: 'refreshing' }, on: { 'order.confirm': 'canceling', 'order.dismiss': 'idle' } },
        canceling: {
          invoke: {
            src: 'cancel order',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'refreshing', actions: { type: 'notify', params: { tone: 'success' as const, id: 'order canceled' as const } } },
            // The order stays as it was; the question stays open with the server's reason.
            onError: { target: 'askingCancel', actions: { type: 'notify', params: ({ event }) => ({ tone: 'failure' as const, error: event.error }) } },
          },
        },
        // The invoice stays in view while the order is read again. Repeat takes its lines, which a refresh does not
        // change: the question opens at once, and the read it stops is made again once the question closes.
        refreshing: {
          entry: 'forget stale',
          on: { 'order.repeat': { target: 'askingRepeat', actions: 'mark stale' } },
          invoke: {
            src: 'load order',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'idle', actions: { type: 'store order', params: ({ event }) => ({ order: event.output }) } },
            onError: { target: '#order.failed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
