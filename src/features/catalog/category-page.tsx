import { Trans } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { toRial } from '@contract/money';
import { thumbnailOf } from '@contract/thumbnails';
import { DEFAULT_PAGE_LIMIT } from '@contract/entities/catalog';
import { categoryFolderOf, categoryListRequest, categoryPageOf, categorySortOf } from '@contract/rules/category-list';
import { useLanguage, useScreenActor, useSystemActor } from '@/ui/actor-system';
import { localized } from '@/ui/format';
import { ItemGrid, ItemGridSkeleton } from '@/ui/item-card';
import { useFirstScreenHeld } from '@/ui/first-screen';
import { categoryPath } from '@/ui/item-path';
import { selectResource } from '@machines/resource-machine';
import type { DataOf } from '@contract/api';
import { ListControls, rangeProblemOf, type ListQuery } from './list-controls';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';

/** /cat/:id?/:cat_name?/:page?: a category's subfolders and products, paged in the URL, with sort and price range (?sort=&from=&to=). */
export default function CategoryPage() {
  const app = useSystemActor('app');
  const params = useRouteParams();
  const [search, setSearch] = useSearchParams();
  const language = useLanguage();
  const currency = useSelector(app, (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const folders = useSelector(app, (snapshot) => snapshot.context.folders);
  const folderId = categoryFolderOf(params.id);
  const page = categoryPageOf(params.page);
  const query: ListQuery = { sort: categorySortOf(search.get('sort')), from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const folder = folders.find((candidate) => candidate.item_id === folderId);

  // A range the server would refuse (typed into the URL) is not asked for: the controls mark it.
  const refusedRange = rangeProblemOf(query) !== null;
  const request = categoryListRequest(folderId, page, query.sort, {
    from_price: query.from && !refusedRange ? toRial(Number(query.from), currency) : undefined,
    to_price: query.to && !refusedRange ? toRial(Number(query.to), currency) : undefined,
  });
  const actor = useScreenActor('resource', { load: { code: 'get_list_item', payload: request } }, `get_list_item:${JSON.stringify([folderId, page, query])}`);
  const remote = useSelector(actor, selectResource<DataOf<'get_list_item'>>, shallowEqual);
  const retry = () => actor?.send({ type: 'resource.retry' });
  useFirstScreenHeld(remote.status === 'loading');

  const changeQuery = (next: ListQuery) => {
    const params = new URLSearchParams();
    if (next.sort !== 'default') params.set('sort', next.sort);
    if (next.from) params.set('from', next.from);
    if (next.to) params.set('to', next.to);
    setSearch(params);
  };
  const basePath = folder ? categoryPath(folder, language) : '/cat';
  const title = folder ? localized(language, folder.name, folder.name_en) : <Trans>All products</Trans>;

  return (
    <PageFrame title={title} testId="category-page">
      {remote.status === 'ready' && remote.data && remote.data.folders.length > 0 ? (
        <Box component="ul" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
          {remote.data.folders.map((child) => (
            <li key={child.item_id}>
              {/* As the home's chips: the folder's picture (its list thumbnail) on its colour */}
              <Chip
                component={RouterLink}
                to={categoryPath(child, language)}
                clickable
                label={localized(language, child.name, child.name_en)}
                variant="outlined"
                avatar={child.picture ? <Avatar alt="" src={thumbnailOf(child.picture)} imgProps={{ width: 24, height: 24, loading: 'lazy' }} /> : undefined}
                sx={child.bg_color ? { bgcolor: child.bg_color } : undefined}
              />
            </li>
          ))}
        </Box>
      ) : null}
      <ListControls key={search.toString()} query={query} onChange={changeQuery} />
      {remote.status === 'loading' ? <ItemGridSkeleton /> : null}
      {remote.status === 'notFound' ? <NotFoundState message={remote.failure.message} level={2} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' ? (
        remote.data.items.length === 0 ? (
          <EmptyState>
            <Trans>No products available</Trans>
          </EmptyState>
        ) : (
          <ItemGrid
            items={remote.data.items}
            footer={
              remote.data.num_results > DEFAULT_PAGE_LIMIT ? (
                <Pagination
                  sx={{ alignSelf: 'center' }}
                  page={page}
                  count={Math.ceil(remote.data.num_results / DEFAULT_PAGE_LIMIT)}
                  renderItem={(item) => (
                    <PaginationItem component={RouterLink} to={`${item.page && item.page > 1 ? `${basePath === '/cat' ? '/cat/0/all' : basePath}/${item.page}` : basePath}${search.size > 0 ? `?${search}` : ''}`} {...item} />
                  )}
                />
              ) : null
            }
          />
        )
      ) : null}
    </PageFrame>
  );
}
