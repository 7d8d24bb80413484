import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ShopHoursField } from '@contract/rules/shop-hours';
import { onHoliday, type shopSettingsMachine } from '@machines/console/shop-settings-machine';
import { PickerField } from '@/ui/pickers/picker-field';
import { useConsoleLanguage } from '../counter/counter-format';
import { settingProblemText } from './problem-text';
import { SaveRow } from './save-row';

type Actor = ActorRefFrom<typeof shopSettingsMachine>;

/** The open switch, the hours (a shift may run past midnight) and "closed until" a Tehran date and time. */
export function HoursForm({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const hours = useSelector(actor, (snapshot) => snapshot.context.hours);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems.hours);
  const failure = useSelector(actor, (snapshot) => (snapshot.context.failedGroup === 'hours' ? snapshot.context.failure : null));
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved === 'hours');
  const saving = useSelector(actor, (snapshot) => snapshot.matches('savingHours'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'hours.save' }));
  const holiday = useSelector(actor, onHoliday);
  const field = (name: ShopHoursField, label: string, kind: 'time' | 'datetime', help: string) => (
    <PickerField
      kind={kind}
      language={language}
      label={label}
      value={hours[name]}
      onChange={(value) => actor.send({ type: 'hours.edit', field: name, value })}
      error={problems[name] !== undefined}
      helperText={settingProblemText(problems[name], i18n) || help}
      testId={`hours-${name}`}
      fullWidth
    />
  );
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="hours-title"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'hours.save' });
      }}
    >
      <Typography id="hours-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Hours and closing</Trans>
      </Typography>
      <Stack spacing={2}>
        <FormControlLabel
          control={<Switch checked={hours.open} onChange={(event) => actor.send({ type: 'hours.open', on: event.target.checked })} slotProps={{ input: { 'aria-describedby': 'open-help' } }} />}
          label={t`Taking orders`}
        />
        <Typography id="open-help" variant="body2" color="text.secondary" sx={{ mt: '0 !important' }}>
          <Trans>Off: customers see the shop closed and cannot order until you switch it on.</Trans>
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          {field('opens_at', t`Opens at`, 'time', t`Empty: open all day.`)}
          {field('closes_at', t`Closes at`, 'time', t`May be past midnight, e.g. 02:00.`)}
        </Box>
        {field('closed_until', t`Closed until (Tehran time)`, 'datetime', t`A holiday: no order is taken before this moment.`)}
        {holiday ? (
          <Button variant="outlined" onClick={() => actor.send({ type: 'hours.reopen' })} sx={{ alignSelf: 'flex-start' }} data-testid="hours-reopen">
            <Trans>Open again (clear the holiday)</Trans>
          </Button>
        ) : null}
      </Stack>
      <SaveRow failure={failure} saved={saved} saving={saving} canSave={canSave} testId="hours-save">
        <Trans>Save hours</Trans>
      </SaveRow>
    </Box>
  );
}
