import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { useDeferredValue } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { localized } from '@/ui/format';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { Picture } from '@/ui/picture';
import { thumbnailOf } from '@contract/thumbnails';

/** /gallery: the shop's pictures at their own proportions (width/height set, lazy after the first row). */
export default function GalleryPage() {
  const language = useLanguage();
  const actor = useScreenActor('resource', { load: { code: 'get_gallery', payload: {} } }, 'gallery');
  // Its changes render in the background, in slices, not in one long task.
  const remote = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_gallery'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  return (
    <PageFrame title={<Trans>Gallery</Trans>} testId="gallery-page">
      {remote.status === 'loading' ? <Skeleton variant="rounded" height={240} /> : null}
      {remote.status === 'notFound' ? <NotFoundState message={remote.failure.message} level={2} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' && remote.data.length === 0 ? (
        <EmptyState>
          <Trans>No records</Trans>
        </EmptyState>
      ) : null}
      {remote.status === 'ready' && remote.data.length > 0 ? (
        <Box component="ul" sx={{ columnCount: { xs: 1, sm: 2, md: 3 }, columnGap: 2, listStyle: 'none', m: 0, p: 0 }}>
          {remote.data.map((picture, index) => {
            const title = localized(language, picture.title, picture.title_en);
            return (
              <Box component="li" key={picture.id} sx={{ breakInside: 'avoid', mb: 2 }}>
                <Box component="figure" sx={{ m: 0 }}>
                  <Picture src={thumbnailOf(picture.picture)} alt={title} width={picture.width} height={picture.height} loading={index < 3 ? 'eager' : 'lazy'} sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 2 }} />
                  <Typography component="figcaption" variant="body2" sx={{ mt: 0.5 }}>
                    {title}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </PageFrame>
  );
}
