import { Navigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '@/ui/actor-system';

/**
 * A checkout URL with no checkout under way: after a reload the cart starts it
 * again; just after an order was placed, its thank-you page (where the app is
 * already taking the visitor).
 */
export function NoCheckout() {
  const placed = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.placedOrder?.orderId ?? null);
  return <Navigate to={placed === null ? '/cart' : `/successful-payment/${placed}`} replace />;
}
