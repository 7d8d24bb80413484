import { createBrowserRouter } from 'react-router-dom';
import { SPA_BASE } from '@contract/item-paths';
import ShellLayout from '@/features/shell/shell-layout';
import RouteErrorPage from '@/features/shell/route-error-page';
import { RouteOutlet } from './route-outlet';

/** The SPA's base path (spec §2). */
export const BASENAME = SPA_BASE.slice(0, -1);

/** The router: made first, before the app actor, so the charts' navigation is provided once. Every path goes through RouteOutlet. */
export function createAppRouter() {
  return createBrowserRouter(
    [
      {
        element: <ShellLayout />,
        errorElement: <RouteErrorPage />,
        children: [{ path: '*', element: <RouteOutlet /> }],
      },
    ],
    { basename: BASENAME },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
