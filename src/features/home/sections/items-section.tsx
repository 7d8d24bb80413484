import { useScreenActor } from '@/ui/actor-system';
import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { useDeferredValue } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ItemCard } from '@/ui/item-card';
import type { HomeSection } from '@contract/rules/home-layouts';

type ItemsLayout = Extract<HomeSection, { kind: 'items' }>;

/** A scrolling row of best sellers or new items; hidden while empty or not found, with a retry when loading failed. */
export function ItemsSection({ layout }: { layout: ItemsLayout }) {
  const actor = useScreenActor('resource', { load: { code: layout.source === 'best' ? 'get_best_sell_items' : 'get_new_items', payload: {} } }, layout.source);
  // Its changes render in the background, in slices, not in one long task.
  const remote = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_best_sell_items'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  const titleId = `home-items-${layout.source}`;
  // Not found is not retried (the chart takes no retry there): the row is left out, as an empty one is.
  if ((remote.status === 'ready' && remote.data.length === 0) || remote.status === 'notFound') return null;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={`home-${layout.source}`} sx={{ px: { xs: 2, md: 3 }, py: 2, maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography id={titleId} component="h2" variant="h6" fontWeight={700} sx={{ flexGrow: 1 }}>
          {layout.source === 'best' ? <Trans>Best sellers</Trans> : <Trans>New items</Trans>}
        </Typography>
        <Button component={RouterLink} to={`/cat?sort=${layout.source === 'best' ? 'best_selling' : 'newest'}`} size="small">
          <Trans>See all</Trans>
        </Button>
      </Box>
      {remote.status === 'failed' ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography color="error">
            <Trans>An error occurred</Trans>
          </Typography>
          <Button size="small" onClick={retry}>
            <Trans>Retry</Trans>
          </Button>
        </Box>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: { xs: '44%', sm: '30%', md: '22%' }, gap: 2, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 1 }}>
          {remote.status === 'loading'
            ? Array.from({ length: 4 }, (_, index) => (
                <li key={index} aria-hidden="true">
                  <Box sx={{ aspectRatio: '600 / 520', borderRadius: 2, bgcolor: 'action.hover' }} />
                </li>
              ))
            : remote.data.map((item) => (
                <li key={item.item_id}>
                  <ItemCard item={item} />
                </li>
              ))}
        </Box>
      )}
    </Box>
  );
}
