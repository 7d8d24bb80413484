import { Suspense, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import ComingSoonPage from '@/features/shell/coming-soon-page';
import MaintenancePage from '@/features/shell/maintenance-page';
import NotFoundPage from '@/features/shell/not-found-page';
import { loginPath, resolveRoute } from '@/routes/guards';
import { routeTable, type RouteId } from '@/routes/route-table';
import { useSystemActor } from '@/ui/actor-system';
import { useFirstScreenReplaced } from '@/ui/first-screen';
import { RouteHeadingFocus } from '@/ui/heading-focus';
import { lazyScreen } from './chunk-load';
import { screens } from './screens';

// A dialog over the page, only for a guest at a login-only route: its own chunk.
const LoginModal = lazyScreen(() => import('@/features/shell/login-modal'));

/** The page a login started from, as the guards and the login modal put it in navigation state. */
function originOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/authentication') ? from : null;
}

const unbuiltRoutes = new Set(routeTable.filter((entry) => !entry.built).map((entry) => entry.id));

function Screen({ route }: { route: RouteId }) {
  const Component = unbuiltRoutes.has(route) ? undefined : screens[route];
  return Component ? <Component /> : <ComingSoonPage />;
}

/** Renders what the route guards decide for the current path: a screen, a redirect, the login modal, Not Found or maintenance. */
export function RouteOutlet() {
  const app = useSystemActor('app');
  // Inside the shell's Suspense: this runs once the screen's chunk has loaded and the screen has rendered.
  useFirstScreenReplaced();
  const location = useLocation();
  const shop = useSelector(app, (snapshot) => snapshot.context.shop);
  const user = useSelector(app, (snapshot) => snapshot.context.user);
  const decision = useMemo(() => (shop ? resolveRoute(location.pathname, { shop, user }) : null), [location.pathname, shop, user]);
  if (!decision) return null;
  switch (decision.kind) {
    case 'redirect': {
      const to = (decision.toOrigin ? originOf(location.state) : null) ?? decision.to;
      return <Navigate to={to} replace state={{ from: decision.from ?? location.pathname }} />;
    }
    case 'login-modal':
      return (
        <Suspense fallback={null}>
          <LoginModal loginPath={loginPath} from={location.pathname} />
        </Suspense>
      );
    case 'not-found':
      return (
        <>
          <RouteHeadingFocus key={location.pathname} />
          <NotFoundPage />
        </>
      );
    case 'maintenance':
      return <MaintenancePage />;
    case 'render':
      // The focus goes to the new screen's heading once it is shown (src/ui/heading-focus.ts).
      return (
        <>
          <RouteHeadingFocus key={location.pathname} />
          <Screen route={decision.route} />
        </>
      );
  }
}
