import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, closedNow, preorderDayBounds, type CheckoutInput, type PlaceOrderInput } from '@machines/checkout-machine';
import { checkoutInput, checkoutShop, delivery, emptyWallet, placedCash } from './checkout-fixtures';

// 12:00 in Tehran on 1 June 2025; the fixtures' shop is open around the clock, as the grocery is.
const NOON = new Date('2025-06-01T08:30:00Z');

/** A pickup checkout on its payment step, cash chosen, recording what final_order is asked. */
async function onPaymentStep(shop: CheckoutInput['shop'] = checkoutShop) {
  const placed: PlaceOrderInput[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      'save delivery': fromPromise(async () => delivery(1, 0)),
      'load bill': fromPromise(async () => emptyWallet),
      'place order': fromPromise(async ({ input }: { input: PlaceOrderInput }) => (placed.push(input), placedCash)),
    },
  });
  const actor = createActor(machine, { input: { ...checkoutInput, shop } });
  actor.start();
  actor.send({ type: 'delivery.select', method: 1 });
  await waitFor(actor, (snapshot) => snapshot.matches('discount'));
  actor.send({ type: 'discount.skip' });
  actor.send({ type: 'wallet.skip' });
  actor.send({ type: 'payment.select', payment: 'cash' });
  expect(actor.getSnapshot().matches('payment')).toBe(true);
  return { actor, placed };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
});
afterEach(() => vi.useRealTimers());

describe('checkout machine: the delivery time the customer chose is never replaced', () => {
  it('Scenario: "later today" at a time already past is kept as chosen, refused as passed (not outside the hours), and nothing can be placed', async () => {
    const { actor, placed } = await onPaymentStep();
    actor.send({ type: 'time.select', timing: 'later', clock: '11:30' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.time).toBe('11:30');
    expect(snapshot.context.timeProblem).toBe('preorder_past');
    expect(snapshot.can({ type: 'checkout.place' })).toBe(false);
    actor.send({ type: 'checkout.place' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
    expect(placed).toEqual([]);
  });

  it('Scenario: "later today" with no time yet is not "now": a time is asked for and nothing is placed', async () => {
    const { actor, placed } = await onPaymentStep();
    actor.send({ type: 'time.select', timing: 'later', clock: '' });
    expect(actor.getSnapshot().context.timeProblem).toBe('time_required');
    expect(actor.getSnapshot().can({ type: 'checkout.place' })).toBe(false);
    actor.send({ type: 'checkout.place' });
    expect(placed).toEqual([]);
  });

  it('Scenario: a time fine when chosen but past when placing is refused at placing, not placed as "now"', async () => {
    const { actor, placed } = await onPaymentStep();
    actor.send({ type: 'time.select', timing: 'later', clock: '12:10' });
    expect(actor.getSnapshot().context.timeProblem).toBeNull();
    vi.setSystemTime(new Date('2025-06-01T08:45:00Z')); // 12:15
    // The click is taken, and refused with the time's problem; placing is then no longer offered.
    actor.send({ type: 'checkout.place' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
    expect(actor.getSnapshot().context.timeProblem).toBe('preorder_past');
    expect(actor.getSnapshot().can({ type: 'checkout.place' })).toBe(false);
    expect(placed).toEqual([]);
  });

  it('Scenario: a pre-order past the shop\'s horizon is refused as too far; one within it is placed as chosen; the date field is offered today to the last day', async () => {
    const { actor, placed } = await onPaymentStep({ ...checkoutShop, shift_data: { ...checkoutShop.shift_data, preorder_days: 2 } });
    expect(preorderDayBounds(actor.getSnapshot())).toEqual({ first: '2025-06-01', last: '2025-06-03' });
    actor.send({ type: 'time.select', timing: 'preorder', day: '2025-06-04', clock: '12:00' });
    expect(actor.getSnapshot().context.timeProblem).toBe('preorder_too_far');
    expect(actor.getSnapshot().can({ type: 'checkout.place' })).toBe(false);
    actor.send({ type: 'time.select', timing: 'preorder', day: '2025-06-03', clock: '12:00' });
    expect(actor.getSnapshot().context.timeProblem).toBeNull();
    expect(actor.getSnapshot().can({ type: 'checkout.place' })).toBe(true);
    actor.send({ type: 'checkout.place' });
    await waitFor(actor, (snapshot) => snapshot.matches('placed'));
    expect(placed.map((input) => input.preordertime)).toEqual(['2025-06-03 12:00']);
  });

  it('Scenario: "pre-order" with a day but no time yet is not "now" (the chart makes the time of the parts); closedNow says whether now is refused', async () => {
    const { actor, placed } = await onPaymentStep({ ...checkoutShop, shift_data: { ...checkoutShop.shift_data, preorder_days: 2 } });
    actor.send({ type: 'time.select', timing: 'preorder', day: '2025-06-02', clock: '' });
    expect(actor.getSnapshot().context).toMatchObject({ time: '', timeProblem: 'time_required' });
    actor.send({ type: 'checkout.place' });
    expect(placed).toEqual([]);
    expect(closedNow(actor.getSnapshot())).toBe(false);
    const closed = await onPaymentStep({ ...checkoutShop, shift_data: { ...checkoutShop.shift_data, open: false } });
    expect(closedNow(closed.actor.getSnapshot())).toBe(true);
  });
});
