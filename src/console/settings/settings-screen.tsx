import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Currency, Language } from '@contract/enums';
import { currencyName, displayAmount } from '@contract/money';
import { formatNumber, localDigits } from '@contract/numbers';
import { COUNTER_SETTING_BOUNDS } from '@contract/rules/counter-forms';
import { useScreenFlow } from '@/ui/actor-system';
import { failureText, formProblemText, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { counterFlows } from '../live';
import { OwnerGate } from '../counter/owner-gate';

type Field = keyof typeof COUNTER_SETTING_BOUNDS;

/** A field's bounds in what the owner types: minutes, or the shop's currency. */
function boundsOf(field: Field, currency: Currency, language: Language): { min: string; max: string } {
  const { min, max } = COUNTER_SETTING_BOUNDS[field];
  const shown = (value: number) => formatNumber(field === 'payment_wait_minutes' ? value : displayAmount(value, currency), language);
  return { min: shown(min), max: shown(max) };
}

/** The owner's counter settings: how long an online payment is awaited, the referral's reward, the order SMS, the staff's wallet limits, the order cap. */
function Settings() {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const actor = useScreenFlow(counterFlows.counterSettings(), { currency }, currency);
  const form = useSelector(actor, (snapshot) => snapshot?.context.form ?? null);
  const problems = useSelector(actor, (snapshot) => snapshot?.context.problems ?? null);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? false);
  const loading = useSelector(actor, (snapshot) => snapshot?.matches('loading') ?? true);
  const failed = useSelector(actor, (snapshot) => snapshot?.matches('failed') ?? false);
  const saving = useSelector(actor, (snapshot) => snapshot?.matches('saving') ?? false);
  if (!actor || !form || !problems) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  const unit = currencyName(currency, language);
  const field = (name: Field, label: string) => {
    const bounds = boundsOf(name, currency, language);
    return (
      <TextField
        label={label}
        value={localDigits(form[name], language)}
        required
        onChange={(event) => actor.send({ type: 'settings.edit', field: name, value: event.target.value })}
        error={problems[name] !== undefined}
        helperText={formProblemText(problems[name], i18n, bounds) || t`Between ${bounds.min} and ${bounds.max}.`}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `settings-${name}` } }}
      />
    );
  };
  return (
    <Box sx={{ p: 2, maxWidth: 560 }} data-testid="settings-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Counter settings</Trans>
      </Typography>
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failed ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'settings.retry' })}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {loading || failed ? null : (
        <Box
          component="form"
          noValidate
          aria-label={t`Counter settings`}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'settings.save' });
          }}
        >
          <Stack spacing={2}>
            {field('payment_wait_minutes', t`Minutes an online payment is awaited`)}
            {field('referral_reward', t`Referral reward (${unit})`)}
            {field('staff_wallet_limit', t`Most a staff member may add to a wallet at once (${unit})`)}
            {field('staff_wallet_day_limit', t`Most a staff member may add to wallets in a day (${unit})`)}
            {field('order_total_max', t`Most one order may come to (${unit})`)}
            <FormControlLabel
              control={<Switch checked={form.order_sms} onChange={(event) => actor.send({ type: 'settings.sms', on: event.target.checked })} />}
              label={t`Text the customer when an order is confirmed and sent`}
            />
          </Stack>
          <Box aria-live="polite" sx={{ mt: 2 }}>
            {failure ? (
              <Alert severity="error" role="alert">
                {failureText(failure, i18n)}
              </Alert>
            ) : null}
            {saved ? <Alert severity="success" role="status">{t`Saved.`}</Alert> : null}
          </Box>
          <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }} data-testid="settings-save">
            <Trans>Save</Trans>
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The owner's only (OwnerGate). */
export default function SettingsScreen() {
  return (
    <OwnerGate>
      <Settings />
    </OwnerGate>
  );
}
