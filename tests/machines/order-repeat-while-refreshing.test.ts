import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Factor } from '@contract/index';
import { OrderStatus } from '@contract/entities/order';
import { orderMachine } from '@machines/order-machine';

describe('order page: «Repeat order» is taken while the order is read again', () => {
  it('Scenario: the store changes the order, and Repeat pressed during the read opens its question; the read is made again once it closes', async () => {
    const loads: (() => void)[] = [];
    const machine = orderMachine.provide({
      actors: { 'load order': fromPromise<Factor, { id: number }>(({ input }) => new Promise((resolve) => loads.push(() => resolve({ id: input.id, status: OrderStatus.completed } as Factor)))) },
    });
    const actor = createActor(machine, { input: { id: 9 } }).start();
    loads[0]();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'order.changed', orderId: 9 });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'order.repeat' })).toBe(true);
    actor.send({ type: 'order.repeat' });
    expect(actor.getSnapshot().matches({ ready: 'askingRepeat' })).toBe(true);
    actor.send({ type: 'order.dismiss' });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    expect(loads).toHaveLength(3);
    loads[2]();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
  });
});
