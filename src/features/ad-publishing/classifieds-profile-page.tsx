import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { DataOf } from '@contract/api';
import type { User } from '@contract/index';
import { TEXT_MAX } from '@contract/rules/limits';
import { classifiedsProfileProblems } from '@contract/rules/consultant';
import { selectProblems, selectResource, type FieldProblems } from '@machines/resource-machine';
import { useScreenActor } from '@/ui/actor-system';
import { SavedSearches } from './saved-searches';

/** /home-4/tejari/profile: the classifieds profile (city, town, person or consultant through update_profile), the ways to my ads, bookmarks and chats, and the saved searches. */
export default function ClassifiedsProfilePage() {
  // The saved profile is the session's user (the chart tells the app) and says so, as /profile/information.
  // The classifieds shape of update_profile (no name, no gender): a customer who never chose a gender can save it.
  const actor = useScreenActor(
    'resource',
    { load: { code: 'get_user_detail', payload: {} }, save: 'update_profile', announce: 'user', check: classifiedsProfileProblems, savedNotice: 'profile saved', tellRefusal: true },
    'classifieds-profile',
  );
  const resource = useSelector(actor, selectResource<DataOf<'get_user_detail'>>, shallowEqual);
  const problems = useSelector(actor, selectProblems, shallowEqual);
  const save = (payload: Record<string, unknown>) => actor?.send({ type: 'resource.save', payload });
  return (
    <Box component="section" aria-labelledby="classifieds-profile-title" data-testid="classifieds-profile" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}>
      <Typography id="classifieds-profile-title" component="h1" variant="h5" fontWeight={700}>
        <Trans>My classifieds profile</Trans>
      </Typography>
      <Box component="nav" aria-labelledby="classifieds-profile-title" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1 }}>
        <Button component={RouterLink} to="/home-4/tejari/profile/my-ads" variant="outlined" data-testid="profile-my-ads">
          <Trans>My ads</Trans>
        </Button>
        <Button component={RouterLink} to="/home-4/tejari/profile/bookmark-ads" variant="outlined">
          <Trans>Bookmarked ads</Trans>
        </Button>
        <Button component={RouterLink} to="/home-4/chat" variant="outlined">
          <Trans>My chats</Trans>
        </Button>
        <Button component={RouterLink} to="/home-4/new" variant="contained">
          <Trans>Post an ad</Trans>
        </Button>
      </Box>
      {resource.status === 'loading' ? null : resource.data ? (
        <ProfileForm key={resource.data.id} user={resource.data} saving={resource.status === 'saving'} failure={resource.failure?.message ?? null} problems={problems} onSave={save} />
      ) : (
        <Alert severity="error">{resource.failure?.message}</Alert>
      )}
      <SavedSearches />
    </Box>
  );
}

function ProfileForm({ user, saving, failure, problems, onSave }: { user: User; saving: boolean; failure: string | null; problems: FieldProblems; onSave: (payload: Record<string, unknown>) => void }) {
  const { t } = useLingui();
  const [city, setCity] = useState(user.data.ty_city ?? '');
  const [town, setTown] = useState(user.data.ty_town ?? '');
  const [kind, setKind] = useState(user.data.ty_user_type === 'consultant' ? 'consultant' : 'person');
  const [code, setCode] = useState(user.data.consultant_code ?? '');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave({ id: String(user.id), ty_city: city, ty_town: town, ty_user_type: kind, ...(kind === 'consultant' ? { consultant_code: code } : {}) });
  };
  // The rule's problem before sending, or the server's sentence naming the field (an unknown or taken code).
  const codeProblem = problems.consultant_code === undefined ? null : problems.consultant_code === 'required' ? t`Enter the consultant code the shop gave you.` : (failure ?? t`This consultant code is not valid.`);
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {failure && codeProblem === null ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <TextField label={t`City`} value={city} onChange={(event) => setCity(event.target.value)} slotProps={{ htmlInput: { maxLength: TEXT_MAX.profileText, 'data-testid': 'profile-city' } }} />
      <TextField label={t`Town or neighborhood`} value={town} onChange={(event) => setTown(event.target.value)} slotProps={{ htmlInput: { maxLength: TEXT_MAX.profileText, 'data-testid': 'profile-town' } }} />
      <FormControl>
        <FormLabel id="profile-kind-label">
          <Trans>I publish as</Trans>
        </FormLabel>
        <RadioGroup row aria-labelledby="profile-kind-label" value={kind} onChange={(event) => setKind(event.target.value)}>
          <FormControlLabel value="person" control={<Radio />} label={t`A person`} />
          <FormControlLabel value="consultant" control={<Radio />} label={t`A real-estate consultant`} />
        </RadioGroup>
      </FormControl>
      {kind === 'consultant' ? (
        <TextField
          label={t`Consultant code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeProblem !== null}
          helperText={codeProblem ?? t`The code the shop gave you as its consultant.`}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX.profileText, dir: 'ltr', 'data-testid': 'profile-consultant-code' } }}
        />
      ) : null}
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={saving} data-testid="profile-save">
          <Trans>Save</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
