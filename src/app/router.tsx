import { createBrowserRouter } from 'react-router-dom';
import ShellLayout from '@/features/shell/shell-layout';
import RouteErrorPage from '@/features/shell/route-error-page';
import { onGoHome } from '@/api/client';
import { RouteOutlet } from './route-outlet';

/** The SPA's base path (spec §2). */
export const BASENAME = '/order/v2';

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** The router, made on first use (only once the app is ready); every path goes through RouteOutlet. */
export function getRouter() {
  if (router) return router;
  router = createBrowserRouter(
    [
      {
        element: <ShellLayout />,
        errorElement: <RouteErrorPage />,
        children: [{ path: '*', element: <RouteOutlet /> }],
      },
    ],
    { basename: BASENAME },
  );
  const created = router;
  // error_code -1 sends the user home without a page reload.
  onGoHome(() => void created.navigate('/'));
  return router;
}
