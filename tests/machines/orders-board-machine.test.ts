import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BoardPage, OrderDetail } from '@contract/console/counter-entities';
import { OrderStatus } from '@contract/entities/order';
import { isRinging, ordersBoardMachine, RING_EVERY_MS, SEARCH_PAUSE_MS, unacceptedCount, type BoardRequest } from '@machines/console/orders-board-machine';
import { orderDetailMachine } from '@machines/console/order-detail-machine';
import { boardOrder, boardPage, orderDetail } from './board-fixtures';

/** The board with its effects stubbed: `pages` answers each orders_board in turn (the last one again after). */
function start(pages: (BoardPage | Promise<BoardPage>)[], options: { muted?: boolean; detail?: () => Promise<OrderDetail> } = {}) {
  const requests: BoardRequest[] = [];
  const rings: number[] = [];
  const muted: boolean[] = [];
  const detailLoads: number[] = [];
  let next = 0;
  const machine = ordersBoardMachine.provide({
    actors: {
      'load board': fromPromise(async ({ input }: { input: BoardRequest }) => {
        requests.push(input);
        return pages[Math.min(next++, pages.length - 1)];
      }),
      'order detail': orderDetailMachine.provide({
        actors: {
          'load order': fromPromise(async ({ input }: { input: { order_id: number } }) => {
            detailLoads.push(input.order_id);
            return (options.detail ?? (async () => orderDetail(input.order_id)))();
          }),
        },
      }),
    },
    actions: {
      ring: () => void rings.push(Date.now()),
      'persist muted': (_, params) => void muted.push(params.muted),
    },
  });
  const actor = createActor(machine, { input: { role: 'staff', muted: options.muted } }).start();
  return { actor, requests, rings, muted, detailLoads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('orders board chart', () => {
  it('reads the open orders, then again when the live channel names a new order: it shows without a reload, and the count follows', async () => {
    const first = boardPage([boardOrder(1, OrderStatus.confirmedByStore, true)]);
    const second = boardPage([boardOrder(2), boardOrder(1, OrderStatus.confirmedByStore, true)]);
    const { actor, requests } = start([first, second]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(requests[0]).toEqual({ offset: 0, length: 50 });
    expect(unacceptedCount(actor.getSnapshot())).toBe(0);

    actor.send({ type: 'orders.live', events: [{ id: 11, type: 'order_placed', order_id: 2 }], unaccepted: 1, unopened: 1 });
    await waitFor(actor, (snapshot) => snapshot.context.orders.length === 2);
    expect(actor.getSnapshot().context.orders.map((order) => order.id)).toEqual([2, 1]);
    expect(requests).toHaveLength(2);
    expect(unacceptedCount(actor.getSnapshot())).toBe(1);
  });

  it('a live answer without order events changes the counts but reads nothing again', async () => {
    const { actor, requests } = start([boardPage([])]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'orders.live', events: [], unaccepted: 3, unopened: 0 });
    expect(unacceptedCount(actor.getSnapshot())).toBe(3);
    expect(requests).toHaveLength(1);
  });

  it('rings at once and again every RING_EVERY_MS while a pending order is unopened, and stops once it is opened', async () => {
    vi.useFakeTimers();
    const { actor, rings } = start([boardPage([boardOrder(5)]), boardPage([boardOrder(5, OrderStatus.pending, true)])]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'shown' })).toBe(true));
    expect(isRinging(actor.getSnapshot())).toBe(true);
    expect(rings).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RING_EVERY_MS);
    expect(rings).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RING_EVERY_MS);
    expect(rings).toHaveLength(3);

    // Another staff member opened it: the live answer counts none unopened.
    actor.send({ type: 'orders.live', events: [], unopened: 0 });
    expect(isRinging(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(RING_EVERY_MS * 3);
    expect(rings).toHaveLength(3);
  });

  it('opening the order here silences the alert: the detail tells the board, which reads its counts again', async () => {
    const { actor, detailLoads } = start([boardPage([boardOrder(5)]), boardPage([boardOrder(5, OrderStatus.pending, true)])]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(isRinging(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'detail.open', orderId: 5 });
    await waitFor(actor, (snapshot) => !isRinging(snapshot));
    expect(detailLoads).toEqual([5]);
    expect(actor.system.get('orderDetail')).toBeDefined();
    actor.send({ type: 'detail.close' });
    expect(actor.system.get('orderDetail')).toBeUndefined();
  });

  it('muted, it does not ring; the choice is persisted, and unmuting rings again', async () => {
    const { actor, rings, muted } = start([boardPage([boardOrder(5)])], { muted: true });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(isRinging(actor.getSnapshot())).toBe(false);
    expect(rings).toHaveLength(0);
    actor.send({ type: 'alert.mute', muted: false });
    expect(isRinging(actor.getSnapshot())).toBe(true);
    expect(rings).toHaveLength(1);
    actor.send({ type: 'alert.mute', muted: true });
    expect(isRinging(actor.getSnapshot())).toBe(false);
    expect(muted).toEqual([false, true]);
  });

  it('filters are sent as the contract asks; a search waits for typing to pause and sends Western digits', async () => {
    vi.useFakeTimers();
    const { actor, requests } = start([boardPage([])]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    actor.send({ type: 'board.filter', filters: { status: OrderStatus.sent, paid: 1 } });
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toEqual({ status: OrderStatus.sent, paid: 1, offset: 0, length: 50 });

    actor.send({ type: 'board.filter', filters: { search: '۰۹۱۲' } });
    actor.send({ type: 'board.filter', filters: { search: '۰۹۱۲۳' } });
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]).toEqual({ status: OrderStatus.sent, paid: 1, search: '09123', offset: 0, length: 50 });
  });

  it('more pages append after what is shown, each order once', async () => {
    const { actor, requests } = start([boardPage([boardOrder(9), boardOrder(8)], 2), boardPage([boardOrder(8), boardOrder(7)])]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'board.more' });
    await waitFor(actor, (snapshot) => snapshot.context.orders.length === 3);
    expect(requests[1]).toMatchObject({ offset: 2 });
    expect(actor.getSnapshot().context.orders.map((order) => order.id)).toEqual([9, 8, 7]);
    expect(actor.getSnapshot().can({ type: 'board.more' })).toBe(false);
  });

  it('a live change of the order whose detail is open reads the detail again', async () => {
    const { actor, detailLoads } = start([boardPage([boardOrder(5, OrderStatus.confirmedByStore, true)])]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'detail.open', orderId: 5 });
    const detail = actor.system.get('orderDetail');
    await waitFor(detail, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'orders.live', events: [{ id: 12, type: 'order_changed', order_id: 6, status: OrderStatus.sent }] });
    actor.send({ type: 'orders.live', events: [{ id: 13, type: 'order_changed', order_id: 5, status: OrderStatus.sent }] });
    await vi.waitFor(() => expect(detailLoads).toEqual([5, 5]));
  });
});

describe("the board's branch filter", () => {
  it('Scenario: a one-shop brand with three open orders lists its one shop once (the branch filter is not offered for it)', async () => {
    const { actor } = start([boardPage([boardOrder(1), boardOrder(2), boardOrder(3)])]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(actor.getSnapshot().context.branches).toEqual([{ id: 1, name: 'شعبه', name_en: 'Branch' }]);
  });
});
