import { useState, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DataOf } from '@contract/api';
import { Interface } from '@contract/enums';
import type { User } from '@contract/index';
import { profileProblems } from '@contract/rules/profile';
import { TEXT_MAX } from '@contract/rules/limits';
import type { ApiFailure } from '@machines/api-failure';
import { selectProblems, selectResource, type FieldProblems } from '@machines/resource-machine';
import { useLanguage, useScreenActor, useSystemActor } from '@/ui/actor-system';
import { JalaliDateField, type JalaliDate } from './jalali-date-field';

const part = (value: number | null) => (value === null ? '' : String(value));

/** /profile/information: name, gender, Jalali birth and marriage dates (and classifieds fields on the classifieds interface). */
export default function InformationPage() {
  const language = useLanguage();
  const classifieds = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.interface_id === Interface.classifieds);
  // The chart checks the profile with the server's rule; the saved profile is the session's user (the chart tells the app) and says so.
  const actor = useScreenActor('resource', { load: { code: 'get_user_detail', payload: {} }, save: 'update_profile', announce: 'user', check: profileProblems, savedNotice: 'profile saved' }, 'profile');
  const resource = useSelector(actor, selectResource<DataOf<'get_user_detail'>>, shallowEqual);
  const problems = useSelector(actor, selectProblems);
  if (resource.status === 'loading') return null;
  const user = resource.data;
  if (!user) return <Alert severity="error">{resource.failure?.message}</Alert>;
  const save = (payload: Record<string, unknown>) => actor?.send({ type: 'resource.save', payload });
  return <InformationForm key={user.id} user={user} classifieds={classifieds} language={language} saving={resource.status === 'saving'} problems={problems} failure={resource.failure} onSave={save} />;
}

function InformationForm({ user, classifieds, language, saving, problems, failure, onSave }: { user: User; classifieds: boolean; language: 'fa' | 'en'; saving: boolean; problems: FieldProblems; failure: ApiFailure | null; onSave: (payload: Record<string, unknown>) => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(user.name);
  const [gender, setGender] = useState(user.gender === null ? '' : String(user.gender));
  const [birth, setBirth] = useState<JalaliDate>({ year: user.b_year, month: user.b_month, day: user.b_day });
  const [marriage, setMarriage] = useState<JalaliDate>({ year: user.m_year, month: user.m_month, day: user.m_day });
  const [city, setCity] = useState(user.data.ty_city ?? '');
  const [town, setTown] = useState(user.data.ty_town ?? '');
  // The chart's check says 'required'; a server refusal that names the field says why in its own words.
  const said = (field: string, own: string) => (problems[field] === undefined ? null : problems[field] === 'required' ? own : (failure?.message ?? own));
  // Spec §5's profile wording, which differs from registration's: its own context keeps the two apart in the merged catalogs.
  const nameError = said('name', t({ message: 'Your full name is required', context: 'profile' }));
  const genderError = said('gender', t`Choosing a gender is required`);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave({
      id: String(user.id),
      name,
      gender,
      b_year: part(birth.year), b_month: part(birth.month), b_day: part(birth.day),
      m_year: part(marriage.year), m_month: part(marriage.month), m_day: part(marriage.day),
      ...(classifieds ? { ty_city: city, ty_town: town } : {}),
    });
  };
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
        <Trans>Personal information</Trans>
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        {failure && !problems.name && !problems.gender ? <Alert severity="error" role="alert">{failure.message}</Alert> : null}
        <TextField id="profile-name" label={t`Full name`} value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" required error={Boolean(nameError)} helperText={nameError ?? ' '} slotProps={{ htmlInput: { 'aria-describedby': 'profile-name-helper-text', maxLength: TEXT_MAX.personName } }} />
        <TextField label={t`Mobile number`} value={user.mobile} disabled slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <FormControl error={Boolean(genderError)} required>
          <FormLabel id="profile-gender-label">
            <Trans>Gender</Trans>
          </FormLabel>
          <RadioGroup row aria-labelledby="profile-gender-label" aria-describedby="profile-gender-error" value={gender} onChange={(event) => setGender(event.target.value)}>
            <FormControlLabel value="2" control={<Radio />} label={t`Female`} />
            <FormControlLabel value="1" control={<Radio />} label={t`Male`} />
          </RadioGroup>
          <FormHelperText id="profile-gender-error">{genderError ?? ' '}</FormHelperText>
        </FormControl>
        <JalaliDateField label={t`Date of birth`} value={birth} onChange={setBirth} language={language} />
        <JalaliDateField label={t`Wedding anniversary`} value={marriage} onChange={setMarriage} language={language} />
        {classifieds ? (
          <>
            <TextField label={t`City`} value={city} onChange={(event) => setCity(event.target.value)} />
            <TextField label={t`Neighbourhood`} value={town} onChange={(event) => setTown(event.target.value)} />
          </>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          <Trans>Save</Trans>
        </Button>
      </Box>
    </Container>
  );
}
