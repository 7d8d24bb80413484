import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { CheckoutResume } from '@machines/cart-machine';
import { useSystemActor } from '@/ui/actor-system';

/**
 * A checkout URL with no checkout under way. After a reload the cart is checked again and the checkout resumes
 * at this step from what the server keeps for the cart (the charts decide; a cart that cannot go to checkout goes
 * to /cart, which says why); just after an order was placed, its thank-you page (where the app is already taking
 * the visitor).
 */
export function NoCheckout({ resumeAt }: { resumeAt: CheckoutResume }) {
  const { t } = useLingui();
  const cart = useSystemActor('cart');
  const placed = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.placedOrder?.orderId ?? null);
  const canResume = useSelector(cart, (snapshot) => snapshot.can({ type: 'cart.resumeCheckout', at: resumeAt }));
  // Not resumable (an empty cart) once the cart is read: the cart page.
  const settled = useSelector(cart, (snapshot) => snapshot.matches('idle') || snapshot.matches('minimumOrder'));
  useEffect(() => {
    if (placed === null && canResume) cart.send({ type: 'cart.resumeCheckout', at: resumeAt });
  }, [cart, canResume, placed, resumeAt]);
  if (placed !== null) return <Navigate to={`/successful-payment/${placed}`} replace />;
  if (settled && !canResume) return <Navigate to="/cart" replace />;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={t`Loading`} />
    </Box>
  );
}
