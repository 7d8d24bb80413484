import { lazy, type ComponentType } from 'react';
import AccessDeniedPage from '@/features/shell/access-denied-page';
import MaintenancePage from '@/features/shell/maintenance-page';
import NotFoundPage from '@/features/shell/not-found-page';
import type { RouteId } from '@/routes/route-table';

// The home is the only sizeable screen of this issue: it loads as its own chunk.
const HomePage = lazy(() => import('@/features/home/home-page'));

/**
 * The screen of each built route. Routes missing here render the "coming soon" page;
 * later issues add their screens (lazily) to this map.
 */
export const screens: Partial<Record<RouteId, ComponentType>> = {
  home: HomePage,
  'home-variant': HomePage,
  'not-found': NotFoundPage,
  'access-denied': AccessDeniedPage,
  maintenance: MaintenancePage,
};
