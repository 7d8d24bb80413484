import { lazy } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '@/ui/actor-system';

const CartPage = lazy(() => import('@/features/cart/cart-page'));
const DeliveryPage = lazy(() => import('@/features/checkout/delivery-page'));

/** /cart: the cart until order_controler accepts it, then the checkout's first step (its path is /cart too). */
export default function CartRoute() {
  const checkingOut = useSelector(useSystemActor('cart'), (snapshot) => snapshot.matches('ready'));
  return checkingOut ? <DeliveryPage /> : <CartPage />;
}
