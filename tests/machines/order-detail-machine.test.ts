import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { OrderDetail } from '@contract/console/counter-entities';
import type { StaffRole } from '@contract/console/rules';
import { OrderStatus } from '@contract/entities/order';
import { askedAction, offeredActions, orderDetailMachine, scheduledAhead, type OrderChangeRequest } from '@machines/console/order-detail-machine';
import { orderDetail } from './board-fixtures';

const refused = { result: 'status_change_refused', message: 'This order cannot be changed that way now.' };

/** The detail under a parent that records what it is told; `change` answers order_change. */
function start(
  status: number,
  role: StaffRole,
  change: (input: OrderChangeRequest) => Promise<OrderDetail> = async (input) => orderDetail(input.order_id, OrderStatus.confirmedByStore),
  deliveryTime = 'now',
) {
  const changes: OrderChangeRequest[] = [];
  const told: string[] = [];
  let loads = 0;
  let current = status;
  const detail = orderDetailMachine.provide({
    actors: {
      'load order': fromPromise(async ({ input }: { input: { order_id: number } }) => {
        loads += 1;
        const detail = orderDetail(input.order_id, current);
        return { ...detail, order: { ...detail.order, delivery_time: deliveryTime } };
      }),
      'change order': fromPromise(async ({ input }: { input: OrderChangeRequest }) => {
        changes.push(input);
        return change(input);
      }),
    },
  });
  const parent = createMachine({
    invoke: { id: 'detail', src: detail, input: { orderId: 4, role } },
    on: { 'board.refresh': { actions: () => void told.push('board.refresh') } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children.detail as unknown as ReturnType<typeof createActor<typeof detail>>;
  const offered = () => {
    const lifecycle = actor.getSnapshot().context.lifecycle;
    return lifecycle ? offeredActions(lifecycle.getSnapshot()) : [];
  };
  return { actor, changes, told, offered, loads: () => loads, setStatus: (next: number) => void (current = next) };
}

describe('order detail chart', () => {
  it.each([
    [OrderStatus.pending, 'staff', ['confirm', 'cancel']],
    [OrderStatus.confirmedByStore, 'staff', ['send', 'cancel']],
    [OrderStatus.sent, 'staff', ['complete']],
    [OrderStatus.sent, 'owner', ['complete', 'cancel']],
    [OrderStatus.completed, 'owner', []],
    [OrderStatus.canceled, 'staff', []],
  ] as const)('status %i, role %s: offers exactly %j', async (status, role, actions) => {
    const { actor, offered } = start(status, role);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(offered()).toEqual(actions);
  });

  it('staff cannot start a cancel of a sent order: the chart refuses it and nothing is sent', async () => {
    const { actor, changes } = start(OrderStatus.sent, 'staff');
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'change.start', action: 'cancel' })).toBe(false);
    actor.send({ type: 'change.start', action: 'cancel' });
    expect(askedAction(actor.getSnapshot())).toBeNull();
    expect(changes).toEqual([]);
  });

  it('confirm asks its ready-in minutes: none or out of range is refused, Persian digits are taken', async () => {
    const { actor, changes, told, offered } = start(OrderStatus.pending, 'staff');
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'change.start', action: 'confirm' });
    expect(askedAction(actor.getSnapshot())).toBe('confirm');
    actor.send({ type: 'change.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'ready-in' });
    actor.send({ type: 'change.readyIn', minutes: '0' });
    actor.send({ type: 'change.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'ready-in' });
    expect(changes).toEqual([]);

    actor.send({ type: 'change.readyIn', minutes: '۲۵' });
    actor.send({ type: 'change.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(changes).toEqual([{ order_id: 4, action: 'confirm', ready_in: 25 }]);
    // The answer is the order confirmed: the chart opens again at its status.
    expect(offered()).toEqual(['send', 'cancel']);
    expect(told.length).toBeGreaterThanOrEqual(2);
  });

  it('cancel asks a reason; send needs nothing and goes at once', async () => {
    const { actor, changes } = start(OrderStatus.confirmedByStore, 'staff', async (input) => orderDetail(4, input.action === 'send' ? OrderStatus.sent : OrderStatus.canceled));
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'change.start', action: 'cancel' });
    actor.send({ type: 'change.reason', reason: '   ' });
    actor.send({ type: 'change.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'reason' });
    actor.send({ type: 'change.dismiss' });
    expect(askedAction(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'change.start', action: 'send' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(changes).toEqual([{ order_id: 4, action: 'send' }]);
  });

  it("a refusal (409) is kept with the server's words and the order is read again", async () => {
    const context = start(OrderStatus.pending, 'staff', async () => {
      throw refused;
    });
    const { actor, changes } = context;
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    // Meanwhile another staff member confirmed it.
    context.setStatus(OrderStatus.confirmedByStore);
    actor.send({ type: 'change.start', action: 'confirm' });
    actor.send({ type: 'change.readyIn', minutes: '20' });
    actor.send({ type: 'change.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && context.loads() === 2);
    expect(changes).toHaveLength(1);
    expect(actor.getSnapshot().context.problem).toMatchObject({ kind: 'server', failure: { result: 'status_change_refused', message: refused.message } });
    expect(context.offered()).toEqual(['send', 'cancel']);
  });

  it('a live change reads the order again and the actions follow its new status', async () => {
    const context = start(OrderStatus.pending, 'staff');
    await waitFor(context.actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    context.setStatus(OrderStatus.sent);
    context.actor.send({ type: 'detail.changed' });
    await waitFor(context.actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && context.loads() === 2);
    expect(context.offered()).toEqual(['complete']);
  });

  it('a live change while staff type a cancel reason keeps the form and the reason; the order is read again once they leave it', async () => {
    const context = start(OrderStatus.pending, 'staff');
    await waitFor(context.actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    context.actor.send({ type: 'change.start', action: 'cancel' });
    context.actor.send({ type: 'change.reason', reason: 'برنج تمام شده' });
    context.actor.send({ type: 'detail.changed' });
    expect(context.actor.getSnapshot().matches({ ready: 'asking' })).toBe(true);
    expect(context.actor.getSnapshot().context).toMatchObject({ action: 'cancel', reason: 'برنج تمام شده' });
    expect(context.loads()).toBe(1);
    context.setStatus(OrderStatus.confirmedByStore);
    context.actor.send({ type: 'change.dismiss' });
    await waitFor(context.actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && context.loads() === 2);
    expect(context.offered()).toEqual(['send', 'cancel']);
  });

  describe('an order wanted later (placed 27 Nov 11:30 Tehran)', () => {
    afterEach(() => void vi.useRealTimers());

    it('is confirmed "ready for its time" with no minutes while that time is ahead: no ready_in is sent', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00+03:30') });
      const { actor, changes } = start(OrderStatus.pending, 'staff', undefined, '2026-11-28 12:30');
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
      expect(scheduledAhead(actor.getSnapshot().context.detail, new Date())?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
      actor.send({ type: 'change.start', action: 'confirm' });
      actor.send({ type: 'change.submit' });
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
      expect(changes).toEqual([{ order_id: 4, action: 'confirm' }]);
    });

    it('minutes typed for it are sent as usual', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00+03:30') });
      const { actor, changes } = start(OrderStatus.pending, 'staff', undefined, '12:30');
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
      actor.send({ type: 'change.start', action: 'confirm' });
      actor.send({ type: 'change.readyIn', minutes: '۴۵' });
      actor.send({ type: 'change.submit' });
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
      expect(changes).toEqual([{ order_id: 4, action: 'confirm', ready_in: 45 }]);
    });

    it('once its time has passed, it needs minutes like an order wanted now', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T13:00:00+03:30') });
      const { actor, changes } = start(OrderStatus.pending, 'staff', undefined, '12:30');
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
      expect(scheduledAhead(actor.getSnapshot().context.detail, new Date())).toBeNull();
      actor.send({ type: 'change.start', action: 'confirm' });
      actor.send({ type: 'change.submit' });
      expect(actor.getSnapshot().context.problem).toEqual({ kind: 'ready-in' });
      expect(changes).toEqual([]);
    });
  });
});
