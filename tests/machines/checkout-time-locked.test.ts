import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type PlacedOrder, type PlaceOrderInput } from '@machines/checkout-machine';
import { checkoutInput, delivery, emptyWallet } from './checkout-fixtures';

const NOON = new Date('2025-06-01T08:30:00Z');

/** A pickup checkout on its payment step, cash and 12:30 chosen; placing waits for `answer`. */
async function placingWith(answer: () => Promise<never>) {
  const placed: PlaceOrderInput[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      'save delivery': fromPromise(async () => delivery(1, 0)),
      'load bill': fromPromise(async () => emptyWallet),
      'place order': fromPromise<PlacedOrder, PlaceOrderInput>(async ({ input }) => (placed.push(input), answer())),
    },
  });
  const actor = createActor(machine, { input: checkoutInput });
  actor.start();
  actor.send({ type: 'delivery.select', method: 1 });
  await waitFor(actor, (snapshot) => snapshot.matches('discount'));
  actor.send({ type: 'discount.skip' });
  actor.send({ type: 'wallet.skip' });
  actor.send({ type: 'payment.select', payment: 'cash' });
  actor.send({ type: 'time.select', timing: 'later', clock: '12:30' });
  actor.send({ type: 'checkout.place' });
  return { actor, placed };
}

const laterTime = { type: 'time.select', timing: 'later', clock: '13:00' } as const;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
});
afterEach(() => vi.useRealTimers());

describe('checkout machine: the time and the payment are offered only where the chart takes them', () => {
  it('Scenario: while the order is being placed, no time or payment can be chosen (the view disables them)', async () => {
    const { actor } = await placingWith(() => new Promise<never>(() => {}));
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('placing')).toBe(true);
    expect(snapshot.can(laterTime)).toBe(false);
    expect(snapshot.can({ type: 'payment.select', payment: 'card_reader' })).toBe(false);
  });

  it('Scenario: after a failed placing, «Try again» places the time shown; another time is chosen after «Change the order»', async () => {
    const { actor, placed } = await placingWith(() => Promise.reject(new Error('offline')));
    await waitFor(actor, (snapshot) => snapshot.matches('placeFailed'));
    expect(actor.getSnapshot().can(laterTime)).toBe(false);
    expect(actor.getSnapshot().can({ type: 'payment.select', payment: 'card_reader' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'checkout.retry' })).toBe(true);
    actor.send({ type: 'checkout.edit' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
    expect(actor.getSnapshot().can(laterTime)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'payment.select', payment: 'card_reader' })).toBe(true);
    actor.send(laterTime);
    actor.send({ type: 'checkout.place' });
    await waitFor(actor, (snapshot) => snapshot.matches('placeFailed'));
    expect(placed.map((input) => input.preordertime)).toEqual(['12:30', '13:00']);
  });
});
