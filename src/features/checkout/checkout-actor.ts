import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { DeliveryMethodValue, Shop } from '@contract/index';
import type { CheckoutTicket } from '@machines/cart-machine';
import { checkoutMachine, type CheckoutInput, type NewAddress } from '@machines/checkout-machine';
import { call } from '@/api/client';
import { viaApi } from '@/api/failure';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** sessionStorage key of the checkout left for the bank page (restored on the way back). */
const GATEWAY_KEY = 'storefront.checkout.gateway';

let current: CheckoutActor | null = null;

const addressFields = (address: NewAddress) => ({
  label: address.label,
  address: address.address,
  ...(address.lat === null ? {} : { lat: address.lat }),
  ...(address.lng === null ? {} : { lng: address.lng }),
  city: address.city ?? '',
  postal_code: address.postal_code ?? '',
});

/** The checkout machine with the API client as its effects (every refusal rejects with the api-failure shape). */
const liveCheckoutMachine = checkoutMachine.provide({
  actors: {
    'load addresses': fromPromise(() => viaApi(call('get_addresses', {}))),
    'save address': fromPromise(({ input }: { input: NewAddress }) => viaApi(call('new_add_addreses', { id: 0, ...addressFields(input) }))),
    'update address': fromPromise(({ input }: { input: { id: number; address: NewAddress } }) => viaApi(call('update_address', { id: input.id, ...addressFields(input.address) }))),
    'delete address': fromPromise(({ input }: { input: { id: number } }) => viaApi(call('delete_address', input))),
    locate: fromPromise(({ input }: { input: { lat: number; lng: number } }) => viaApi(call('get_location_data', input))),
    'save delivery': fromPromise(({ input }: { input: { order_id: number; delivery_method: DeliveryMethodValue; address_id: number } }) =>
      viaApi(call('update_address_order', input)),
    ),
    'load bill': fromPromise(({ input }: { input: { order_id: number } }) => viaApi(call('wallet_operations', { order_id: input.order_id, operation: 0 }))),
    'apply discount': fromPromise(({ input }: { input: { order_id: number; discount: string } }) => viaApi(call('discount_compute', input))),
    'use wallet': fromPromise(({ input }: { input: { order_id: number } }) => viaApi(call('use_wallet', input))),
    'release wallet': fromPromise(({ input }: { input: { order_id: number } }) => viaApi(call('none_use_wallet', input))),
    'place order': fromPromise(({ input }: { input: { order_id: number; payment: CheckoutInput['paymentTypes'][number]; preordertime: string; idempotency_key: string } }) =>
      viaApi(call('final_order', input)),
    ),
    'verify payment': fromPromise(({ input }: { input: { sep_id: string } }) => viaApi(call('get_sep', input))),
  },
  actions: {
    // The page is left for the bank: the checkout is kept so the return lands on its payment step.
    'open gateway': ({ context }) => {
      const url = context.placed?.redirect_url;
      if (!url) return;
      setTimeout(() => {
        if (current) sessionStorage.setItem(GATEWAY_KEY, JSON.stringify(current.getPersistedSnapshot()));
        window.location.assign(url);
      }, 0);
    },
  },
});

const shopPart = (shop: Shop): CheckoutInput['shop'] => ({ delivery_methods: shop.delivery_methods, shift_data: shop.shift_data });

/** The live checkout, if one is under way (null after a reload: the cart starts it again). */
export const currentCheckout = (): CheckoutActor | null => current;

/** The checkout of a cart ticket: the one under way for the same order, else a fresh one. */
export function checkoutFor(ticket: CheckoutTicket, shop: Shop): CheckoutActor {
  const snapshot = current?.getSnapshot();
  if (current && snapshot?.status === 'active' && snapshot.context.orderId === ticket.order_id && !snapshot.matches('paying')) return current;
  current?.stop();
  current = createActor(liveCheckoutMachine, { input: { orderId: ticket.order_id, shop: shopPart(shop), paymentTypes: ticket.payment_types } });
  current.start();
  return current;
}

/**
 * The checkout on the gateway's return (/successful-payment/:id?sep_id=…): the one this tab left for
 * the bank when it is stored (so a canceled payment lands on its payment step), else a fresh one
 * that starts by verifying (`returning`).
 */
export function returningCheckout(orderId: number, sepId: string, shop: Shop): CheckoutActor {
  const live = current?.getSnapshot();
  if (current && live?.context.sepId === sepId && !live.matches('paying')) return current;
  const stored = sessionStorage.getItem(GATEWAY_KEY);
  sessionStorage.removeItem(GATEWAY_KEY);
  current?.stop();
  current = null;
  if (stored) {
    try {
      const actor = createActor(liveCheckoutMachine, { snapshot: JSON.parse(stored) as never, input: { orderId, shop: shopPart(shop), paymentTypes: [] } });
      const snapshot = actor.getSnapshot();
      if (snapshot.matches('paying') && snapshot.context.orderId === orderId) {
        actor.start();
        actor.send({ type: 'payment.returned', sepId });
        current = actor;
        return actor;
      }
    } catch {
      // A stale or foreign snapshot: verify from scratch below.
    }
  }
  current = createActor(liveCheckoutMachine, { input: { orderId, shop: shopPart(shop), paymentTypes: [], returning: { sepId } } });
  current.start();
  return current;
}

/** Forgets a finished checkout (after the thank-you page). */
export function endCheckout(): void {
  current?.stop();
  current = null;
}
