import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { currencyName } from '@contract/money';
import { localDigits } from '@contract/numbers';
import type { DeliveryTextField } from '@contract/rules/shop-delivery';
import type { MethodForm, shopSettingsMachine } from '@machines/console/shop-settings-machine';
import { useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { settingProblemText } from './problem-text';
import { SaveRow } from './save-row';

type Actor = ActorRefFrom<typeof shopSettingsMachine>;

/** Each delivery method on or off with its names, descriptions (fa and en) and price; the minimum order. */
export function DeliveryForm({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const unit = currencyName(useShopCurrency(), language);
  const delivery = useSelector(actor, (snapshot) => snapshot.context.delivery);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems.delivery);
  const failure = useSelector(actor, (snapshot) => (snapshot.context.failedGroup === 'delivery' ? snapshot.context.failure : null));
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved === 'delivery');
  const saving = useSelector(actor, (snapshot) => snapshot.matches('savingDelivery'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'delivery.save' }));
  const number = (value: number) => localDigits(String(value), language);
  const methodField = (method: MethodForm, field: DeliveryTextField | 'price', label: string, multiline = false) => {
    const problem = problems[`${method.value}.${field}`];
    return (
      <TextField
        label={label}
        value={field === 'price' ? localDigits(method[field], language) : method[field]}
        onChange={(event) => actor.send({ type: 'delivery.edit', value: method.value, field, text: event.target.value })}
        error={problem !== undefined}
        helperText={settingProblemText(problem, i18n) || undefined}
        multiline={multiline}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': `method-${method.value}-${field}`, ...(field === 'price' ? { inputMode: 'numeric' } : {}) } }}
      />
    );
  };
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="delivery-title"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'delivery.save' });
      }}
    >
      <Typography id="delivery-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Delivery and minimum order</Trans>
      </Typography>
      <Stack spacing={3}>
        {delivery.methods.map((method) => (
          <Box key={method.value} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
            <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
              {method.text_fa || method.text_en || t`Delivery method ${number(method.value)}`}
            </Typography>
            <Stack spacing={2}>
              <FormControlLabel
                control={<Switch checked={method.on} onChange={(event) => actor.send({ type: 'delivery.switch', value: method.value, on: event.target.checked })} />}
                label={t`Offered to customers`}
              />
              <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                {methodField(method, 'text_fa', t`Name (Persian)`)}
                {methodField(method, 'text_en', t`Name (English)`)}
              </Box>
              {methodField(method, 'price', t`Delivery price (${unit})`)}
              {methodField(method, 'description_fa', t`Description (Persian)`, true)}
              {methodField(method, 'description_en', t`Description (English)`, true)}
            </Stack>
          </Box>
        ))}
        {problems.methods ? (
          <Alert severity="error" role="alert">
            {settingProblemText(problems.methods, i18n)}
          </Alert>
        ) : null}
        <TextField
          label={t`Minimum order (${unit})`}
          value={localDigits(delivery.min_order, language)}
          onChange={(event) => actor.send({ type: 'delivery.minimum', text: event.target.value })}
          error={problems.min_order !== undefined}
          helperText={settingProblemText(problems.min_order, i18n) || t`0: no minimum.`}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'delivery-min-order' } }}
        />
      </Stack>
      <SaveRow failure={failure} saved={saved} saving={saving} canSave={canSave} testId="delivery-save">
        <Trans>Save delivery</Trans>
      </SaveRow>
    </Box>
  );
}
