import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TeamMember } from '@contract/console/counter-entities';
import { STAFF_PASSWORD_MIN, type StaffRole } from '@contract/console/rules';
import { formatNumber } from '@contract/numbers';
import { isSavingTeam } from '@machines/console/team-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { formProblemText, useConsoleLanguage } from '../counter/counter-format';
import { counterFlows } from '../live';
import { ConsoleOutcome } from '../counter/console-outcome';
import { ConsoleList } from '../counter/console-list';
import { OwnerGate } from '../counter/owner-gate';

type TeamActor = NonNullable<ReturnType<typeof useTeamActor>>;
const useTeamActor = () => useScreenFlow(counterFlows.team(), undefined, 'team');

function RoleSelect({
  value,
  onChange,
  label,
  testId,
  disabled = false,
}: {
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
      size="small"
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="staff">{t`Staff`}</MenuItem>
      <MenuItem value="owner">{t`Owner`}</MenuItem>
    </TextField>
  );
}

function AddMember({ actor }: { actor: TeamActor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const problems = useSelector(actor, (snapshot) => snapshot.context.addProblems);
  const saving = useSelector(actor, isSavingTeam);
  const min = formatNumber(STAFF_PASSWORD_MIN, language);
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby="team-add-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'add.submit' });
      }}
      sx={{ p: 2 }}
    >
      <Typography id="team-add-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Add a staff account</Trans>
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t`Name`}
          value={form.name}
          required
          onChange={(event) => actor.send({ type: 'add.edit', field: 'name', value: event.target.value })}
          error={problems.name !== undefined}
          helperText={formProblemText(problems.name, i18n) || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'team-add-name' } }}
        />
        <TextField
          label={t`Username`}
          value={form.username}
          required
          autoComplete="off"
          onChange={(event) => actor.send({ type: 'add.edit', field: 'username', value: event.target.value })}
          error={problems.username !== undefined}
          helperText={formProblemText(problems.username, i18n) || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'team-add-username', dir: 'ltr' } }}
        />
        <TextField
          label={t`Password`}
          type="password"
          value={form.password}
          required
          autoComplete="new-password"
          onChange={(event) => actor.send({ type: 'add.edit', field: 'password', value: event.target.value })}
          error={problems.password !== undefined}
          helperText={formProblemText(problems.password, i18n, { min }) || t`At least ${min} characters.`}
          slotProps={{ htmlInput: { 'data-testid': 'team-add-password' } }}
        />
        <RoleSelect label={t`Role`} value={form.role} onChange={(role) => actor.send({ type: 'add.edit', field: 'role', value: role })} testId="team-add-role" />
      </Stack>
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }} data-testid="team-add-submit">
        <Trans>Add</Trans>
      </Button>
    </Paper>
  );
}

/** One account with its changes; the typed name or password stays here until sent (the chart checks it). */
function MemberCard({ actor, member }: { actor: TeamActor; member: TeamMember }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const [name, setName] = useState(member.name);
  const [password, setPassword] = useState('');
  const problems = useSelector(actor, (snapshot) => (snapshot.context.changeProblems?.staffId === member.id ? snapshot.context.changeProblems.problems : null));
  const busy = useSelector(actor, (snapshot) => snapshot.context.changing === member.id);
  // Another member's change or an add running: the chart takes no change until it ends.
  const canRename = useSelector(actor, (snapshot) => snapshot.can({ type: 'member.change', staffId: member.id, change: { name } }));
  const canSetRole = useSelector(actor, (snapshot) => snapshot.can({ type: 'member.change', staffId: member.id, change: { role: member.role } }));
  const canSetPassword = useSelector(actor, (snapshot) => snapshot.can({ type: 'member.change', staffId: member.id, change: { password } }));
  const canSwitch = useSelector(actor, (snapshot) => snapshot.can({ type: 'member.change', staffId: member.id, change: { disabled: member.disabled ? 0 : 1 } }));
  const titleId = `team-member-${member.id}`;
  const min = formatNumber(STAFF_PASSWORD_MIN, language);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-testid={`team-member-${member.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {member.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" dir="ltr">
            {member.username}
          </Typography>
          <Chip size="small" label={member.role === 'owner' ? t`Owner` : t`Staff`} />
          {member.disabled ? <Chip size="small" color="warning" label={t`Disabled`} /> : null}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t`Name`}
            value={name}
            size="small"
            onChange={(event) => setName(event.target.value)}
            error={problems?.name !== undefined}
            helperText={formProblemText(problems?.name, i18n) || ' '}
          />
          <Button onClick={() => actor.send({ type: 'member.change', staffId: member.id, change: { name } })} disabled={busy || !canRename || name === member.name}>
            <Trans>Rename</Trans>
          </Button>
          <RoleSelect
            label={t`Role`}
            value={member.role}
            onChange={(role) => actor.send({ type: 'member.change', staffId: member.id, change: { role } })}
            testId={`team-role-${member.id}`}
            disabled={!canSetRole}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mt: 1 }}>
          <TextField
            label={t`New password`}
            type="password"
            value={password}
            size="small"
            autoComplete="new-password"
            onChange={(event) => setPassword(event.target.value)}
            error={problems?.password !== undefined}
            helperText={formProblemText(problems?.password, i18n, { min }) || t`At least ${min} characters.`}
          />
          <Button
            onClick={() => {
              actor.send({ type: 'member.change', staffId: member.id, change: { password } });
              setPassword('');
            }}
            disabled={busy || !canSetPassword || password === ''}
          >
            <Trans>Set password</Trans>
          </Button>
          <Button
            color={member.disabled ? 'primary' : 'error'}
            onClick={() => actor.send({ type: 'member.change', staffId: member.id, change: { disabled: member.disabled ? 0 : 1 } })}
            disabled={busy || !canSwitch}
            data-testid={`team-toggle-${member.id}`}
          >
            {member.disabled ? t`Enable` : t`Disable`}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The owner's team: the staff accounts, a new one, and each one's name, role, password and whether it may log in. */
function Team() {
  const { t } = useLingui();
  const actor = useTeamActor();
  const members = useSelector(actor, (snapshot) => snapshot?.context.members ?? []);
  const loading = useSelector(actor, (snapshot) => snapshot?.matches('loading') ?? true);
  const failure = useSelector(actor, (snapshot) => (snapshot?.matches('failed') ? snapshot.context.listFailure : null));
  const refusal = useSelector(actor, (snapshot) => snapshot?.context.refusal ?? null);
  const note = useSelector(actor, (snapshot) => snapshot?.context.note ?? null);
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box sx={{ p: 2, maxWidth: 760 }} data-testid="team-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Team</Trans>
      </Typography>
      <ConsoleOutcome note={note ? (note.kind === 'added' ? t`${note.name} was added.` : t`${note.name} was saved.`) : null} refusal={refusal} />
      <ConsoleList loading={loading} failure={failure} onRetry={() => actor.send({ type: 'team.retry' })}>
        {members.map((member) => (
          <MemberCard key={`${member.id}:${member.name}`} actor={actor} member={member} />
        ))}
        {loading || failure ? null : <AddMember actor={actor} />}
      </ConsoleList>
    </Box>
  );
}

/** The owner's only (OwnerGate). */
export default function TeamScreen() {
  return (
    <OwnerGate>
      <Team />
    </OwnerGate>
  );
}
