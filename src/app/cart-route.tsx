import { lazy } from 'react';
import { useCartSelector } from '@/ui/cart-actor';

const CartPage = lazy(() => import('@/features/cart/cart-page'));
const DeliveryPage = lazy(() => import('@/features/checkout/delivery-page'));

/** /cart: the cart until order_controler accepts it, then the checkout's first step (its path is /cart too). */
export default function CartRoute() {
  const ticket = useCartSelector((snapshot) => (snapshot.matches('ready') ? snapshot.context.ticket : null));
  return ticket ? <DeliveryPage ticket={ticket} /> : <CartPage />;
}
