import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, routeDecision, screenOf, type CheckoutContext, type CheckoutEvent, type PlaceOrderInput, type WalletView } from '@machines/checkout-machine';
import type { Bill, SelectedDelivery } from '@contract/index';
import { addressMachine } from '@machines/address-machine';
import { canceledVerdict, checkoutInput, giftInUse, giftOffered, paidVerdict, placedCash, richWallet, savedAddresses } from './checkout-fixtures';

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

// Saving, editing and deleting addresses: the address chart's own tests (address-machine.test.ts).

describe('checkout machine: the one actor system (issue 10)', () => {
  it('Scenario: back from the bank after a reload, the checkout this tab left is resumed: a canceled payment lands on its payment step', async () => {
    const left = createActor(checkoutMachine, { input: checkoutInput }).start().getSnapshot().context;
    const kept = { ...left, method: 1 as const, delivery: { order_id: 7, address_id: 0, delivery_method: 1 as const, branch_name: '', type: 1, shipping: 0 }, sepId: 'old' };
    const restored: number[] = [];
    const machine = checkoutMachine.provide({
      actors: {
        'restore checkout': fromPromise(async ({ input }: { input: { orderId: number } }): Promise<CheckoutContext | null> => (restored.push(input.orderId), kept)),
        'verify payment': fromPromise(async () => canceledVerdict),
      },
    });
    const actor = createActor(machine, { input: { ...checkoutInput, returning: { sepId: 'tok' } } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('payment'));
    expect(restored).toEqual([checkoutInput.orderId]);
    expect(actor.getSnapshot().context.delivery).toEqual(kept.delivery);
    expect(actor.getSnapshot().context.failure?.result).toBe('payment_canceled');
  });

  it('Scenario: a placed order ends the checkout with its order id and tracking code, and reloads the cart', async () => {
    const reloads: string[] = [];
    const machine = checkoutMachine.provide({
      actors: { 'verify payment': fromPromise(async () => paidVerdict) },
      actions: { 'reload cart': () => void reloads.push('cart.reload') },
    });
    const actor = createActor(machine, { input: { ...checkoutInput, returning: { sepId: 'tok' } } }).start();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ orderId: paidVerdict.order_id, trackingCode: paidVerdict.tracking_code });
    expect(reloads).toEqual(['cart.reload']);
  });

  it('Scenario: the browser\'s Back to an earlier screen takes the chart there; to the address only after a delivery, never while placing', async () => {
    const machine = checkoutMachine.provide({
      actors: {
        'address book': addressMachine.provide({ actors: { 'load addresses': fromPromise(async () => savedAddresses) } }),
        'save delivery': fromPromise(async (): Promise<SelectedDelivery> => ({ order_id: 7, address_id: 0, delivery_method: 1, branch_name: '', type: 1, shipping: 0 })),
        'load bill': fromPromise(async (): Promise<WalletView> => ({ balance: 0, used: 0, gift_balance: 0, gift_used: 0, bill: { discount_code: null, shipping: 0, tax: 0, packaging: 0, total: 100, gift: 0, wallet: 0, payable: 100, pure_price: 100, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 100 } })),
      },
    });
    const actor = createActor(machine, { input: checkoutInput }).start();
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    // Pickup has no address step to go back to.
    actor.send({ type: 'checkout.backTo', screen: 'address' });
    expect(actor.getSnapshot().matches('discount')).toBe(true);
    actor.send({ type: 'discount.skip' });
    actor.send({ type: 'checkout.backTo', screen: 'delivery' });
    expect(screenOf(actor.getSnapshot())).toBe('delivery');

    actor.send({ type: 'delivery.select', method: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ address: 'choosing' }));
    actor.send({ type: 'checkout.backTo', screen: 'delivery' });
    expect(actor.getSnapshot().matches('delivery')).toBe(true);
  });
});

