import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { isLoadingSavedSearches, noSavedSearches, savedSearchesFailure, savedSearchItems } from '@machines/classifieds/saved-searches-machine';
import { useScreenActor, useSystemActor } from '@/ui/actor-system';
import { LoadFailure } from '@/ui/load-states';

/** The classifieds profile's saved searches: each opens the ad list with its filters; one is removed here. */
export function SavedSearches() {
  const { t } = useLingui();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const actor = useScreenActor('savedSearches', { currency }, 'saved-searches');
  const items = useSelector(actor, (snapshot) => (snapshot ? savedSearchItems(snapshot) : []), shallowEqual);
  const failure = useSelector(actor, (snapshot) => (snapshot ? savedSearchesFailure(snapshot) : null));
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingSavedSearches(snapshot) : true));
  const empty = useSelector(actor, (snapshot) => (snapshot ? noSavedSearches(snapshot) : false));
  const busy = useSelector(actor, (snapshot) => snapshot?.matches({ removal: 'removing' }) ?? false);
  return (
    <Box component="section" aria-labelledby="saved-searches-title" data-testid="saved-searches" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="saved-searches-title" component="h2" variant="h6" fontWeight={700}>
        <Trans>Saved searches</Trans>
      </Typography>
      {failure ? <LoadFailure message={failure.message} onRetry={() => actor?.send({ type: 'savedSearches.retry' })} /> : null}
      {loading ? null : empty ? (
        <Typography color="text.secondary">
          <Trans>
            No saved searches yet. On the{' '}
            <Link component={RouterLink} to="/home-4">
              ad list
            </Link>
            , choose your filters and save the search: you will be told of each new ad that matches it.
          </Trans>
        </Typography>
      ) : null}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <Box component="li" key={item.id} data-testid="saved-search" sx={{ display: 'grid', gap: 0.5 }}>
            <Stack direction="row" alignItems="center" spacing={1}>
              <Button component={RouterLink} to={item.path} variant="outlined" sx={{ flex: 1, justifyContent: 'flex-start' }} data-testid="saved-search-open">
                {item.name}
              </Button>
              <IconButton aria-label={t`Remove the saved search “${item.name}”`} disabled={busy} onClick={() => actor?.send({ type: 'savedSearches.remove', id: item.id })} data-testid="saved-search-remove">
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
            {item.refusal ? (
              <Alert severity="error" role="alert">
                {item.refusal}
              </Alert>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
