import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { useDeferredValue } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '@contract/enums';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { urlName } from '@/ui/item-path';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';
import { Picture } from '@/ui/picture';

const dateOf = (iso: string, language: Language) => new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR' : 'en-GB', { dateStyle: 'medium' }).format(new Date(iso));

/** /magazine/:page?: posts, newest first, in the current language. */
export function MagazinePage() {
  const params = useRouteParams();
  const language = useLanguage();
  const page = params.page && /^\d+$/.test(params.page) && Number(params.page) > 0 ? Number(params.page) : 1;
  const actor = useScreenActor('resource', { load: { code: 'get_magazines', payload: { page, language } } }, `${page}|${language}`);
  // Its changes render in the background, in slices, not in one long task.
  const remote = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_magazines'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  return (
    <PageFrame title={<Trans>Magazine</Trans>} testId="magazine-page">
      {remote.status === 'loading' ? <Skeleton variant="rounded" height={240} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' && remote.data.posts.length === 0 ? (
        <EmptyState>
          <Trans>No records</Trans>
        </EmptyState>
      ) : null}
      {remote.status === 'ready' && remote.data.posts.length > 0 ? (
        <>
          <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2, listStyle: 'none', m: 0, p: 0 }}>
            {remote.data.posts.map((post, index) => (
              <li key={post.id}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={`/magazine/post/${post.id}/${urlName(post.title)}`} sx={{ height: '100%' }}>
                    {post.picture ? <Picture src={post.picture} alt="" width={800} height={450} loading={index < 3 ? 'eager' : 'lazy'} sx={{ width: '100%', height: 'auto', display: 'block' }} /> : null}
                    <CardContent>
                      <Typography component="h2" variant="subtitle1" fontWeight={700}>
                        {post.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {dateOf(post.created_at, language)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {post.summary}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Box>
          {remote.data.pages > 1 ? (
            <Pagination sx={{ alignSelf: 'center' }} page={page} count={remote.data.pages} renderItem={(item) => <PaginationItem component={RouterLink} to={`/magazine/${item.page ?? 1}`} {...item} />} />
          ) : null}
        </>
      ) : null}
    </PageFrame>
  );
}

/** /magazine/post/:id/:name: one post. */
export function MagazinePostPage() {
  const params = useRouteParams();
  const language = useLanguage();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : 0;
  const actor = useScreenActor('resource', { load: { code: 'get_magazine_post', payload: { id, language } } }, `${id}|${language}`);
  // Its changes render in the background, in slices, not in one long task.
  const remote = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_magazine_post'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  if (remote.status === 'loading') return <Skeleton variant="rounded" height={320} sx={{ m: 2 }} />;
  if (remote.status === 'notFound') return <NotFoundState message={remote.failure.message} />;
  if (remote.status === 'failed') {
    return (
      <Box sx={{ p: 2 }}>
        <LoadFailure message={remote.failure.message} onRetry={retry} />
      </Box>
    );
  }
  const post = remote.data;
  return (
    <PageFrame title={post.title} testId="magazine-post-page">
      <Typography variant="caption" color="text.secondary">
        {dateOf(post.created_at, language)}
      </Typography>
      {post.picture ? <Picture src={post.picture} alt="" width={800} height={450} sx={{ width: '100%', maxWidth: 800, height: 'auto', borderRadius: 2 }} /> : null}
      <Typography sx={{ whiteSpace: 'pre-line' }}>{post.body}</Typography>
    </PageFrame>
  );
}
