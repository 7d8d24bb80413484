import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import type { Cart, Factor } from '@contract/index';
import { OrderStatus, type OrderSummary } from '@contract/entities/order';
import { cartMachine } from '@machines/cart-machine';
import type { Notice } from '@machines/notice';
import { orderMachine } from '@machines/order-machine';
import { emptyCartFixture, filledCartFixture } from './fixtures';

/** A refusal as the live actors reject: the envelope's result and the server's localised message. */
const refusal = (result: string, message: string) => ({ result, message });

/**
 * The order's chart beside the real cart chart, in one system (a stand-in app as the root): the
 * order's calls, the cart's repeat_order and the notices are stubs that record what they were asked.
 */
function start(options: { status: number; cancel?: () => Promise<unknown>; repeat?: () => Promise<Cart> }) {
  let status = options.status;
  const loads: number[] = [];
  const notices: Notice[] = [];
  const shownCarts: number[] = [];
  const order = orderMachine.provide({
    actors: {
      'load order': fromPromise(async ({ input }: { input: { id: number } }) => {
        loads.push(input.id);
        return { id: input.id, status } as Factor;
      }),
      'cancel order': fromPromise(async () => {
        await (options.cancel ?? (async () => undefined))();
        status = OrderStatus.canceled;
        return { id: 9, status } as OrderSummary;
      }),
    },
    actions: { notify: (_, notice) => void notices.push(notice) },
  });
  const cart = cartMachine.provide({
    actors: { 'repeat order': fromPromise(options.repeat ?? (async () => filledCartFixture)) },
    actions: { 'show cart': () => void shownCarts.push(1) },
  });
  const app = setup({ actors: { cart, order } }).createMachine({
    invoke: [
      { src: 'cart', id: 'cart', systemId: 'cart', input: { cart: emptyCartFixture } },
      { src: 'order', id: 'order', input: { id: 9 } },
    ],
  });
  const root = createActor(app, { systemId: 'app' }).start();
  const actor = root.getSnapshot().children.order as ReturnType<typeof createActor<typeof order>>;
  return { actor, cart: root.system.get('cart') as AnyActorRef, loads, notices, shownCarts };
}

describe('order machine', () => {
  it('Scenario: a pending order may be canceled: asked first, then canceled, told once and shown again as canceled; then cancel is refused', async () => {
    const { actor, loads, notices } = start({ status: OrderStatus.pending });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'order.cancel' })).toBe(true);
    actor.send({ type: 'order.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'askingCancel' })).toBe(true);
    actor.send({ type: 'order.dismiss' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.confirm' });
    const canceled = await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.order?.status === OrderStatus.canceled);
    expect(notices).toEqual([{ tone: 'success', id: 'order canceled' }]);
    expect(loads).toEqual([9, 9]);
    expect(canceled.can({ type: 'order.cancel' })).toBe(false);
  });

  it('Scenario: an order the store confirmed cannot be canceled (the contract\'s rule): the event changes nothing', async () => {
    const { actor, notices } = start({ status: OrderStatus.confirmedByStore });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(ready.can({ type: 'order.cancel' })).toBe(false);
    actor.send({ type: 'order.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(notices).toEqual([]);
  });

  it('Scenario: a refused cancel keeps the order as it was, says why as a failure notice and stays at the question', async () => {
    const { actor, loads, notices } = start({
      status: OrderStatus.pending,
      cancel: () => Promise.reject(refusal('status_change_refused', 'وضعیت سفارش قابل تغییر نیست')),
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'askingCancel' }));
    expect(notices).toEqual([{ tone: 'failure', error: refusal('status_change_refused', 'وضعیت سفارش قابل تغییر نیست') }]);
    expect(actor.getSnapshot().context.order?.status).toBe(OrderStatus.pending);
    expect(loads).toEqual([9]);
  });

  it('Scenario: repeat asks the cart, which fills itself and shows the cart; a refused repeat closes the question with a failure notice', async () => {
    const filled = start({ status: OrderStatus.completed });
    await waitFor(filled.actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    filled.actor.send({ type: 'order.repeat' });
    expect(filled.actor.getSnapshot().matches({ ready: 'askingRepeat' })).toBe(true);
    filled.actor.send({ type: 'order.confirm' });
    await waitFor(filled.actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(filled.shownCarts).toEqual([1]);
    expect(filled.notices).toEqual([]);

    const refused = start({ status: OrderStatus.completed, repeat: () => Promise.reject(refusal('order_other_branch', 'این سفارش در شعبه دیگری ثبت شده')) });
    await waitFor(refused.actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    refused.actor.send({ type: 'order.repeat' });
    refused.actor.send({ type: 'order.confirm' });
    expect(refused.actor.getSnapshot().matches({ ready: 'repeating' })).toBe(true);
    await waitFor(refused.actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(refused.notices).toEqual([{ tone: 'failure', error: refusal('order_other_branch', 'این سفارش در شعبه دیگری ثبت شده') }]);
    expect(refused.shownCarts).toEqual([]);
  });

  it('Scenario: a failed load offers retry', async () => {
    let fail = true;
    const order = orderMachine.provide({
      actors: {
        'load order': fromPromise(async ({ input }: { input: { id: number } }) => {
          if (fail) throw refusal('server_error', 'خطایی رخ داده');
          return { id: input.id, status: OrderStatus.pending } as Factor;
        }),
      },
    });
    const actor = createActor(order, { input: { id: 9 } }).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.failure).toMatchObject({ message: 'خطایی رخ داده' });
    fail = false;
    actor.send({ type: 'order.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
  });
});
