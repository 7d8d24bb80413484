import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ItemGrid, ItemGridSkeleton } from '@/ui/item-card';
import { selectResource } from '@machines/resource-machine';
import type { DataOf } from '@contract/api';
import { DEFAULT_PAGE_LIMIT } from '@contract/entities/catalog';
import { EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { localDigits } from '@/ui/format';

function SearchResults({ query, page }: { query: string; page: number }) {
  const language = useLanguage();
  const actor = useScreenActor('resource', { load: { code: 'get_list_item', payload: { name: query, offset: (page - 1) * DEFAULT_PAGE_LIMIT, limit: DEFAULT_PAGE_LIMIT } } }, `get_list_item:${JSON.stringify([query, page])}`);
  const remote = useSelector(actor, selectResource<DataOf<'get_list_item'>>, shallowEqual);
  const retry = () => actor?.send({ type: 'resource.retry' });
  if (remote.status === 'loading') return <ItemGridSkeleton />;
  if (remote.status === 'notFound') return <NotFoundState message={remote.failure.message} level={2} />;
  if (remote.status === 'failed') return <LoadFailure message={remote.failure.message} onRetry={retry} />;
  if (remote.data.items.length === 0) {
    const typed = localDigits(query, language);
    return (
      <EmptyState>
        <Trans>No product matched “{typed}”.</Trans>
      </EmptyState>
    );
  }
  const pages = Math.ceil(remote.data.num_results / DEFAULT_PAGE_LIMIT);
  const q = encodeURIComponent(query);
  return (
    <ItemGrid
      items={remote.data.items}
      footer={pages > 1 ? <Pagination sx={{ alignSelf: 'center' }} page={page} count={pages} renderItem={(item) => <PaginationItem component={RouterLink} to={`/search/${item.page ?? 1}?q=${q}`} {...item} />} /> : null}
    />
  );
}

/** /search/:page?: the query lives in the URL (?q=), so a result page can be shared and reloaded. */
export default function SearchPage() {
  const { t } = useLingui();
  const params = useRouteParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = (search.get('q') ?? '').trim();
  const page = params.page && /^\d+$/.test(params.page) && Number(params.page) > 0 ? Number(params.page) : 1;
  const [text, setText] = useState(query);
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setEmpty(value === '');
    if (value !== '') navigate(`/search?q=${encodeURIComponent(value)}`);
  };

  return (
    <PageFrame title={<Trans>Search</Trans>} testId="search-page">
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          fullWidth
          size="small"
          // The page is there to type in: its field takes the focus when it opens.
          autoFocus
          label={t`Search products`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={empty}
          helperText={empty ? t`Please fill the search box` : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'search-input', type: 'search' } }}
        />
        <Button type="submit" variant="contained" data-testid="search-submit">
          <Trans>Search</Trans>
        </Button>
      </Box>
      {query === '' ? null : <SearchResults key={`${query}/${page}`} query={query} page={page} />}
    </PageFrame>
  );
}