describe('checkout machine: the URL follows the chart (issue 29 item 4)', () => {
  it('Scenario: the chart shows each screen it moves to, and the browser\'s Back reaches it as checkout.backTo', async () => {
    const shown: string[] = [];
    let back: (screen: 'delivery' | 'address') => void = () => {};
    const machine = checkoutMachine.provide({
      actors: {
        'address book': addressMachine.provide({ actors: { 'load addresses': fromPromise(async () => savedAddresses) } }),
        'save delivery': fromPromise(async (): Promise<SelectedDelivery> => ({ order_id: 7, address_id: 0, delivery_method: 1, branch_name: '', type: 1, shipping: 0 })),
        'load bill': fromPromise(async () => richWallet),
        'browser back': fromCallback<CheckoutEvent>(({ sendBack }) => {
          back = (screen) => sendBack({ type: 'checkout.backTo', screen });
        }),
      },
      actions: { 'show screen': (_, { screen }) => void shown.push(screen) },
    });
    const actor = createActor(machine, { input: checkoutInput }).start();
    expect(shown).toEqual(['delivery']);
    actor.send({ type: 'delivery.select', method: 2 });
    expect(shown).toEqual(['delivery', 'address']);
    back('delivery');
    expect(actor.getSnapshot().matches('delivery')).toBe(true);
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    // Saving a delivery shows no screen of its own (the URL stays on the step that chose it).
    expect(shown).toEqual(['delivery', 'address', 'delivery', 'payment']);
    // Back to an address the pickup never had: not taken.
    back('address');
    expect(actor.getSnapshot().matches('discount')).toBe(true);
    back('delivery');
    expect(actor.getSnapshot().matches('delivery')).toBe(true);
  });
});

describe('checkout machine: the discount bag (spec §7 use_wallet type gift, §8 its confirmation)', () => {
  /** A pickup checkout on its wallet step, with `view` as the loaded bill; records the bag calls. */
  async function onWalletStep(view: WalletView, used: WalletView = giftInUse) {
    const calls: string[] = [];
    const machine = checkoutMachine.provide({
      actors: {
        'save delivery': fromPromise(async (): Promise<SelectedDelivery> => ({ order_id: 41, address_id: 0, delivery_method: 1, branch_name: 'کبابی', type: 0, shipping: 0 })),
        'load bill': fromPromise(async () => view),
        'use gift': fromPromise(async ({ input }: { input: { order_id: number } }) => (calls.push(`use ${input.order_id}`), used)),
        'release gift': fromPromise(async ({ input }: { input: { order_id: number } }) => (calls.push(`release ${input.order_id}`), giftOffered)),
      },
    });
    const actor = createActor(machine, { input: checkoutInput });
    actor.start();
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    actor.send({ type: 'discount.skip' });
    return { actor, calls };
  }

  it('Scenario: a bag with a balance is used on the cart, the step stays for the wallet, and it can be released', async () => {
    const { actor, calls } = await onWalletStep(giftOffered);
    expect(actor.getSnapshot().can({ type: 'gift.use' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'gift.release' })).toBe(false);
    actor.send({ type: 'gift.use' });
    await waitFor(actor, (snapshot) => snapshot.matches('wallet') && calls.length === 1);
    expect(calls).toEqual(['use 41']);
    expect(actor.getSnapshot().context.bill).toMatchObject({ gift: 1_000_000, payable: 2_350_000 });
    expect(screenOf(actor.getSnapshot())).toBe('payment');
    // In use: not asked twice; released on request.
    expect(actor.getSnapshot().can({ type: 'gift.use' })).toBe(false);
    actor.send({ type: 'gift.release' });
    await waitFor(actor, (snapshot) => snapshot.matches('wallet') && calls.length === 2);
    expect(calls).toEqual(['use 41', 'release 41']);
    expect(actor.getSnapshot().context.bill?.gift).toBe(0);
  });

  it('Scenario: an empty bag is not offered (snapshot.can is false), and a stale use changes nothing and calls nothing', async () => {
    const { actor, calls } = await onWalletStep(richWallet);
    expect(actor.getSnapshot().can({ type: 'gift.use' })).toBe(false);
    const before = actor.getSnapshot();
    actor.send({ type: 'gift.use' });
    expect(actor.getSnapshot()).toBe(before);
    expect(calls).toEqual([]);
  });

  it('Scenario: paying by wallet needs the wallet to cover only what the bag leaves', async () => {
    const { actor } = await onWalletStep({ ...giftOffered, balance: 2_350_000 }, { ...giftInUse, balance: 2_350_000 });
    expect(actor.getSnapshot().context.balance).toBe(2_350_000);
    actor.send({ type: 'gift.use' });
    await waitFor(actor, (snapshot) => snapshot.matches('wallet') && snapshot.context.bill?.gift === 1_000_000);
    actor.send({ type: 'wallet.skip' });
    actor.send({ type: 'payment.select', payment: 'wallet' });
    expect(actor.getSnapshot().context).toMatchObject({ payment: 'wallet', refusal: null });
  });
});

