import { createActor, fromPromise } from 'xstate';
import type { Cart } from '@contract/index';
import { cartMachine, type CartChange } from '@machines/cart-machine';
import type { RequestOf } from '@contract/api';
import { call } from '@/api/client';
import { viaApi } from '@/api/failure';
import type { AppActor } from '@/ui/app-actor';
import type { CartActor } from '@/ui/cart-actor';

/** cart_controller's fields from the machine's change: option choices travel as JSON. */
function changeFields(change: CartChange): RequestOf<'cart_controller'> {
  if (change.operation !== 1) return change;
  const { newoptions, ...rest } = change;
  return { ...rest, ...(newoptions && newoptions.length > 0 ? { newoptions: JSON.stringify(newoptions) } : {}) };
}

/** The cart machine with the real effects; `navigate` is the router's (known once the app is ready). */
export function liveCartMachine(navigate: (path: string) => void) {
  return cartMachine.provide({
    actors: {
      'load cart': fromPromise(() => viaApi(call('get_cart', {}))),
      'change cart': fromPromise(({ input }: { input: CartChange }) => viaApi(call('cart_controller', changeFields(input)))),
      'save comment': fromPromise(({ input }: { input: { order_id: number; comment: string } }) => viaApi(call('save_comment', input))),
      'check cart': fromPromise(({ input }: { input: { order_id: number } }) => viaApi(call('order_controler', input.order_id ? input : {}))),
    },
    actions: {
      // The checkout starts at /cart (its delivery step); the route reads the ticket from this actor.
      'go to checkout': () => setTimeout(() => navigate('/cart'), 0),
    },
  });
}

let cartActor: CartActor | null = null;

/**
 * The one cart actor of the page, made when the app is first ready. It keeps
 * the app machine's cart (the header badge) in step with every change, and
 * reloads when the session changes (a guest cart merges at login).
 */
export function getCartActor(app: AppActor, navigate: (path: string) => void): CartActor {
  if (cartActor) return cartActor;
  const actor = createActor(liveCartMachine(navigate), { input: { cart: app.getSnapshot().context.cart } });
  let lastCart: Cart | null = app.getSnapshot().context.cart;
  actor.subscribe((snapshot) => {
    const cart = snapshot.context.cart;
    if (cart && cart !== lastCart) {
      lastCart = cart;
      app.send({ type: 'cart.update', cart });
    }
  });
  let lastUser = app.getSnapshot().context.user?.id ?? null;
  app.subscribe((snapshot) => {
    const user = snapshot.context.user?.id ?? null;
    if (user === lastUser) return;
    lastUser = user;
    actor.send({ type: 'cart.dismiss' });
    actor.send({ type: 'cart.reload' });
  });
  actor.start();
  cartActor = actor;
  return actor;
}
