import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, routeDecision, screenOf, type CheckoutEvent, type WalletView } from '@machines/checkout-machine';
import type { Bill, SelectedDelivery } from '@contract/index';
import { addressMachine } from '@machines/address-machine';
import { bill, checkoutInput, delivery, discounted, nearAddress, richWallet, savedAddresses } from './checkout-fixtures';

/** What the server keeps for a cart whose customer chose courier to address 11, WELCOME10 and the wallet. */
const kept: WalletView = { ...richWallet, bill: bill({ discount_code: 'WELCOME10', discount: 300_000, wallet: 3_050_000, payable: 0 }), wallet_in_use: true, delivery: delivery(2, 11) };

function machineWith(view: WalletView, shown: string[] = [], asked: { remove: number[] } = { remove: [] }) {
  return checkoutMachine.provide({
    actors: {
      'address book': addressMachine.provide({ actors: { 'load addresses': fromPromise(async () => savedAddresses) } }),
      'load bill': fromPromise(async () => view),
      'save delivery': fromPromise(async ({ input }: { input: { order_id: number; delivery_method: 1 | 2 | 3; address_id: number } }): Promise<SelectedDelivery> => delivery(input.delivery_method, input.address_id)),
      'apply discount': fromPromise(async () => discounted),
      'remove discount': fromPromise(async ({ input }: { input: { order_id: number } }): Promise<Bill & { message: string | null }> => (asked.remove.push(input.order_id), { ...bill(), message: null })),
      'use wallet': fromPromise(async () => view),
    },
    actions: { 'show screen': (_, { screen }) => void shown.push(screen) },
  });
}

describe('checkout machine: a reload resumes where it was', () => {
  it('Scenario: reloaded at /cart/payment, the chart lands on the payment step with the delivery, address, code and wallet the server kept', async () => {
    const actor = createActor(machineWith(kept), { input: { ...checkoutInput, resumeAt: 'payment' } }).start();
    // While the server is asked, the payment URL is the chart's (no bounce to /cart).
    expect(routeDecision(actor.getSnapshot(), 'payment')).toEqual({ allowed: true });
    await waitFor(actor, (snapshot) => snapshot.matches('payment'));
    const { context } = actor.getSnapshot();
    expect([context.method, context.addressId, context.delivery, context.bill?.discount_code, context.discountApplied, context.walletInUse]).toEqual([
      2,
      11,
      delivery(2, 11),
      'WELCOME10',
      true,
      true,
    ]);
    expect(screenOf(actor.getSnapshot())).toBe('payment');
  });

  it('Scenario: reloaded at /cart/payment before any delivery was saved: the delivery step; at /cart/address of a courier delivery: its address list, the address offered', async () => {
    const none = createActor(machineWith({ ...richWallet, delivery: null }), { input: { ...checkoutInput, resumeAt: 'payment' } }).start();
    await waitFor(none, (snapshot) => snapshot.matches('delivery'));
    const atAddress = createActor(machineWith(kept), { input: { ...checkoutInput, resumeAt: 'address' } }).start();
    await waitFor(atAddress, (snapshot) => snapshot.matches({ address: 'choosing' }));
    expect([atAddress.getSnapshot().context.method, atAddress.getSnapshot().context.addressId]).toEqual([2, nearAddress.id]);
  });

  it('Scenario: Back from payment is the address step and Forward returns to payment, one step each; the URL never passes /cart between them', async () => {
    const shown: string[] = [];
    const actor = createActor(machineWith(richWallet, shown), { input: checkoutInput }).start();
    actor.send({ type: 'delivery.select', method: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    actor.getSnapshot().children.addressBook?.send({ type: 'address.select', addressId: nearAddress.id });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    // Saving the delivery stayed on the address screen: delivery, address, payment.
    expect(shown).toEqual(['delivery', 'address', 'payment']);
    actor.send({ type: 'discount.skip' });
    actor.send({ type: 'wallet.skip' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);

    const back: CheckoutEvent = { type: 'checkout.backTo', screen: 'address' };
    actor.send(back);
    expect(screenOf(actor.getSnapshot())).toBe('address');
    actor.send({ type: 'checkout.forwardTo', screen: 'payment' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
    // Back twice: address, then delivery; Forward twice: address, then payment.
    actor.send(back);
    actor.send({ type: 'checkout.backTo', screen: 'delivery' });
    expect(screenOf(actor.getSnapshot())).toBe('delivery');
    actor.send(back);
    expect(screenOf(actor.getSnapshot())).toBe('address');
    actor.send({ type: 'checkout.forwardTo', screen: 'payment' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
  });

  it('Scenario: Forward is refused once another delivery was chosen (it must be saved first)', async () => {
    const actor = createActor(machineWith(richWallet), { input: checkoutInput }).start();
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    actor.send({ type: 'checkout.backTo', screen: 'delivery' });
    actor.send({ type: 'delivery.select', method: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    actor.send({ type: 'checkout.forwardTo', screen: 'payment' });
    expect(screenOf(actor.getSnapshot())).toBe('address');
  });
});

describe('checkout machine: the discount code', () => {
  it('Scenario: a refused code is said once (inline, no toast); a valid one clears it; an applied code can be removed and the cart forgets it', async () => {
    const toasts: unknown[] = [];
    const asked = { remove: [] as number[] };
    let attempt = 0;
    const machine = machineWith(richWallet, [], asked).provide({
      actors: {
        'apply discount': fromPromise(async () => {
          attempt += 1;
          if (attempt === 1) throw { result: 'discount_refused', message: 'کد تخفیف وجود ندارد' };
          return discounted;
        }),
      },
      actions: { notify: (_, { error }) => void toasts.push(error) },
    });
    const actor = createActor(machine, { input: checkoutInput }).start();
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    actor.send({ type: 'discount.apply', code: 'NOPE' });
    await waitFor(actor, (snapshot) => snapshot.matches('discount') && snapshot.context.failure !== null);
    expect(toasts).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'discount.remove' })).toBe(false);
    actor.send({ type: 'discount.apply', code: 'WELCOME10' });
    await waitFor(actor, (snapshot) => snapshot.matches('wallet'));
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(actor.getSnapshot().can({ type: 'discount.remove' })).toBe(true);
    actor.send({ type: 'discount.remove' });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    expect([asked.remove, actor.getSnapshot().context.bill?.discount_code, actor.getSnapshot().context.discountApplied]).toEqual([[checkoutInput.orderId], null, false]);
  });

  it('Scenario: the wallet chosen as the method when it does not cover the order is refused with its reason (the view words it at the choice)', async () => {
    const actor = createActor(machineWith({ ...richWallet, balance: 1_000 }), { input: checkoutInput }).start();
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    actor.send({ type: 'discount.skip' });
    actor.send({ type: 'wallet.skip' });
    actor.send({ type: 'payment.select', payment: 'wallet' });
    expect([actor.getSnapshot().context.payment, actor.getSnapshot().context.refusal]).toEqual([null, 'wallet_insufficient']);
    // What the customer can do: use the wallet for part of it (one step back).
    expect(actor.getSnapshot().can({ type: 'checkout.back' })).toBe(true);
  });
});
