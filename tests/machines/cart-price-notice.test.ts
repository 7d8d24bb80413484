import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Cart } from '@contract/index';
import { cartMachine } from '@machines/cart-machine';

const cartAt = (price: number, notice?: string): Cart => ({
  order: { id: 7, user_id: 1, comment: '', amount_wallet_gift: 0, ...(notice ? { price_notice: notice } : {}) },
  lines: [{ order_item_id: 1, item_id: 101, name: 'کباب کوبیده', name_en: 'Koobideh kebab', item_count: 1, price, feature: null, color: null, size: null, comment: [], item_data: {} }],
  summary: { pure_price: price, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price },
});

describe('the cart page reads the cart again (issue 32)', () => {
  it('Scenario: the cart page opens: the cart is read anew, so a changed price shows with its notice; the read after has none', async () => {
    const reads = [cartAt(1_000_000), cartAt(1_200_000, 'prices changed: Koobideh kebab'), cartAt(1_200_000)];
    let read = 0;
    const machine = cartMachine.provide({
      actors: { 'load cart': fromPromise(async () => reads[Math.min(read++, reads.length - 1)]) },
      actions: { 'go to checkout': () => {}, 'begin checkout': () => {}, 'show cart': () => {} },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(actor.getSnapshot().context.cart?.lines[0].price).toBe(1_000_000);

    expect(actor.getSnapshot().can({ type: 'cart.open' })).toBe(true);
    actor.send({ type: 'cart.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && read === 2);
    expect(actor.getSnapshot().context.cart?.lines[0].price).toBe(1_200_000);
    expect(actor.getSnapshot().context.cart?.order?.price_notice).toBe('prices changed: Koobideh kebab');

    expect(actor.getSnapshot().context.priceNotice).toBe('prices changed: Koobideh kebab');

    // A later read carries none; the notice stays until the cart page that showed it closes.
    actor.send({ type: 'cart.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && read === 3);
    expect(actor.getSnapshot().context.cart?.order?.price_notice).toBeUndefined();
    expect(actor.getSnapshot().context.priceNotice).toBe('prices changed: Koobideh kebab');
    actor.send({ type: 'cart.noticeSeen' });
    expect(actor.getSnapshot().context.priceNotice).toBeNull();
  });

  it('Scenario: a notice that came with the first read (the boot) is kept for the cart page, not lost by its reading anew', async () => {
    const machine = cartMachine.provide({
      actors: { 'load cart': fromPromise(async () => cartAt(1_200_000)) },
      actions: { 'go to checkout': () => {}, 'begin checkout': () => {}, 'show cart': () => {} },
    });
    const actor = createActor(machine, { input: { cart: cartAt(1_200_000, 'prices changed: Koobideh kebab') } }).start();
    actor.send({ type: 'cart.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(actor.getSnapshot().context.priceNotice).toBe('prices changed: Koobideh kebab');
  });
});
