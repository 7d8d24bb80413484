import { and, assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { OrderDetail } from '@contract/console/counter-entities';
import type { StaffRole } from '@contract/console/rules';
import { normalizeDigits } from '@contract/digits';
import { scheduledFor } from '@contract/rules/delivery-time';
import { asPlacedStatus, isAhead, isCancelReason, isReadyIn, ORDER_ACTIONS, transitionFor, type OrderAction } from '@contract/rules/order-lifecycle';
import { canRecordPayment } from '@contract/rules/order-payment';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { orderLifecycleMachine } from '../order-lifecycle';

/** order_change's request. */
export interface OrderChangeRequest {
  order_id: number;
  action: OrderAction;
  ready_in?: number;
  reason?: string;
}

/** Why a change was not sent or not taken: a rule of the contract (the view words it), or the server's localised message. */
export type DetailProblem = { kind: 'ready-in' } | { kind: 'reason' } | { kind: 'server'; failure: ApiFailure };

export type LifecycleActor = ActorRefFrom<typeof orderLifecycleMachine>;

export interface OrderDetailContext {
  orderId: number;
  role: StaffRole;
  detail: OrderDetail | null;
  failure: ApiFailure | null;
  /** the lifecycle chart opened at the order's status for the staff member's role: the actions offered are what it can take */
  lifecycle: LifecycleActor | null;
  /** how many lifecycle charts were opened (each its own child id) */
  opened: number;
  /** the action being asked for (a confirm's minutes, a cancel's reason) */
  action: OrderAction | null;
  /** the ready-in minutes as typed (any digits) or tapped */
  readyIn: string;
  reason: string;
  problem: DetailProblem | null;
  /** a live change came while staff filled in a form: the order is read again when they leave it */
  stale: boolean;
}

export interface OrderDetailInput {
  orderId: number;
  role: StaffRole;
}

export type OrderDetailEvent =
  | { type: 'detail.retry' }
  /** the live channel: another staff member (or the customer, or a job) changed this order */
  | { type: 'detail.changed' }
  | { type: 'change.start'; action: OrderAction }
  | { type: 'change.readyIn'; minutes: string }
  | { type: 'change.reason'; reason: string }
  | { type: 'change.submit' }
  | { type: 'change.dismiss' }
  /** the shop took the money of a cash, card-reader or transfer order (order_record_payment) */
  | { type: 'payment.record' };

/** The minutes typed, as a number (Persian digits too), or NaN. */
export const readyInMinutes = (typed: string): number => {
  const text = normalizeDigits(typed).trim();
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

/** When the order is wanted, while that is still ahead: a confirm without minutes makes it ready then (readyAtOf). */
export const scheduledAhead = (detail: OrderDetail | null, now: Date): Date | null => {
  const at = detail ? scheduledFor(detail.order.delivery_time, new Date(detail.order.placed_at)) : null;
  return isAhead(at, now) ? at : null;
};

/** No minutes typed for an order wanted later: it is confirmed for its scheduled time. */
const readyForScheduled = (context: OrderDetailContext): boolean => context.readyIn.trim() === '' && scheduledAhead(context.detail, new Date()) !== null;

const needsOf = (context: OrderDetailContext, action: OrderAction): readonly ('ready_in' | 'reason')[] => {
  const status = context.detail?.order.status ?? 0;
  return transitionFor(status, action, context.role)?.needs ?? [];
};

/**
 * One order as the console opens it (systemId 'orderDetail', a child of the board while its screen shows):
 * order_detail, then the lifecycle chart (machines/order-lifecycle.ts) opened at the order's status for the
 * staff member's role. An action the chart cannot take is not started; a confirm asks its ready-in minutes
 * (isReadyIn), a cancel its reason (isCancelReason), both checked before order_change is sent; the server's
 * refusal (409 status_change_refused) is kept to show and the order read again. A live change of this order
 * (`detail.changed`) reads it again; the board hears of each load (its counts: the server marks the order opened).
 */
export const orderDetailMachine = setup({
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    input: {} as OrderDetailInput,
  },
  actors: {
    'load order': fromPromise<OrderDetail, { order_id: number }>(notProvided('load order')),
    'change order': fromPromise<OrderDetail, OrderChangeRequest>(notProvided('change order')),
    'record payment': fromPromise<OrderDetail, { order_id: number }>(notProvided('record payment')),
    lifecycle: orderLifecycleMachine,
  },
  guards: {
    'the chart can take it': ({ context, event }) => event.type === 'change.start' && context.lifecycle !== null && context.lifecycle.getSnapshot().can({ type: event.action }),
    'it needs nothing': ({ context, event }) => event.type === 'change.start' && needsOf(context, event.action).length === 0,
    'the order changed meanwhile': ({ context }) => context.stale,
    // contract/rules/order-payment.ts for the staff member's role: the view offers it only when this holds.
    'the payment can be recorded': ({ context }) => context.detail !== null && canRecordPayment(context.detail.order, context.role),
    'ready-in is missing': ({ context }) =>
      context.action !== null && needsOf(context, context.action).includes('ready_in') && !readyForScheduled(context) && !isReadyIn(readyInMinutes(context.readyIn)),
    'reason is missing': ({ context }) => context.action !== null && needsOf(context, context.action).includes('reason') && !isCancelReason(context.reason),
  },
  actions: {
    /** The order as the server answered, and the lifecycle chart opened again at its status. */
    'store detail': enqueueActions(({ context, enqueue }, params: { detail: OrderDetail }) => {
      if (context.lifecycle) enqueue.stopChild(context.lifecycle);
      const status = asPlacedStatus(params.detail.order.status);
      const opened = context.opened + 1;
      enqueue.assign({
        detail: params.detail,
        failure: null,
        stale: false,
        opened,
        lifecycle: ({ spawn }) => (status === null ? null : spawn('lifecycle', { id: `lifecycle-${opened}`, input: { status, actor: context.role } })),
      });
    }),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'start change': assign(({ event }) => (event.type === 'change.start' ? { action: event.action, readyIn: '', reason: '', problem: null } : {})),
    'end change': assign({ action: null, readyIn: '', reason: '' }),
    'refuse ready-in': assign({ problem: { kind: 'ready-in' } as DetailProblem }),
    'refuse reason': assign({ problem: { kind: 'reason' } as DetailProblem }),
    'store refusal': assign((_, params: { error: unknown }) => ({ problem: { kind: 'server', failure: asFailure(params.error) } as DetailProblem })),
    'tell the board': sendParent({ type: 'board.refresh' }),
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({
    orderId: input.orderId,
    role: input.role,
    detail: null,
    failure: null,
    lifecycle: null,
    opened: 0,
    action: null,
    readyIn: '',
    reason: '',
    problem: null,
    stale: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load order',
        input: ({ context }) => ({ order_id: context.orderId }),
        onDone: { target: 'ready', actions: [{ type: 'store detail', params: ({ event }) => ({ detail: event.output }) }, 'tell the board'] },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'detail.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: { 'detail.changed': '.refreshing' },
      states: {
        idle: {
          on: {
            // One tap for what needs nothing more (send, complete); a confirm or a cancel asks first.
            'change.start': [
              { guard: and(['the chart can take it', 'it needs nothing']), target: 'sending', actions: 'start change' },
              { guard: 'the chart can take it', target: 'asking', actions: 'start change' },
            ],
            'payment.record': { guard: 'the payment can be recorded', target: 'recording' },
          },
        },
        // The answer is the order as recorded; a refusal (recorded meanwhile by someone else) is kept and the order read again.
        recording: {
          on: { 'detail.changed': {} },
          invoke: {
            src: 'record payment',
            input: ({ context }) => ({ order_id: context.orderId }),
            onDone: { target: 'idle', actions: [{ type: 'store detail', params: ({ event }) => ({ detail: event.output }) }, 'tell the board'] },
            onError: { target: 'refreshing', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        asking: {
          on: {
            'change.readyIn': { actions: assign({ readyIn: ({ event }) => event.minutes, problem: null }) },
            'change.reason': { actions: assign({ reason: ({ event }) => event.reason, problem: null }) },
            'change.submit': [
              { guard: 'ready-in is missing', actions: 'refuse ready-in' },
              { guard: 'reason is missing', actions: 'refuse reason' },
              { target: 'sending' },
            ],
            'change.dismiss': [
              { guard: 'the order changed meanwhile', target: 'refreshing', actions: 'end change' },
              { target: 'idle', actions: 'end change' },
            ],
            // A live change (a payment, a job, the customer) never closes the form staff are typing in: the server
            // decides on submit (409 and a fresh read if the change is no longer allowed).
            'detail.changed': { actions: assign({ stale: true }) },
          },
        },
        sending: {
          // The answer is the order as changed: a live echo of the change is not read again meanwhile.
          on: { 'detail.changed': {} },
          invoke: {
            src: 'change order',
            input: ({ context }) => {
              const action = context.action ?? 'confirm';
              const needs = needsOf(context, action);
              return {
                order_id: context.orderId,
                action,
                ...(needs.includes('ready_in') && !readyForScheduled(context) ? { ready_in: readyInMinutes(context.readyIn) } : {}),
                ...(needs.includes('reason') ? { reason: context.reason.trim() } : {}),
              };
            },
            onDone: { target: 'idle', actions: [{ type: 'store detail', params: ({ event }) => ({ detail: event.output }) }, 'end change', 'tell the board'] },
            onError: { target: 'refreshing', actions: [{ type: 'store refusal', params: ({ event }) => ({ error: event.error }) }, 'end change'] },
          },
        },
        // The order read again (a live change, or after a refusal: it changed meanwhile); what is shown stays.
        refreshing: {
          on: { 'detail.changed': { target: 'refreshing', reenter: true } },
          invoke: {
            src: 'load order',
            input: ({ context }) => ({ order_id: context.orderId }),
            onDone: { target: 'idle', actions: [{ type: 'store detail', params: ({ event }) => ({ detail: event.output }) }, 'end change', 'tell the board'] },
            onError: { target: 'idle', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type OrderDetailSnapshot = SnapshotFrom<typeof orderDetailMachine>;
type Viewed = Pick<OrderDetailSnapshot, 'context' | 'matches'>;

export const isLoadingDetail = (snapshot: Viewed): boolean => snapshot.matches('loading');
export const detailFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches('failed') ? snapshot.context.failure : null);
export const isChanging = (snapshot: Viewed): boolean => snapshot.matches({ ready: 'sending' }) || snapshot.matches({ ready: 'recording' });
/** The action whose form is open (a confirm's minutes, a cancel's reason), or null. */
export const askedAction = (snapshot: Viewed): OrderAction | null => (snapshot.matches({ ready: 'asking' }) ? snapshot.context.action : null);
/** The actions the lifecycle chart can take now, in the table's order: exactly what the view offers. */
export const offeredActions = (lifecycle: Pick<SnapshotFrom<typeof orderLifecycleMachine>, 'can'>): OrderAction[] => ORDER_ACTIONS.filter((action) => lifecycle.can({ type: action }));
