import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { cartMachine } from '@machines/cart-machine';

export type CartActor = ActorRefFrom<typeof cartMachine>;
export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

const CartActorContext = createContext<CartActor | null>(null);

/** Hands the long-lived cart actor (created in src/app) to the tree. */
export function CartActorProvider({ actor, children }: { actor: CartActor; children: ReactNode }) {
  return <CartActorContext.Provider value={actor}>{children}</CartActorContext.Provider>;
}

/** The cart actor, for sending events (the item page, the cart and the checkout share it). */
export function useCartActor(): CartActor {
  const actor = useContext(CartActorContext);
  if (!actor) throw new Error('useCartActor needs a CartActorProvider above it');
  return actor;
}

/** A narrow slice of the cart snapshot. */
export function useCartSelector<T>(selector: (snapshot: CartSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useCartActor(), selector, compare);
}
