import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, useNavigationType } from 'react-router-dom';
import { CHECKOUT_PATHS, routeDecision, screenOf, type CheckoutScreen, type CheckoutSnapshot } from '@machines/checkout-machine';
import { type CheckoutActor } from '@/ui/actor-system';

/** Where a screen lives; the result page carries the order id. */
export function pathOf(snapshot: CheckoutSnapshot): string {
  const screen = screenOf(snapshot);
  return screen === 'result' ? `${CHECKOUT_PATHS.result}/${snapshot.context.placed?.order_id ?? snapshot.context.orderId}` : CHECKOUT_PATHS[screen];
}

/** The earlier screen the browser's Back can return the chart to from this route, if any. */
const backTarget = (screens: CheckoutScreen[]): 'delivery' | 'address' | null =>
  screens.includes('delivery') ? 'delivery' : screens.includes('address') ? 'address' : null;

/**
 * Shows `children` only while the machine is on `screen`, so no URL skips a
 * step; the chart and the URL agree both ways. The machine moved on: the URL
 * follows (a push, so Back has an entry; a wrong URL on arrival is replaced).
 * The browser's Back reached an earlier screen's URL: the chart is asked to go
 * back there (`checkout.backTo`), and the URL is corrected only if it refuses.
 */
export function CheckoutScreenGate({ actor, screen, children }: { actor: CheckoutActor; screen: CheckoutScreen | CheckoutScreen[]; children: ReactNode }) {
  const screens = Array.isArray(screen) ? screen : [screen];
  const decision = useSelector(actor, (snapshot) => {
    const allowed = screens.some((candidate) => routeDecision(snapshot, candidate).allowed);
    return allowed ? null : pathOf(snapshot);
  });
  const popped = useNavigationType() === 'POP';
  const target = backTarget(screens);
  const goesBack = useSelector(actor, (snapshot) => popped && target !== null && snapshot.can({ type: 'checkout.backTo', screen: target }));
  useEffect(() => {
    if (goesBack && target) actor.send({ type: 'checkout.backTo', screen: target });
  }, [goesBack, target, actor]);
  const shown = useRef(false);
  if (decision && goesBack) return null;
  if (decision) return <Navigate to={decision} replace={!shown.current} />;
  shown.current = true;
  return <>{children}</>;
}
