import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import type { Cart, CartLine } from '@contract/index';
import { cartMachine, type CartChange, type CartReply, type CheckoutTicket } from '@machines/cart-machine';

const line = (id: number, count: number): CartLine => ({
  order_item_id: id,
  item_id: 100 + id,
  name: 'کباب کوبیده',
  name_en: 'Koobideh kebab',
  item_count: count,
  price: 1_450_000,
  feature: null,
  color: null,
  size: null,
  comment: [],
  item_data: {},
});
const cartWith = (...lines: CartLine[]): Cart => ({
  order: lines.length ? { id: 7, user_id: 1, comment: '', amount_wallet_gift: 0 } : null,
  lines,
  summary: { pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 },
});

function start(initial: Cart, options: { check?: () => Promise<CheckoutTicket>; change?: (change: CartChange) => Promise<Cart> } = {}) {
  const changes: CartChange[] = [];
  const navigations: number[] = [];
  let current = initial;
  const machine = cartMachine.provide({
    actors: {
      'load cart': fromPromise(async () => current),
      'change cart': fromPromise(async ({ input }: { input: CartChange }) => {
        changes.push(input);
        if (options.change) return options.change(input);
        if (input.operation === 1) current = cartWith(...current.lines, line(current.lines.length + 1, input.count));
        else if (input.operation === 3) current = cartWith(...current.lines.filter((entry) => entry.order_item_id !== input.order_item_id));
        else current = cartWith(...current.lines.map((entry) => (entry.order_item_id === input.order_item_id ? { ...entry, item_count: input.count } : entry)));
        return current;
      }),
      'save comment': fromPromise(async ({ input }: { input: { order_id: number; comment: string } }) => input),
      'check cart': fromPromise(options.check ?? (async () => ({ order_id: 7, pure_price: 2_900_000, min_order: 1_000_000, payment_types: ['cash' as const] }))),
      'repeat order': fromPromise(async ({ input }: { input: { id: number } }) => {
        current = cartWith(line(input.id, 3));
        return current;
      }),
    },
    actions: { 'go to checkout': ({ context }) => void navigations.push(context.ticket?.order_id ?? 0), 'begin checkout': () => {}, 'show cart': () => void navigations.push(-1) },
  });
  const actor = createActor(machine, { input: {} });
  actor.start();
  return { actor, changes, navigations };
}

