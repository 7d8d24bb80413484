import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useFirstScreenHeld } from '@/ui/first-screen';
import { shallowEqual, useSelector } from '@xstate/react';
import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { useScreenActor } from '@/ui/actor-system';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { ItemView } from './item-view';
import { useRouteParams } from '@/ui/use-route-params';

/** /item/:id?/:item_name? and /product/:id/:name: loads the product (spec §8 on failure) and counts the visit. */
export default function ItemPage() {
  const params = useRouteParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  if (id === null) {
    return (
      <EmptyState>
        <Trans>No products available</Trans>
      </EmptyState>
    );
  }
  return <ItemOf key={id} id={id} />;
}

function ItemOf({ id }: { id: number }) {
  const actor = useScreenActor('resource', { load: { code: 'get_item', payload: { id } } }, `get_item:${id}`);
  const remote = useSelector(actor, selectResource<DataOf<'get_item'>>, shallowEqual);
  const retry = () => actor?.send({ type: 'resource.retry' });
  // The visit is counted by its own chart; its reply is not shown, so a lost visit never disturbs the page.
  useScreenActor('resource', { load: { code: 'add_visit_item', payload: { id } } }, `add_visit_item:${id}`);
  useFirstScreenHeld(remote.status === 'loading');

  if (remote.status === 'loading') {
    return (
      <Box data-testid="item-loading" sx={{ maxWidth: 1100, mx: 'auto', p: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Skeleton variant="rounded" sx={{ aspectRatio: '3 / 2', height: 'auto' }} />
        <Box>
          <Skeleton width="60%" height={40} />
          <Skeleton width="30%" />
          <Skeleton height={120} />
        </Box>
      </Box>
    );
  }
  if (remote.status === 'notFound') return <NotFoundState message={remote.failure.message} />;
  if (remote.status === 'failed') {
    return (
      <Box sx={{ maxWidth: 700, mx: 'auto', p: 2 }}>
        <LoadFailure message={remote.failure.message} onRetry={retry} />
      </Box>
    );
  }
  return <ItemView key={remote.data.item.item_id} detail={remote.data} />;
}
