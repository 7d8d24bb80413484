import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput, type CheckoutSnapshot } from '@machines/checkout-machine';
import { checkoutInput, delivery, emptyWallet, nearAddress, savedAddresses } from './checkout-fixtures';

/**
 * Every guard refusal of the checkout chart, on the real chart with its calls stubbed by .provide():
 * the customer's steps to where the refusal can happen, then the refused event. A refusal keeps the step,
 * names its reason and calls nothing. (The steps a person takes through the chart are driven in the real
 * browser by e2e/paths/checkout.spec.ts.)
 */
function startCheckout(input: CheckoutInput = checkoutInput) {
  const calls: string[] = [];
  const stub = <T>(name: string, output: T) => fromPromise(async () => (calls.push(name), output));
  const machine = checkoutMachine.provide({
    actors: {
      'load addresses': stub('load addresses', savedAddresses),
      'save delivery': stub('save delivery', delivery(1, 0)),
      'load bill': stub('load bill', emptyWallet),
      'save address': stub('save address', nearAddress),
      'apply discount': stub('apply discount', { ...emptyWallet.bill, message: null }),
      'use wallet': stub('use wallet', emptyWallet),
      'place order': stub('place order', null),
    } as never,
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}
type Checkout = ReturnType<typeof startCheckout>;

const at = {
  delivery: async () => {},
  courierAddresses: async ({ actor }: Checkout) => {
    actor.send({ type: 'delivery.select', method: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
  },
  otherCityAddresses: async ({ actor }: Checkout) => {
    actor.send({ type: 'delivery.select', method: 3 });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
  },
  discount: async ({ actor }: Checkout) => {
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
  },
  emptyWallet: async (checkout: Checkout) => {
    await at.discount(checkout);
    checkout.actor.send({ type: 'discount.skip' });
  },
  payment: async (checkout: Checkout) => {
    await at.emptyWallet(checkout);
    checkout.actor.send({ type: 'wallet.skip' });
    expect(checkout.actor.getSnapshot().matches('payment')).toBe(true);
  },
};

const cases: { refusal: string; where: (checkout: Checkout) => Promise<void>; event: CheckoutEvent; input?: CheckoutInput }[] = [
  { refusal: 'method_unavailable', where: at.delivery, event: { type: 'delivery.select', method: 4 as 1 } },
  { refusal: 'out_of_range', where: at.courierAddresses, event: { type: 'address.select', addressId: 12 } },
  { refusal: 'address_unknown', where: at.courierAddresses, event: { type: 'address.select', addressId: 99 } },
  { refusal: 'other_city_fields', where: at.otherCityAddresses, event: { type: 'address.select', addressId: nearAddress.id } },
  { refusal: 'address_label_required', where: at.courierAddresses, event: { type: 'address.add', address: { label: '', address: 'تهران، ونک', lat: 35.7, lng: 51.4 } } },
  { refusal: 'address_short', where: at.courierAddresses, event: { type: 'address.add', address: { label: 'خانه من', address: 'ونک', lat: 35.7, lng: 51.4 } } },
  { refusal: 'lat_required', where: at.courierAddresses, event: { type: 'address.add', address: { label: 'خانه من', address: 'تهران، ونک', lat: null, lng: 51.4 } } },
  { refusal: 'discount_required', where: at.discount, event: { type: 'discount.apply', code: '   ' } },
  { refusal: 'wallet_empty', where: at.emptyWallet, event: { type: 'wallet.use' } },
  { refusal: 'wallet_insufficient', where: at.payment, event: { type: 'payment.select', payment: 'wallet' } },
  { refusal: 'payment_unavailable', where: at.payment, event: { type: 'payment.select', payment: 'wallet' }, input: { ...checkoutInput, paymentTypes: ['cash'] } },
  { refusal: 'time_invalid', where: at.payment, event: { type: 'time.select', time: '25:99' } },
  { refusal: 'payment_required', where: at.payment, event: { type: 'checkout.place' } },
];

describe('checkout machine: guard refusals', () => {
  it.each(cases.map((entry) => [entry.refusal, entry] as const))('%s keeps the step, names the reason and calls nothing', async (_name, entry) => {
    const checkout = startCheckout(entry.input);
    await entry.where(checkout);
    const before: CheckoutSnapshot = checkout.actor.getSnapshot();
    const called = [...checkout.calls];
    checkout.actor.send(entry.event);
    const after = checkout.actor.getSnapshot();
    expect(after.value).toEqual(before.value);
    expect(after.context.refusal).toBe(entry.refusal);
    expect(after.context.failure).toBeNull();
    // Nothing is called, now or after the refusal settles.
    await Promise.resolve();
    expect(checkout.calls).toEqual(called);
    checkout.actor.stop();
  });
});