describe('cart machine', () => {
  it('Scenario: add, change the count and remove go through cart_controller with operations 1, 2 and 3', async () => {
    const { actor, changes } = start(cartWith());
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'cart.add', line: { item_id: 101, count: 2, feature_name: 'با گوجه کبابی' } });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.cart?.lines.length === 1);
    actor.send({ type: 'cart.setCount', orderItemId: 1, count: 5 });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.cart?.lines[0].item_count === 5);
    actor.send({ type: 'cart.remove', orderItemId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.cart?.lines.length === 0);
    expect(changes).toEqual([
      { operation: 1, item_id: 101, count: 2, feature_name: 'با گوجه کبابی' },
      { operation: 2, order_item_id: 1, count: 5, seen_count: 2 },
      { operation: 3, order_item_id: 1 },
    ]);
  });

  it('Scenario: guards refuse a zero count, an unknown line and checking out an empty cart: not taken, the server not called', async () => {
    const { actor, changes } = start(cartWith(line(1, 1)));
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    const before = actor.getSnapshot();
    actor.send({ type: 'cart.setCount', orderItemId: 1, count: 0 });
    actor.send({ type: 'cart.remove', orderItemId: 99 });
    actor.send({ type: 'cart.add', line: { item_id: 1, count: 1000 } });
    expect(actor.getSnapshot()).toBe(before);
    expect(changes).toEqual([]);
    actor.send({ type: 'cart.remove', orderItemId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.cart?.lines.length === 0);
    expect(actor.getSnapshot().can({ type: 'cart.checkout' })).toBe(false);
    actor.send({ type: 'cart.checkout' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('Scenario: modal_min_order_show opens the minimum-order dialog and leaves the cart as it was', async () => {
    const cart = cartWith(line(1, 1));
    const { actor, navigations } = start(cart, {
      check: async () => {
        throw { result: 'modal_min_order_show', message: 'حداقل مبلغ سفارش ۱۰۰٬۰۰۰ تومان است.', data: { min_order: 1_000_000, pure_price: 250_000 } };
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'cart.checkout' });
    await waitFor(actor, (snapshot) => snapshot.matches('minimumOrder'));
    expect(actor.getSnapshot().context.minOrder).toEqual({ min_order: 1_000_000, pure_price: 250_000 });
    expect(actor.getSnapshot().context.cart).toEqual(cart);
    actor.send({ type: 'cart.add', line: { item_id: 1, count: 1 } });
    expect(actor.getSnapshot().matches('minimumOrder')).toBe(true);
    actor.send({ type: 'cart.dismiss' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.minOrder).toBeNull();
    expect(navigations).toEqual([]);
  });

  it('Scenario: a cart that passes order_controler goes to checkout with its ticket', async () => {
    const { actor, navigations } = start(cartWith(line(1, 2)));
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'cart.comment', comment: 'بدون پیاز' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.cart?.order?.comment === 'بدون پیاز');
    actor.send({ type: 'cart.checkout' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(navigations).toEqual([7]);
    expect(actor.getSnapshot().context.ticket?.payment_types).toEqual(['cash']);
  });

  it('Scenario: a line added by a page is answered: cart.added with the cart after the server took it, cart.refused with its message', async () => {
    const replies: CartReply[] = [];
    const page = createActor(fromCallback<CartReply>(({ receive }) => receive((reply) => void replies.push(reply)))).start() as AnyActorRef;
    const { actor } = start(cartWith(), {
      change: async (change) => {
        if (change.operation === 1 && change.size_name === '30 سانتی‌متر') throw { result: 'invalid_input', message: '«30 سانتی‌متر» برای این محصول وجود ندارد' };
        return cartWith(line(1, 1));
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'cart.add', line: { item_id: 9, count: 1, size_name: '30 سانتی‌متر' }, replyTo: page });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.requester === null);
    expect(replies).toEqual([{ type: 'cart.refused', failure: { result: 'invalid_input', message: '«30 سانتی‌متر» برای این محصول وجود ندارد', data: undefined } }]);
    expect(actor.getSnapshot().context.cart?.lines).toEqual([]);
    actor.send({ type: 'cart.add', line: { item_id: 9, count: 1, size_name: '۳۰ سانتی‌متر' }, replyTo: page });
    await waitFor(actor, () => replies.length === 2);
    expect(replies[1]).toEqual({ type: 'cart.added', cart: cartWith(line(1, 1)) });
  });

  it('Scenario: a line arriving while the cart is busy is refused at once (cart_busy), never left unanswered', async () => {
    const replies: CartReply[] = [];
    const page = createActor(fromCallback<CartReply>(({ receive }) => receive((reply) => void replies.push(reply)))).start() as AnyActorRef;
    let release: () => void = () => {};
    const { actor } = start(cartWith(line(1, 1)), { change: () => new Promise((resolve) => (release = () => resolve(cartWith(line(1, 2))))) });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'cart.setCount', orderItemId: 1, count: 2 });
    expect(actor.getSnapshot().matches('changing')).toBe(true);
    actor.send({ type: 'cart.add', line: { item_id: 9, count: 1 }, replyTo: page });
    expect(replies).toEqual([{ type: 'cart.refused', failure: { result: 'cart_busy', message: '' } }]);
    release();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
  });

  it('Scenario: snapshot.can tells the truth: a refused count or an unknown line is not offered, an allowed one is, and a checked cart is edited again', async () => {
    const { actor } = start(cartWith(line(1, 1)));
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'cart.setCount', orderItemId: 1, count: 0 })).toBe(false);
    expect(snapshot.can({ type: 'cart.setCount', orderItemId: 1, count: 2 })).toBe(true);
    expect(snapshot.can({ type: 'cart.setCount', orderItemId: 1, count: 1000 })).toBe(false);
    expect(snapshot.can({ type: 'cart.remove', orderItemId: 99 })).toBe(false);
    expect(snapshot.can({ type: 'cart.remove', orderItemId: 1 })).toBe(true);
    expect(snapshot.can({ type: 'cart.edit' })).toBe(false);
    actor.send({ type: 'cart.checkout' });
    await waitFor(actor, (next) => next.matches('ready'));
    actor.send({ type: 'cart.edit' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('Scenario: repeating an archived order puts its lines in this cart and shows the cart (one cart, no second copy)', async () => {
    const { actor, navigations } = start(cartWith());
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'cart.repeat', orderId: 4 });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && (snapshot.context.cart?.lines.length ?? 0) > 0);
    expect(actor.getSnapshot().context.cart?.lines[0]).toMatchObject({ order_item_id: 4, item_count: 3 });
    expect(navigations).toEqual([-1]);
  });

  it('Scenario: the checkout ticket is handed to the app, which starts the checkout (sendTo the system\'s app)', async () => {
    const begun: unknown[] = [];
    const app = setup({ actors: { cart: cartMachine.provide({ actors: { 'check cart': fromPromise(async (): Promise<CheckoutTicket> => ({ order_id: 7, pure_price: 1, min_order: 0, payment_types: ['cash'] })) }, actions: { 'go to checkout': () => {} } }) } }).createMachine({
      invoke: { src: 'cart', id: 'cart', systemId: 'cart', input: { cart: cartWith(line(1, 1)) } },
      on: { 'checkout.begin': { actions: ({ event }) => void begun.push(event) } },
    });
    const root = createActor(app, { systemId: 'app' }).start();
    const cart = root.system.get('cart') as AnyActorRef;
    cart.send({ type: 'cart.checkout' });
    await waitFor(cart, (snapshot) => snapshot.matches('ready'));
    expect(begun).toEqual([{ type: 'checkout.begin', ticket: { order_id: 7, pure_price: 1, min_order: 0, payment_types: ['cash'] }, resumeAt: null }]);
  });
});
