import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Cart, CartLine } from '@contract/index';
import { cartMachine, type CartChange, type CheckoutTicket } from '@machines/cart-machine';

const line = (id: number, count: number): CartLine => ({
  order_item_id: id,
  item_id: 100 + id,
  name: 'سیب‌زمینی سرخ‌کرده',
  name_en: 'French fries',
  item_count: count,
  price: 450_000,
  feature: null,
  color: null,
  size: null,
  comment: [],
  item_data: {},
});
const cartWith = (...lines: CartLine[]): Cart => ({
  order: { id: 7, user_id: 1, comment: '', amount_wallet_gift: 0 },
  lines,
  summary: { pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 },
});

/** One account's cart on the server, written by two tabs: each tab's chart talks to it as the real server would. */
function server(count: number) {
  const state = { count, loads: 0 };
  const change = async (input: CartChange): Promise<Cart> => {
    if (input.operation !== 2) throw new Error('not used');
    // The server's rule: a count set from a stale view is refused with the fresh cart.
    if (input.seen_count !== undefined && input.seen_count !== state.count) {
      throw { result: 'cart_stale', message: 'سبد خرید شما در صفحه یا دستگاه دیگری تغییر کرده است', data: cartWith(line(1, state.count)) };
    }
    state.count = input.count;
    return cartWith(line(1, state.count));
  };
  const tab = (check?: () => Promise<CheckoutTicket>) =>
    createActor(
      cartMachine.provide({
        actors: {
          'load cart': fromPromise(async () => (state.loads++, cartWith(line(1, state.count)))),
          'change cart': fromPromise(({ input }: { input: CartChange }) => change(input)),
          'check cart': fromPromise(check ?? (async () => ({ order_id: 7, pure_price: 0, min_order: 0, payment_types: ['cash' as const] }))),
        },
        actions: { 'begin checkout': () => {} },
      }),
      { input: { cart: cartWith(line(1, state.count)) } },
    ).start();
  return { state, tab };
}

const shows = (actor: ReturnType<ReturnType<typeof server>['tab']>) => actor.getSnapshot().context.cart?.lines[0]?.item_count;

describe('cart machine: two tabs of one account', () => {
  it('Scenario: A raises 1 → 3; B, still showing 1, presses +: refused, B shows the fresh 3 and why; its next + makes 4', async () => {
    const { state, tab } = server(1);
    const a = tab();
    const b = tab();
    a.send({ type: 'cart.setCount', orderItemId: 1, count: 2 });
    await waitFor(a, (snapshot) => snapshot.matches('idle') && shows(a) === 2);
    a.send({ type: 'cart.setCount', orderItemId: 1, count: 3 });
    await waitFor(a, (snapshot) => snapshot.matches('idle') && shows(a) === 3);
    expect(shows(b)).toBe(1);
    b.send({ type: 'cart.setCount', orderItemId: 1, count: 2 });
    await waitFor(b, (snapshot) => snapshot.matches('idle') && snapshot.context.failure !== null);
    expect([state.count, shows(b), b.getSnapshot().context.failure?.result]).toEqual([3, 3, 'cart_stale']);
    b.send({ type: 'cart.setCount', orderItemId: 1, count: 4 });
    await waitFor(b, (snapshot) => snapshot.matches('idle') && shows(b) === 4);
    expect([state.count, b.getSnapshot().context.failure]).toEqual([4, null]);
  });

  it('Scenario: the live channel\'s cart_changed has an idle tab read its cart again, its lines shown and its changes offered meanwhile; a busy tab reads it once idle', async () => {
    const { state, tab } = server(1);
    const b = tab();
    state.count = 3;
    b.send({ type: 'cart.changedElsewhere' });
    expect(b.getSnapshot().matches({ idle: 'refreshing' })).toBe(true);
    expect(b.getSnapshot().can({ type: 'cart.setCount', orderItemId: 1, count: 2 })).toBe(true);
    await waitFor(b, (snapshot) => snapshot.matches({ idle: 'still' }));
    expect(shows(b)).toBe(3);
    // News during a change: read again after it.
    b.send({ type: 'cart.setCount', orderItemId: 1, count: 4 });
    b.send({ type: 'cart.changedElsewhere' });
    state.count = 9;
    const loads = state.loads;
    await waitFor(b, (snapshot) => snapshot.matches({ idle: 'still' }) && shows(b) === 9);
    expect(state.loads).toBe(loads + 1);
  });

  it('Scenario: a guest\'s continue answered login_required leaves no failure to toast (the session asks them to log in)', async () => {
    const { tab } = server(1);
    const guest = tab(async () => {
      throw { result: 'login_required', message: 'لطفا وارد شوید' };
    });
    guest.send({ type: 'cart.checkout' });
    await waitFor(guest, (snapshot) => snapshot.matches('idle'));
    expect(guest.getSnapshot().context.failure).toBeNull();
  });
});
