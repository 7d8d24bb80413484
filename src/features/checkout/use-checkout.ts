import { currentCheckout, type CheckoutActor } from './checkout-actor';

/** The live checkout of this tab, or null after a reload (the route then starts at /cart). */
export function useCheckoutActor(): CheckoutActor | null {
  return currentCheckout();
}
