import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, useHref } from 'react-router-dom';
import { CHECKOUT_PATHS, routeDecision, screenOf, screenOfPath, type CheckoutScreen, type CheckoutSnapshot } from '@machines/checkout-machine';
import type { CheckoutActor } from '@/ui/app-actor';

/** Where a screen lives; the result page carries the order id. */
export function pathOf(snapshot: CheckoutSnapshot): string {
  const screen = screenOf(snapshot);
  return screen === 'result' ? `${CHECKOUT_PATHS.result}/${snapshot.context.placed?.order_id ?? snapshot.context.orderId}` : CHECKOUT_PATHS[screen];
}

/**
 * Shows `children` only while the machine is on `screen`; otherwise sends the
 * visitor to the machine's current screen, so no URL skips a step. The
 * browser's Back to an earlier screen becomes `checkout.backTo` that screen.
 */
export function CheckoutScreenGate({ actor, screen, children }: { actor: CheckoutActor; screen: CheckoutScreen | CheckoutScreen[]; children: ReactNode }) {
  const screens = Array.isArray(screen) ? screen : [screen];
  const decision = useSelector(actor, (snapshot) => {
    const allowed = screens.some((candidate) => routeDecision(snapshot, candidate).allowed);
    return allowed ? null : pathOf(snapshot);
  });
  // The browser's Back to an earlier screen's URL takes the chart back there; a URL the chart refuses is corrected below.
  const basename = useHref('/').replace(/\/$/, '');
  useEffect(() => {
    const back = () => {
      const path = window.location.pathname.slice(basename.length) || '/';
      const reached = screenOfPath(path);
      if (reached === 'delivery' || reached === 'address') actor.send({ type: 'checkout.backTo', screen: reached });
    };
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [actor, basename]);
  // A step the machine moved on from pushes (so Back has an entry); a wrong URL on arrival is replaced.
  const shown = useRef(false);
  if (decision) return <Navigate to={decision} replace={!shown.current} />;
  shown.current = true;
  return <>{children}</>;
}
