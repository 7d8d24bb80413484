import type { OrderHistoryEntry } from '@contract/entities/order';
import { isDeliveryMethod } from '@contract/enums';
import type { OrderAction } from '@contract/rules/order-lifecycle';
import type { OrderEventRow, ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import type { NewLiveEvent } from '../../repositories/live-repository';
import type { LiveEventNotice } from '../events/topics';
import { customerAudience, staffAudience } from '../live/audiences';

/** One change of a placed order's status, as its history row records it (docs/orders.md). */
export interface OrderChange {
  action: 'place' | 'expire' | OrderAction;
  from: number;
  to: number;
  actor: OrderEventRow['actor'];
  staff?: { id: number; name: string } | null;
  reason?: string;
  readyIn?: number | null;
  readyAt?: Date | null;
}

/** Besides the order's customer: whose wallets moved (their customer hears `wallet_changed`). */
export interface ChangeEffects {
  walletUserIds?: readonly number[];
}

/**
 * Writes the history row of one change and its live events, inside the change's transaction (`repos`: the
 * repositories of the shop the order was placed at, bound to that transaction): the customer's `order_status`
 * (not for a placing, which is their own doing) and `wallet_changed` for each wallet that moved, the staff's
 * `order_placed` or `order_changed` at the order's shop and at its master. Answers what to announce after commit.
 */
export async function recordOrderChange(
  repos: Repositories,
  shop: ShopRow,
  order: { id: number; userId: number | null; deliveryMethod?: number | null },
  change: OrderChange,
  effects: ChangeEffects = {},
): Promise<LiveEventNotice[]> {
  await repos.orderEvents.append(order.id, {
    action: change.action,
    fromStatus: change.from,
    toStatus: change.to,
    actor: change.actor,
    staffId: change.staff?.id ?? null,
    staffName: change.staff?.name ?? '',
    reason: change.reason ?? '',
    readyIn: change.readyIn ?? null,
  });
  const events: NewLiveEvent[] = [];
  if (order.userId !== null && change.action !== 'place') {
    events.push({
      audience: customerAudience(shop.id, order.userId),
      type: 'order_status',
      payload: {
        order_id: order.id,
        action: change.action,
        status: change.to,
        ready_at: change.readyAt?.toISOString() ?? null,
        ready_in: change.readyIn ?? null,
        reason: change.reason ?? '',
        // A sent pickup order is "ready for pickup" to its customer, a sent courier order "on its way".
        ...(isDeliveryMethod(order.deliveryMethod ?? null) ? { delivery_method: order.deliveryMethod } : {}),
      },
    });
  }
  for (const userId of new Set(effects.walletUserIds ?? [])) events.push({ audience: customerAudience(shop.id, userId), type: 'wallet_changed', payload: {} });
  const staffEvent = change.action === 'place' ? { type: 'order_placed', payload: { order_id: order.id } } : { type: 'order_changed', payload: { order_id: order.id, status: change.to } };
  return appendForStaff(repos, shop, staffEvent, events);
}

/**
 * Appends a staff event of an order placed at `shop` (`repos`: that shop's, in the caller's transaction), after
 * `others` of that shop's log: the shop's staff hear it, and its master's, whose console sees its branches' orders
 * (on its own audience, in its own log). Answers what to announce after commit.
 */
export async function appendForStaff(repos: Repositories, shop: ShopRow, staffEvent: Omit<NewLiveEvent, 'audience'>, others: readonly NewLiveEvent[] = []): Promise<LiveEventNotice[]> {
  const notices = await repos.live.append([...others, { audience: staffAudience(shop.id), ...staffEvent }]);
  if (shop.masterId !== null) {
    const master = await repos.brandShop(shop.masterId);
    if (master) notices.push(...(await master.repos.live.append([{ audience: staffAudience(master.shop.id), ...staffEvent }])));
  }
  return notices;
}

/** An order's history rows as its customer reads them (get_order_by_id): the store, the customer or the system. */
export const customerHistory = (rows: readonly OrderEventRow[]): OrderHistoryEntry[] =>
  rows.map((row) => ({
    action: row.action as OrderHistoryEntry['action'],
    status: row.toStatus,
    at: row.createdAt.toISOString(),
    by: row.actor === 'customer' ? 'customer' : row.actor === 'system' ? 'system' : 'store',
    reason: row.reason,
    ready_in: row.readyIn,
  }));
