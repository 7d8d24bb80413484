import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { currencyName } from '@contract/money';
import type { DiscountField } from '@contract/rules/discount-codes';
import { isSavingDiscount, type DiscountFormField } from '@machines/console/discount-codes-machine';
import { failureText, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { PickerField } from '@/ui/pickers/picker-field';
import { discountProblemText } from './discount-words';
import type { DiscountCodesActor } from './discounts-actor';

type TextFieldName = Exclude<DiscountFormField, 'kind' | 'first_order_only' | 'online_only'>;

/** A new code or a change to one; the chart checks it with the shared rule before sending, the server again. */
export function DiscountForm({ actor }: { actor: DiscountCodesActor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const editing = useSelector(actor, (snapshot) => snapshot.context.editing);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const saving = useSelector(actor, isSavingDiscount);
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.submit' }));
  const canClose = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.close' }));
  if (!form) return null;
  const unit = currencyName(currency, language);
  const edit = (field: DiscountFormField, value: string | boolean) => actor.send({ type: 'form.edit', field, value });
  const text = (field: TextFieldName, label: string, hint: string, options: { numeric?: boolean; ltr?: boolean } = {}) => {
    const problem = problems[field as DiscountField];
    return (
      <TextField
        label={label}
        value={form[field]}
        onChange={(event) => edit(field, event.target.value)}
        error={problem !== undefined}
        helperText={problem ? discountProblemText(field as DiscountField, problem, i18n, language, form.kind) : hint}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { 'data-testid': `discount-${field}`, ...(options.numeric ? { inputMode: 'numeric' } : {}), ...(options.ltr ? { dir: 'ltr' } : {}) },
        }}
      />
    );
  };
  const moment = (field: 'starts_at' | 'expires_at', label: string, hint: string) => {
    const problem = problems[field];
    return (
      <PickerField
        kind="datetime"
        language={language}
        label={label}
        value={form[field]}
        onChange={(value) => edit(field, value)}
        error={problem !== undefined}
        helperText={problem ? discountProblemText(field, problem, i18n, language, form.kind) : hint}
        size="small"
        fullWidth
        testId={`discount-${field}`}
      />
    );
  };
  const titleId = 'discount-form-title';
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
      sx={{ p: 2 }}
      data-testid="discount-form"
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
        {editing === null ? <Trans>New discount code</Trans> : <Trans>Edit discount code</Trans>}
      </Typography>
      <Stack spacing={2}>
        {text('code_text', t`Code`, t`Customers type it at checkout; letters A–Z, digits, - or _.`, { ltr: true })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t`Kind`}
            value={form.kind}
            onChange={(event) => edit('kind', event.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'discount-kind' } }}
          >
            <MenuItem value="percent">{t`Percent of the price`}</MenuItem>
            <MenuItem value="fixed">{t`An amount`}</MenuItem>
          </TextField>
          {text('value', form.kind === 'percent' ? t`Percent` : t`Amount (${unit})`, form.kind === 'percent' ? t`From 1 to 100.` : ' ', { numeric: true })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {form.kind === 'percent' ? text('max_amount', t`Maximum (${unit})`, t`Empty: no maximum.`, { numeric: true }) : null}
          {text('min_order', t`Minimum order (${unit})`, t`Empty: any order.`, { numeric: true })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('total_limit', t`Uses in all`, t`Empty: no limit.`, { numeric: true })}
          {text('per_user_limit', t`Uses per customer`, t`Empty: no limit.`, { numeric: true })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {moment('starts_at', t`Starts`, t`Empty: at once.`)}
          {moment('expires_at', t`Ends`, t`Empty: never.`)}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FormControlLabel
            control={<Checkbox checked={form.first_order_only} onChange={(event) => edit('first_order_only', event.target.checked)} />}
            label={t`First order only`}
          />
          <FormControlLabel control={<Checkbox checked={form.online_only} onChange={(event) => edit('online_only', event.target.checked)} />} label={t`Online payment only`} />
        </Stack>
      </Stack>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failureText(refusal, i18n)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={saving || !canSubmit} data-testid="discount-save">
          <Trans>Save</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'form.close' })} disabled={saving || !canClose}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
