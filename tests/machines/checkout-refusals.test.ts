import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput, type CheckoutSnapshot } from '@machines/checkout-machine';
import { checkoutInput, delivery, emptyWallet, placedCash } from './checkout-fixtures';

/**
 * Every guard refusal of the checkout chart, on the real chart with its calls stubbed by .provide(): the
 * customer's steps to where the refusal can happen, then the refused event. snapshot.can tells the truth:
 * an event the chart does not take is not offered (can false, the control is disabled) and changes nothing;
 * a refusal the view words (refusal set) is offered, keeps the step and calls nothing. The address step's
 * refusals are its own chart's (tests/machines/address-machine.test.ts); the steps a person takes through
 * the chart are driven in the browser by e2e/paths/checkout.spec.ts.
 */
function startCheckout(input: CheckoutInput = checkoutInput) {
  const calls: string[] = [];
  const stub = <T>(name: string, output: T) => fromPromise(async () => (calls.push(name), output));
  const machine = checkoutMachine.provide({
    actors: {
      'save delivery': stub('save delivery', delivery(1, 0)),
      'load bill': stub('load bill', emptyWallet),
      'apply discount': stub('apply discount', { ...emptyWallet.bill, message: null }),
      'use wallet': stub('use wallet', emptyWallet),
      'use gift': stub('use gift', emptyWallet),
      'release gift': stub('release gift', emptyWallet),
      'place order': stub('place order', placedCash),
    } as never,
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}
type Checkout = ReturnType<typeof startCheckout>;

// 12:00 in Tehran; the fixtures' shop is open around the clock.
const NOON = new Date('2025-06-01T08:30:00Z');

/** A new customer's steps, by pickup: an empty wallet and discount bag. */
const at = {
  delivery: async () => {},
  discount: async ({ actor }: Checkout) => {
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
  },
  emptyWallet: async (checkout: Checkout) => {
    await at.discount(checkout);
    checkout.actor.send({ type: 'discount.skip' });
    expect(checkout.actor.getSnapshot().matches('wallet')).toBe(true);
  },
  payment: async (checkout: Checkout) => {
    await at.emptyWallet(checkout);
    checkout.actor.send({ type: 'wallet.skip' });
    expect(checkout.actor.getSnapshot().matches('payment')).toBe(true);
  },
  // Cash and a time fine when chosen (12:10), then the clock passes it (12:15).
  paymentWithPassedTime: async (checkout: Checkout) => {
    await at.payment(checkout);
    checkout.actor.send({ type: 'payment.select', payment: 'cash' });
    checkout.actor.send({ type: 'time.select', timing: 'later', clock: '12:10' });
    expect(checkout.actor.getSnapshot().context.timeProblem).toBeNull();
    vi.setSystemTime(new Date('2025-06-01T08:45:00Z'));
  },
};

/** refusal null: the chart does not take the event there (not offered). */
const cases: { name: string; refusal: string | null; where: (checkout: Checkout) => Promise<void>; event: CheckoutEvent; input?: CheckoutInput }[] = [
  { name: 'a method the shop does not offer', refusal: null, where: at.delivery, event: { type: 'delivery.select', method: 4 as 1 } },
  { name: "the browser's Back to an address after pickup", refusal: null, where: at.discount, event: { type: 'checkout.backTo', screen: 'address' } },
  { name: 'an empty discount code', refusal: 'discount_required', where: at.discount, event: { type: 'discount.apply', code: '   ' } },
  { name: 'an empty wallet used', refusal: null, where: at.emptyWallet, event: { type: 'wallet.use' } },
  { name: 'an empty discount bag used', refusal: null, where: at.emptyWallet, event: { type: 'gift.use' } },
  { name: 'a discount bag not in use released', refusal: null, where: at.emptyWallet, event: { type: 'gift.release' } },
  { name: 'the wallet chosen to pay more than it holds', refusal: 'wallet_insufficient', where: at.payment, event: { type: 'payment.select', payment: 'wallet' } },
  { name: 'a payment type the shop does not take', refusal: 'payment_unavailable', where: at.payment, event: { type: 'payment.select', payment: 'wallet' }, input: { ...checkoutInput, paymentTypes: ['cash'] } },
  { name: 'a time that does not exist', refusal: 'time_invalid', where: at.payment, event: { type: 'time.select', timing: 'later', clock: '25:99' } },
  { name: 'placing with no payment chosen', refusal: null, where: at.payment, event: { type: 'checkout.place' } },
  { name: 'placing at a time the clock has passed', refusal: 'time_invalid', where: at.paymentWithPassedTime, event: { type: 'checkout.place' } },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
});
afterEach(() => vi.useRealTimers());

describe('checkout machine: guard refusals', () => {
  it.each(cases.map((entry) => [`${entry.name} (${entry.refusal ?? 'not offered'})`, entry] as const))('%s keeps the step and calls nothing', async (_name, entry) => {
    const checkout = startCheckout(entry.input);
    await entry.where(checkout);
    const before: CheckoutSnapshot = checkout.actor.getSnapshot();
    const called = [...checkout.calls];
    // The control is enabled only for a refusal the chart words.
    expect(before.can(entry.event)).toBe(entry.refusal !== null);
    checkout.actor.send(entry.event);
    const after = checkout.actor.getSnapshot();
    expect(after.value).toEqual(before.value);
    if (entry.refusal === null) expect(after.context).toEqual(before.context);
    else expect(after.context).toMatchObject({ refusal: entry.refusal, failure: null });
    // Nothing is called, now or after the refusal settles.
    await Promise.resolve();
    expect(checkout.calls).toEqual(called);
    checkout.actor.stop();
  });
});
