import { Trans } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { Link as RouterLink } from 'react-router-dom';
import { useSystemActor, useScreenActor } from '@/ui/actor-system';
import { ItemGrid, ItemGridSkeleton } from '@/ui/item-card';
import { selectResource } from '@machines/resource-machine';
import type { DataOf } from '@contract/api';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';

/** /profile/favorite/:page?: the user's favorite products, 20 a page (the route guard asks for login). */
export default function FavoritesPage() {
  const params = useRouteParams();
  const page = params.page && /^\d+$/.test(params.page) && Number(params.page) > 0 ? Number(params.page) : 1;
  // Reload when a favorite is toggled elsewhere.
  const favorites = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user?.favorites.join(',') ?? '');
  const actor = useScreenActor('resource', { load: { code: 'get_favorites', payload: { page } } }, `get_favorites:${page}|${favorites}`);
  const remote = useSelector(actor, selectResource<DataOf<'get_favorites'>>, shallowEqual);
  const retry = () => actor?.send({ type: 'resource.retry' });
  return (
    <PageFrame title={<Trans>Favorites</Trans>} testId="favorites-page">
      {remote.status === 'loading' ? <ItemGridSkeleton count={4} /> : null}
      {remote.status === 'notFound' ? <NotFoundState message={remote.failure.message} level={2} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' && remote.data.items.length === 0 ? (
        <EmptyState>
          <Trans>No records</Trans>
        </EmptyState>
      ) : null}
      {remote.status === 'ready' && remote.data.items.length > 0 ? (
        <ItemGrid
          items={remote.data.items}
          footer={
            remote.data.pages > 1 ? (
              <Pagination sx={{ alignSelf: 'center' }} page={page} count={remote.data.pages} renderItem={(item) => <PaginationItem component={RouterLink} to={`/profile/favorite/${item.page ?? 1}`} {...item} />} />
            ) : null
          }
        />
      ) : null}
    </PageFrame>
  );
}
