import { type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { CHECKOUT_PATHS, routeDecision, screenOf, type CheckoutScreen, type CheckoutSnapshot } from '@machines/checkout-machine';
import { type CheckoutActor } from '@/ui/actor-system';

/** Where a screen lives; the result page carries the order id. */
export function pathOf(snapshot: CheckoutSnapshot): string {
  const screen = screenOf(snapshot);
  return screen === 'result' ? `${CHECKOUT_PATHS.result}/${snapshot.context.placed?.order_id ?? snapshot.context.orderId}` : CHECKOUT_PATHS[screen];
}

/**
 * Shows `children` only while the machine is on `screen`, so no URL skips a step. The chart moves the
 * URL when it moves (its 'show screen' action) and takes the browser's Back itself (checkout.backTo);
 * a URL it is not on (typed, or a Forward it does not take) is replaced by its own.
 */
export function CheckoutScreenGate({ actor, screen, children }: { actor: CheckoutActor; screen: CheckoutScreen | CheckoutScreen[]; children: ReactNode }) {
  const screens = Array.isArray(screen) ? screen : [screen];
  const decision = useSelector(actor, (snapshot) => {
    const allowed = screens.some((candidate) => routeDecision(snapshot, candidate).allowed);
    return allowed ? null : pathOf(snapshot);
  });
  if (decision) return <Navigate to={decision} replace />;
  return <>{children}</>;
}
