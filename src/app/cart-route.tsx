import { lazy } from 'react';
import { useSystemSelector } from '@/ui/app-actor';

const CartPage = lazy(() => import('@/features/cart/cart-page'));
const DeliveryPage = lazy(() => import('@/features/checkout/delivery-page'));

/** /cart: the cart until order_controler accepts it, then the checkout's first step (its path is /cart too). */
export default function CartRoute() {
  const checkingOut = useSystemSelector('cart', (snapshot) => snapshot.matches('ready'), false);
  return checkingOut ? <DeliveryPage /> : <CartPage />;
}
