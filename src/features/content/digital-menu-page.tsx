import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { Trans } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { measureOf } from '@contract/units';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { localized } from '@/ui/format';
import { Price } from '@/ui/price';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';

/** /digital/:id?: the read-only menu (the route guard shows it only when digital_menu_en is 1); :id jumps to a section. */
export default function DigitalMenuPage() {
  const params = useRouteParams();
  const language = useLanguage();
  const folders = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.folders);
  const actor = useScreenActor('resource', { load: { code: 'get_list_item', payload: { get_children_anyway: 1, pagination: 0 } } }, 'digital');
  // Its changes render in the background, in slices, not in one long task.
  const remote = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_list_item'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  const sections = [...folders].sort((a, b) => a.sort - b.sort);
  const jumpTo = params.id;

  useEffect(() => {
    if (remote.status === 'ready' && jumpTo) document.getElementById(`menu-${jumpTo}`)?.scrollIntoView();
  }, [remote.status, jumpTo]);

  return (
    <PageFrame title={<Trans>Menu</Trans>} testId="digital-menu-page">
      <Box component="nav" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {sections.map((folder) => (
          <Chip key={folder.item_id} component={RouterLink} to={`/digital/${folder.item_id}`} clickable label={localized(language, folder.name, folder.name_en)} />
        ))}
      </Box>
      {remote.status === 'loading' ? <Skeleton variant="rounded" height={320} /> : null}
      {remote.status === 'notFound' ? <NotFoundState message={remote.failure.message} level={2} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' && remote.data.items.length === 0 ? (
        <EmptyState>
          <Trans>No products available</Trans>
        </EmptyState>
      ) : null}
      {remote.status === 'ready'
        ? sections.map((folder) => {
            const items = remote.data.items.filter((item) => item.folder_id === folder.item_id);
            if (items.length === 0) return null;
            return (
              <Box component="section" key={folder.item_id} id={`menu-${folder.item_id}`} aria-labelledby={`menu-title-${folder.item_id}`}>
                <Typography id={`menu-title-${folder.item_id}`} component="h2" variant="h6" fontWeight={700}>
                  {localized(language, folder.name, folder.name_en)}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {items.map((item) => (
                    <Box component="li" key={item.item_id} data-testid="menu-item" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1 }}>
                      <Box>
                        <Typography fontWeight={600}>
                          {localized(language, item.name, item.name_en)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {localized(language, item.description, item.description_en)}
                        </Typography>
                      </Box>
                      <Price rial={item.price} unit={item.unit} step={measureOf(item).step} fontWeight={600} sx={{ whiteSpace: 'nowrap' }} />
                    </Box>
                  ))}
                </Box>
                <Divider />
              </Box>
            );
          })
        : null}
    </PageFrame>
  );
}
