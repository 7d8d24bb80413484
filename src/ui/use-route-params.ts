import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { matchRoute, type RouteParams } from '@/routes/match-route';

/**
 * The params of the current path by the route table (':id', ':page', …): the
 * router has a single catch-all child, so React Router's useParams only knows '*'.
 */
export function useRouteParams(): RouteParams {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname)?.params ?? {}, [pathname]);
}
