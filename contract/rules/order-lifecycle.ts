import { OrderStatus, type OrderStatusValue } from '../entities/order';

/*
 * The order's lifecycle after it is placed (docs/orders.md): the one table the lifecycle chart
 * (machines/order-lifecycle.ts) is built from. The server allows a change only when the chart
 * takes it (anything else is 409 `status_change_refused`, nothing written); the console offers
 * only the actions the chart can take; the customer's order page offers cancel by the same rule.
 *
 *   pending (3) --confirm, ready in N minutes (or at its scheduled time)--> confirmed by the store (4) --send--> sent (5) --complete--> completed (6)
 *   pending / confirmed --cancel with a reason (staff)--> canceled (7);  sent --cancel (owner only)--> canceled
 *   pending --cancel (the customer, no reason needed)--> canceled
 */

/** Who asks for a change: a staff member by role, the order's own customer, or the server's jobs. */
export const ORDER_ACTORS = ['owner', 'staff', 'customer'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What a change is called in the console, the API (console code order_change's `action`) and the order's history. */
export const ORDER_ACTIONS = ['confirm', 'send', 'complete', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The statuses an order has once placed; the chart's states. */
export const PLACED_STATUSES = [OrderStatus.pending, OrderStatus.confirmedByStore, OrderStatus.sent, OrderStatus.completed, OrderStatus.canceled] as const;
export type PlacedStatus = (typeof PLACED_STATUSES)[number];

/** The statuses a staff member still works on (the board's open orders). */
export const OPEN_STATUSES = [OrderStatus.pending, OrderStatus.confirmedByStore, OrderStatus.sent] as const;

/** A confirm says when the order will be ready (pickup) or arrive (courier): whole minutes from now. */
export const READY_IN_MINUTES = { min: 1, max: 24 * 60 } as const;
/** Ready-in choices the console offers as one tap (the field takes any whole minutes within READY_IN_MINUTES). */
export const READY_IN_CHOICES = [10, 15, 20, 25, 30, 45, 60, 90] as const;
/** Longest cancel reason (shown to the customer and kept in the order's history). */
export const CANCEL_REASON_MAX = 300;

export interface OrderTransition {
  action: OrderAction;
  from: readonly PlacedStatus[];
  to: PlacedStatus;
  /** who may take it */
  by: readonly OrderActor[];
  /** what it needs besides the action: minutes until ready (confirm), a reason (a staff cancel) */
  needs: readonly ('ready_in' | 'reason')[];
}

/**
 * Every change an order may go through after it is placed. A staff member who may not take a change (staff
 * canceling a sent order) is refused as a customer is: the chart has no such transition for them.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { action: 'confirm', from: [OrderStatus.pending], to: OrderStatus.confirmedByStore, by: ['owner', 'staff'], needs: ['ready_in'] },
  { action: 'send', from: [OrderStatus.confirmedByStore], to: OrderStatus.sent, by: ['owner', 'staff'], needs: [] },
  { action: 'complete', from: [OrderStatus.sent], to: OrderStatus.completed, by: ['owner', 'staff'], needs: [] },
  { action: 'cancel', from: [OrderStatus.pending, OrderStatus.confirmedByStore], to: OrderStatus.canceled, by: ['owner', 'staff'], needs: ['reason'] },
  { action: 'cancel', from: [OrderStatus.sent], to: OrderStatus.canceled, by: ['owner'], needs: ['reason'] },
  { action: 'cancel', from: [OrderStatus.pending], to: OrderStatus.canceled, by: ['customer'], needs: [] },
];

/** The transition `actor` may take from `status` by `action`, or null (refused). */
export function transitionFor(status: number, action: OrderAction, actor: OrderActor): OrderTransition | null {
  return ORDER_TRANSITIONS.find((transition) => transition.action === action && transition.by.includes(actor) && (transition.from as readonly number[]).includes(status)) ?? null;
}

/** The actions `actor` may take on an order in `status`, in the table's order. */
export const actionsFor = (status: number, actor: OrderActor): OrderAction[] => [...new Set(ORDER_TRANSITIONS.filter((transition) => transition.by.includes(actor) && (transition.from as readonly number[]).includes(status)).map(({ action }) => action))];

/**
 * When a confirmed order is ready: `readyIn` minutes after `now` when given; else the time it is wanted, while that is
 * still ahead (a later-today or pre-order, "ready for the scheduled time"); else null (the confirm needs minutes).
 */
export function readyAtOf(scheduled: Date | null, readyIn: number | null | undefined, now: Date): Date | null {
  if (readyIn != null) return new Date(now.getTime() + readyIn * 60_000);
  return isAhead(scheduled, now) ? scheduled : null;
}

/** Whether an order's scheduled time (scheduledFor, null for 'now') is still ahead of `now`. */
export const isAhead = (scheduled: Date | null, now: Date): scheduled is Date => scheduled !== null && scheduled.getTime() > now.getTime();

/** Whether a ready-in value can be sent: whole minutes within READY_IN_MINUTES. */
export const isReadyIn = (minutes: number): boolean => Number.isInteger(minutes) && minutes >= READY_IN_MINUTES.min && minutes <= READY_IN_MINUTES.max;

/** Whether a cancel reason can be sent: something besides spaces, at most CANCEL_REASON_MAX characters. */
export const isCancelReason = (reason: string): boolean => reason.trim() !== '' && reason.length <= CANCEL_REASON_MAX;

/**
 * What the change needs that `given` lacks ('ready_in' | 'reason'), or null when it has everything. An order wanted at a
 * time still ahead (`scheduledAhead`) may be confirmed without minutes: it is ready for that time (readyAtOf).
 */
export function missingFor(
  transition: OrderTransition,
  given: { ready_in?: number | null; reason?: string | null; scheduledAhead?: boolean },
): 'ready_in' | 'reason' | null {
  const noMinutes = given.ready_in == null && given.scheduledAhead === true;
  if (transition.needs.includes('ready_in') && !noMinutes && (given.ready_in == null || !isReadyIn(given.ready_in))) return 'ready_in';
  if (transition.needs.includes('reason') && (given.reason == null || !isCancelReason(given.reason))) return 'reason';
  return null;
}

/** The status an order has once placed, or null for a cart (1, 2) or anything unknown. */
export const asPlacedStatus = (status: number): PlacedStatus | null => ((PLACED_STATUSES as readonly number[]).includes(status) ? (status as PlacedStatus) : null);

export type { OrderStatusValue };

/** Whether /successful-payment thanks the customer for an order in `status`: placed and not canceled (a cart, a canceled order: no). */
export const isThankedFor = (status: number): boolean => status >= OrderStatus.pending && status <= OrderStatus.completed;
