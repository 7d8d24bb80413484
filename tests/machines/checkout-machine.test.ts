import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, routeDecision, screenOf } from '@machines/checkout-machine';
import { canceledVerdict, checkoutInput, paidVerdict } from './checkout-fixtures';

describe('checkout machine: returning from the gateway', () => {
  it('Scenario: /successful-payment with a sep_id starts by verifying; paid shows the result', async () => {
    const asked: string[] = [];
    const machine = checkoutMachine.provide({
      actors: { 'verify payment': fromPromise(async ({ input }: { input: { sep_id: string } }) => (asked.push(input.sep_id), paidVerdict)) },
    });
    const actor = createActor(machine, { input: { ...checkoutInput, returning: { sepId: 'tok' } } });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('placed'));
    expect(asked).toEqual(['tok']);
    expect(screenOf(actor.getSnapshot())).toBe('result');
    expect(routeDecision(actor.getSnapshot(), 'payment')).toEqual({ allowed: false, redirectTo: '/successful-payment' });
  });

  it('Scenario: a canceled payment on a fresh page starts the steps again with the bank\'s message; no step by URL', async () => {
    const machine = checkoutMachine.provide({ actors: { 'verify payment': fromPromise(async () => canceledVerdict) } });
    const actor = createActor(machine, { input: { ...checkoutInput, returning: { sepId: 'tok' } } });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('delivery'));
    expect(actor.getSnapshot().context.failure).toEqual({ result: 'payment_canceled', message: 'canceled' });
    expect(actor.getSnapshot().context.attemptKey).toBeNull();
    const fresh = createActor(checkoutMachine, { input: checkoutInput });
    fresh.start();
    expect(screenOf(fresh.getSnapshot())).toBe('delivery');
    expect(routeDecision(fresh.getSnapshot(), 'payment')).toEqual({ allowed: false, redirectTo: '/cart' });
    expect(routeDecision(fresh.getSnapshot(), 'delivery')).toEqual({ allowed: true });
  });
});