describe('checkout machine: an in-store visit (issue 28 item 16)', () => {
  it('Scenario: a checkout of an in-store visit places the order with internal_order 1; any other with 0', async () => {
    const placedWith = async (internalOrder: boolean | undefined) => {
      const inputs: PlaceOrderInput[] = [];
      const machine = checkoutMachine.provide({
        actors: {
          'save delivery': fromPromise(async (): Promise<SelectedDelivery> => ({ order_id: 41, address_id: 0, delivery_method: 1, branch_name: 'کبابی', type: 0, shipping: 0 })),
          'load bill': fromPromise(async () => richWallet),
          'place order': fromPromise(async ({ input }: { input: PlaceOrderInput }) => (inputs.push(input), placedCash)),
        },
      });
      const actor = createActor(machine, { input: { ...checkoutInput, internalOrder } });
      actor.start();
      actor.send({ type: 'delivery.select', method: 1 });
      await waitFor(actor, (snapshot) => snapshot.matches('discount'));
      actor.send({ type: 'discount.skip' });
      actor.send({ type: 'wallet.skip' });
      actor.send({ type: 'payment.select', payment: 'cash' });
      actor.send({ type: 'checkout.place' });
      await waitFor(actor, (snapshot) => snapshot.matches('placed'));
      return inputs.map((input) => input.internal_order);
    };
    expect(await placedWith(true)).toEqual([1]);
    expect(await placedWith(false)).toEqual([0]);
    expect(await placedWith(undefined)).toEqual([0]);
  });
});

describe('checkout machine: failed calls are told (spec §8, issue 28 item 18)', () => {
  it('Scenario: a call the server refuses is notified with its message; a guard\'s refusal of the form is not', async () => {
    const told: string[] = [];
    const machine = checkoutMachine.provide({
      actors: {
        'save delivery': fromPromise(async (): Promise<SelectedDelivery> => ({ order_id: 41, address_id: 0, delivery_method: 1, branch_name: 'کبابی', type: 0, shipping: 0 })),
        'load bill': fromPromise(async () => richWallet),
        'apply discount': fromPromise(async (_: { input: { order_id: number; discount: string } }): Promise<Bill & { message: string | null }> => {
          throw { result: 'discount_refused', message: 'کد تخفیف وجود ندارد' };
        }),
      },
      actions: { notify: (_, params) => void told.push((params as { error: { message: string } }).error.message) },
    });
    const actor = createActor(machine, { input: checkoutInput });
    actor.start();
    actor.send({ type: 'delivery.select', method: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('discount'));
    actor.send({ type: 'discount.apply', code: '  ' });
    expect(actor.getSnapshot().context.refusal).toBe('discount_required');
    expect(told).toEqual([]);
    actor.send({ type: 'discount.apply', code: 'NOSUCHCODE' });
    await waitFor(actor, (snapshot) => snapshot.matches('discount') && snapshot.context.failure !== null);
    // A refused code is said once, at the field (context.failure), not as a toast besides.
    expect(told).toEqual([]);
    expect(actor.getSnapshot().context.failure).toEqual({ result: 'discount_refused', message: 'کد تخفیف وجود ندارد', data: undefined });
  });
});
