import { initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { OrderStatus } from '@contract/entities/order';
import { ORDER_ACTIONS, ORDER_TRANSITIONS, type OrderAction, type OrderActor, type PlacedStatus } from '@contract/rules/order-lifecycle';
import { transitionsFrom as fromTable } from './lifecycle-chart';

/** The chart's state of each placed status. */
export const LIFECYCLE_STATES = {
  [OrderStatus.pending]: 'pending',
  [OrderStatus.confirmedByStore]: 'confirmed',
  [OrderStatus.sent]: 'sent',
  [OrderStatus.completed]: 'completed',
  [OrderStatus.canceled]: 'canceled',
} as const satisfies Record<PlacedStatus, string>;
export type LifecycleState = (typeof LIFECYCLE_STATES)[PlacedStatus];

/** The status of each of the chart's states (what the server writes when the chart moves). */
export const STATUS_OF_STATE = Object.fromEntries(Object.entries(LIFECYCLE_STATES).map(([status, state]) => [state, Number(status)])) as Record<LifecycleState, PlacedStatus>;

export interface LifecycleInput {
  status: PlacedStatus;
  /** who would act: the console's staff member by role, or the order's customer */
  actor: OrderActor;
}

/** One action of contract/rules/order-lifecycle.ts, asked for by whoever the chart was opened for. */
export type LifecycleEvent = { type: OrderAction };

const transitionsFrom = (status: PlacedStatus) => fromTable(ORDER_TRANSITIONS, ORDER_ACTIONS, status, (to) => LIFECYCLE_STATES[to]);

/**
 * An order's lifecycle once placed (docs/orders.md), for one actor: the server opens it at the order's status for
 * whoever asks and takes the change only when the chart does (order-change.ts); the console opens it for the
 * staff member's role and offers the actions it `can` take. What a change needs (minutes until ready, a reason)
 * is the request's to carry: the contract's request schema and `missingFor` check it, not the chart.
 */
export const orderLifecycleMachine = setup({
  types: {
    context: {} as LifecycleInput,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
  },
  guards: {
    'the actor may': ({ context }, params: { by: readonly OrderActor[] }) => params.by.includes(context.actor),
    'is pending': ({ context }) => context.status === OrderStatus.pending,
    'is confirmed': ({ context }) => context.status === OrderStatus.confirmedByStore,
    'is sent': ({ context }) => context.status === OrderStatus.sent,
    'is completed': ({ context }) => context.status === OrderStatus.completed,
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => ({ ...input }),
  initial: 'opening',
  states: {
    // Opens at the order's status as it is now.
    opening: {
      always: [
        { guard: 'is pending', target: 'pending' },
        { guard: 'is confirmed', target: 'confirmed' },
        { guard: 'is sent', target: 'sent' },
        { guard: 'is completed', target: 'completed' },
        { target: 'canceled' },
      ],
    },
    pending: { on: transitionsFrom(OrderStatus.pending) },
    confirmed: { on: transitionsFrom(OrderStatus.confirmedByStore) },
    sent: { on: transitionsFrom(OrderStatus.sent) },
    completed: { type: 'final' },
    canceled: { type: 'final' },
  },
});

export type LifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

/**
 * The status an order in `status` moves to when `actor` takes `action`, or null when the chart refuses (the
 * server's one check before it writes a change: 409 status_change_refused, nothing written).
 */
export function lifecycleNext(status: PlacedStatus, actor: OrderActor, action: OrderAction): PlacedStatus | null {
  const [opened] = initialTransition(orderLifecycleMachine, { status, actor });
  if (!opened.can({ type: action })) return null;
  const [next] = transition(orderLifecycleMachine, opened, { type: action });
  return STATUS_OF_STATE[next.value as LifecycleState];
}
