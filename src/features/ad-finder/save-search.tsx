import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { SAVED_SEARCH_NAME_MAX } from '@contract/rules/ads';
import { isNamingSearch, isSavingSearch, savedSearchOf, saveSearchFailure, type adFinderMachine } from '@machines/classifieds/ad-finder-machine';

/** "Save this search" on /home-4: the applied filters kept under a name (optional), so new ads matching them are told live. */
export function SaveSearch({ actor }: { actor: ActorRefFrom<typeof adFinderMachine> }) {
  const { t } = useLingui();
  const saved = useSelector(actor, savedSearchOf);
  const naming = useSelector(actor, isNamingSearch);
  const saving = useSelector(actor, isSavingSearch);
  const failure = useSelector(actor, saveSearchFailure);
  const name = useSelector(actor, (snapshot) => snapshot.context.searchName);
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'finder.saveSearch' }));
  if (saved) {
    return (
      <Alert severity="success" data-testid="search-saved" role="status">
        <Trans>
          Saved as “{saved.name}”: you will be told when a new ad matches it.{' '}
          <Link component={RouterLink} to="/home-4/tejari/profile">
            Your saved searches
          </Link>
        </Trans>
      </Alert>
    );
  }
  if (naming || saving) {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      actor.send({ type: 'finder.saveSearchConfirm' });
    };
    return (
      <Box component="form" noValidate onSubmit={submit} data-testid="save-search-form" sx={{ display: 'grid', gap: 1 }}>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure.message}
          </Alert>
        ) : null}
        <TextField
          size="small"
          label={t`Name of the search (optional)`}
          value={name}
          onChange={(event) => actor.send({ type: 'finder.searchName', text: event.target.value })}
          slotProps={{ htmlInput: { maxLength: SAVED_SEARCH_NAME_MAX, 'data-testid': 'search-name' } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saving} data-testid="save-search-confirm">
            <Trans>Save the search</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'finder.saveSearchCancel' })} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Box>
      <Button variant="text" startIcon={<NotificationsActiveIcon />} disabled={!canSave} onClick={() => actor.send({ type: 'finder.saveSearch' })} data-testid="save-search">
        <Trans>Save this search</Trans>
      </Button>
    </Box>
  );
}
