import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router, useLocation } from 'react-router-dom';
import { BASENAME, type AppRouter } from './router';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

function Guarded({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <RouteErrorBoundary locationKey={key}>{children}</RouteErrorBoundary>;
}

/**
 * Renders the app router's location. A navigation renders as a transition, so the page being left
 * stays until the next one's chunk has loaded, unless the navigation asks to render at once.
 */
export function RouterView({ router, children }: { router: AppRouter; children: ReactNode }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    // A navigation between the first render and this effect is not missed.
    setState(router.state);
    return router.subscribe((next, sync) => (sync ? flushSync(() => setState(next)) : startTransition(() => setState(next))));
  }, [router]);
  return (
    <Router basename={BASENAME} location={state.location} navigationType={state.action} navigator={router.history}>
      <Guarded>{children}</Guarded>
      <ScrollRestoration />
    </Router>
  );
}
