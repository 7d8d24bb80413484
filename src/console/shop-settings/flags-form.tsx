import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShopFlag, ShopText, ShopTextField } from '@contract/rules/shop-flags';
import { refusedField, type shopSettingsMachine } from '@machines/console/shop-settings-machine';
import { settingProblemText } from './problem-text';
import { SaveRow } from './save-row';

type Actor = ActorRefFrom<typeof shopSettingsMachine>;

/** The shop's switches (who may shop, the English menu, the agreement, maintenance, menu only) and its texts in fa and en. */
export function FlagsForm({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const flags = useSelector(actor, (snapshot) => snapshot.context.flags);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems.flags);
  const refused = useSelector(actor, (snapshot) => refusedField(snapshot, 'flags'));
  const failure = useSelector(actor, (snapshot) => (snapshot.context.failedGroup === 'flags' && !refusedField(snapshot, 'flags') ? snapshot.context.failure : null));
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved === 'flags');
  const saving = useSelector(actor, (snapshot) => snapshot.matches('savingFlags'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'flags.save' }));
  const switchOf = (flag: ShopFlag, label: string, help: string) => (
    <Box key={flag}>
      <FormControlLabel
        control={
          <Switch
            checked={flags.switches[flag]}
            onChange={(event) => actor.send({ type: 'flags.switch', flag, on: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': `flag-${flag}-help` } }}
            data-testid={`flag-${flag}`}
          />
        }
        label={label}
      />
      <Typography id={`flag-${flag}-help`} variant="body2" color="text.secondary">
        {help}
      </Typography>
    </Box>
  );
  const textOf = (field: ShopTextField, label: string, multiline: boolean) => {
    const message = refused?.field === field ? refused.message : settingProblemText(problems[field], i18n);
    return (
      <TextField
        key={field}
        label={label}
        value={flags.texts[field]}
        onChange={(event) => actor.send({ type: 'flags.edit', field, text: event.target.value })}
        error={message !== ''}
        helperText={message || undefined}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': `text-${field}`, dir: field.endsWith('_en') ? 'ltr' : 'rtl' } }}
      />
    );
  };
  const pair = (name: ShopText, fa: string, en: string, multiline = true) => (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      {textOf(`${name}_fa`, fa, multiline)}
      {textOf(`${name}_en`, en, multiline)}
    </Box>
  );
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="flags-title"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'flags.save' });
      }}
    >
      <Typography id="flags-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Switches and texts</Trans>
      </Typography>
      <Stack spacing={2}>
        {switchOf('use_as_menu', t`Menu only`, t`Customers see the items and prices but have no cart and cannot order.`)}
        {switchOf('force_login', t`Login required`, t`Customers must log in before seeing the shop.`)}
        {switchOf('access_request', t`Access by request`, t`A customer asks for access and shops once you accept.`)}
        {switchOf('digital_menu_en', t`Digital menu`, t`The read-only menu page (/digital) is offered.`)}
        {switchOf('state_of_development', t`Under maintenance`, t`Customers see a maintenance page instead of the shop.`)}
        {switchOf('agreement_page', t`Agreement before ordering`, t`Customers accept the agreement below once before their first order.`)}
        {pair('agreement_text', t`Agreement text (Persian)`, t`Agreement text (English)`)}
        {pair('other_city_detail', t`Other-city text (Persian)`, t`Other-city text (English)`)}
        <Typography variant="body2" color="text.secondary" sx={{ mt: '4px !important' }}>
          <Trans>Shown at the address step to a customer whose address is outside your delivery area.</Trans>
        </Typography>
        {pair('meta_description', t`Search description (Persian)`, t`Search description (English)`)}
        {pair('meta_keywords', t`Keywords (Persian)`, t`Keywords (English)`, false)}
      </Stack>
      <SaveRow failure={failure} saved={saved} saving={saving} canSave={canSave} testId="flags-save">
        <Trans>Save switches and texts</Trans>
      </SaveRow>
    </Box>
  );
}
