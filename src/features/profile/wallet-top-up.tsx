import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Currency, Language } from '@contract/enums';
import { currencyName, displayAmount, formatMoney } from '@contract/money';
import { WALLET_CHARGE_CHOICES, WALLET_CHARGE_RIAL } from '@contract/rules/wallet-charge';
import {
  selectChargeAmount,
  selectChargeBusy,
  selectChargeFailure,
  selectChargeFieldFailure,
  selectChargeInvalid,
  selectChargeResult,
  selectChargeVerifying,
} from '@machines/wallet-charge-machine';
import { useScreenActor } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';

const FIELD_ID = 'wallet-top-up-amount';

/** The wallet page's top-up through the gateway (spec §4's operation charge); back from the bank it says how it went. */
export function WalletTopUp({ currency, language }: { currency: Currency; language: Language }) {
  const { t } = useLingui();
  // Read once, when the chart opens: the chart drops the sep_id from the address after verifying, under the same key.
  const sepId = new URLSearchParams(useLocation().search).get('sep_id');
  const actor = useScreenActor('walletCharge', { sepId, currency }, 'wallet-charge');
  const amount = useSelector(actor, selectChargeAmount);
  const invalid = useSelector(actor, selectChargeInvalid);
  const fieldFailure = useSelector(actor, selectChargeFieldFailure);
  const pageFailure = useSelector(actor, selectChargeFailure);
  const result = useSelector(actor, selectChargeResult);
  const busy = useSelector(actor, selectChargeBusy);
  const verifying = useSelector(actor, selectChargeVerifying);
  const canSubmit = useSelector(actor, (snapshot) => snapshot?.can({ type: 'charge.submit' }) ?? false);
  const canAgain = useSelector(actor, (snapshot) => snapshot?.can({ type: 'charge.again' }) ?? false);
  const unit = currencyName(currency, language);
  const min = formatMoney(WALLET_CHARGE_RIAL.min, currency, language);
  const max = formatMoney(WALLET_CHARGE_RIAL.max, currency, language);
  const fieldError = invalid ? t`Enter an amount between ${min} and ${max}.` : fieldFailure;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor?.send({ type: 'charge.submit' });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wallet-top-up-title" sx={{ p: 3, mb: 3, display: 'grid', gap: 2 }} data-testid="wallet-top-up">
      <Typography id="wallet-top-up-title" component="h2" variant="h6" fontWeight={700}>
        <Trans>Top up the wallet</Trans>
      </Typography>
      {verifying ? (
        <Typography role="status" color="text.secondary" data-testid="wallet-top-up-checking">
          <Trans>Checking the top-up with the bank…</Trans>
        </Typography>
      ) : null}
      {result ? (
        <Alert severity={result.outcome === 'paid' ? 'success' : result.outcome === 'waiting' ? 'info' : 'error'} role="status" data-testid="wallet-top-up-result">
          {result.message}
        </Alert>
      ) : null}
      {pageFailure ? (
        <Alert severity="error" role="alert" data-testid="wallet-top-up-failure">
          {pageFailure}
        </Alert>
      ) : null}
      {canAgain ? (
        <Box>
          <Button onClick={() => actor?.send({ type: 'charge.again' })}>
            <Trans>Top up again</Trans>
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
          <Box role="group" aria-label={t`Suggested amounts`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {WALLET_CHARGE_CHOICES.map((rial) => (
              <Button
                key={rial}
                variant="outlined"
                size="small"
                disabled={!canSubmit}
                onClick={() => actor?.send({ type: 'charge.amount', amount: formatNumber(displayAmount(rial, currency), language) })}
              >
                {formatMoney(rial, currency, language)}
              </Button>
            ))}
          </Box>
          <TextField
            id={FIELD_ID}
            label={t`Amount (${unit})`}
            value={amount}
            disabled={!canSubmit}
            onChange={(event) => actor?.send({ type: 'charge.amount', amount: event.target.value })}
            error={fieldError !== null}
            // MUI ties the helper text to the field (aria-describedby): the limits, or why the amount was refused.
            helperText={fieldError ?? t`From ${min} to ${max}.`}
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': FIELD_ID },
            }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy || !canSubmit} data-testid="wallet-top-up-submit">
              <Trans>Pay with the bank</Trans>
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
