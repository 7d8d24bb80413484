import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DiscountCode } from '@contract/console/discount-entities';
import { formatMoney } from '@contract/money';
import { formatNumber, localDigits } from '@contract/numbers';
import { isSavingDiscount } from '@machines/console/discount-codes-machine';
import { failureText, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { ConsoleOutcome } from '../counter/console-outcome';
import { ConsoleList } from '../counter/console-list';
import { OwnerGate } from '../counter/owner-gate';
import { DiscountForm } from './discount-form';
import { discountSummary, momentText } from './discount-words';
import { useDiscountCodesActor, type DiscountCodesActor } from './discounts-actor';

/** The orders that used a code, opened under it. */
function CodeUses({ actor, code }: { actor: DiscountCodesActor; code: DiscountCode }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const uses = useSelector(actor, (snapshot) => (snapshot.context.uses?.codeId === code.id ? snapshot.context.uses : null));
  if (!uses) return null;
  if (uses.failure) return <Alert severity="error" role="alert">{failureText(uses.failure, i18n)}</Alert>;
  if (!uses.orders) return <CircularProgress size={20} aria-label={t`Loading…`} />;
  if (uses.orders.length === 0) return <Typography variant="body2" color="text.secondary">{t`No order has used this code yet.`}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, ps: 2 }} aria-label={t`Orders that used ${code.code}`} data-testid={`discount-uses-${code.id}`}>
      {uses.orders.map((use) => (
        <li key={use.order_id}>
          <Typography variant="body2">
            {t`Order ${localDigits(use.tracking_code ?? String(use.order_id), language)}`} · {use.customer.name || localDigits(use.customer.mobile, language)} ·{' '}
            {formatMoney(use.discount, currency, language)}
            {use.placed_at ? ` · ${momentText(use.placed_at, language)}` : ''}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** One code: what it gives, its dates and uses, and what the owner may do with it. */
function CodeCard({ actor, code }: { actor: DiscountCodesActor; code: DiscountCode }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const busy = useSelector(actor, isSavingDiscount);
  const usesOpen = useSelector(actor, (snapshot) => snapshot.context.uses?.codeId === code.id);
  const canOpenUses = useSelector(actor, (snapshot) => snapshot.can({ type: 'uses.open', codeId: code.id }));
  const canOpen = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.open', codeId: code.id }));
  const canSwitch = useSelector(actor, (snapshot) => snapshot.can({ type: 'code.switch', codeId: code.id }));
  const titleId = `discount-code-${code.id}`;
  const used = formatNumber(code.used_count, language);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-testid={`discount-card-${code.code}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} dir="ltr">
            {code.code}
          </Typography>
          {code.disabled ? <Chip size="small" color="warning" label={t`Off`} /> : null}
          <Chip size="small" label={code.total_limit === null ? t`Used ${used} times` : t`Used ${used} of ${formatNumber(code.total_limit, language)}`} data-testid={`discount-used-${code.code}`} />
        </Stack>
        <Typography variant="body2">{discountSummary(code, i18n, currency, language)}</Typography>
        {code.starts_at || code.expires_at ? (
          <Typography variant="body2" color="text.secondary">
            {code.starts_at ? t`From ${momentText(code.starts_at, language)}` : ''} {code.expires_at ? t`Until ${momentText(code.expires_at, language)}` : ''}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => actor.send({ type: 'form.open', codeId: code.id })} disabled={busy || !canOpen}>
            <Trans>Edit</Trans>
          </Button>
          <Button size="small" color={code.disabled ? 'primary' : 'error'} onClick={() => actor.send({ type: 'code.switch', codeId: code.id })} disabled={busy || !canSwitch}>
            {code.disabled ? t`Turn on` : t`Turn off`}
          </Button>
          <Button
            size="small"
            aria-expanded={usesOpen}
            onClick={() => actor.send(usesOpen ? { type: 'uses.close' } : { type: 'uses.open', codeId: code.id })}
            disabled={!usesOpen && !canOpenUses}
          >
            {usesOpen ? t`Hide orders` : t`Orders that used it`}
          </Button>
        </Stack>
        <CodeUses actor={actor} code={code} />
      </CardContent>
    </Card>
  );
}

/** The owner's discount codes: a search, a new code, and each code with its uses. */
function Discounts() {
  const { t } = useLingui();
  const actor = useDiscountCodesActor();
  const codes = useSelector(actor, (snapshot) => snapshot?.context.codes ?? []);
  const search = useSelector(actor, (snapshot) => snapshot?.context.search ?? '');
  const searched = useSelector(actor, (snapshot) => snapshot?.context.searched ?? '');
  const loading = useSelector(actor, (snapshot) => snapshot?.matches('loading') ?? true);
  const failure = useSelector(actor, (snapshot) => (snapshot?.matches('failed') ? snapshot.context.listFailure : null));
  const formOpen = useSelector(actor, (snapshot) => snapshot?.context.form !== null);
  // Both wait for the list: the chart takes them once it is shown.
  const canOpenNew = useSelector(actor, (snapshot) => snapshot?.can({ type: 'form.new' }) ?? false);
  const canSearch = useSelector(actor, (snapshot) => snapshot?.can({ type: 'search.submit' }) ?? false);
  const note = useSelector(actor, (snapshot) => snapshot?.context.note ?? null);
  const refusal = useSelector(actor, (snapshot) => (snapshot?.context.form === null ? snapshot.context.refusal : null));
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  const noteText = (shown: NonNullable<typeof note>) => {
    switch (shown.kind) {
      case 'added':
        return t`${shown.code} was created.`;
      case 'saved':
        return t`${shown.code} was saved.`;
      case 'disabled':
        return t`${shown.code} is off: checkout no longer takes it.`;
      case 'enabled':
        return t`${shown.code} is on again.`;
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 760 }} data-testid="discounts-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Discount codes</Trans>
      </Typography>
      <ConsoleOutcome note={note ? noteText(note) : null} refusal={refusal} />
      <Stack
        component="form"
        role="search"
        direction="row"
        spacing={1}
        sx={{ mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
      >
        <TextField
          label={t`Find a code`}
          value={search}
          onChange={(event) => actor.send({ type: 'search.edit', value: event.target.value })}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'discount-search' } }}
        />
        <Button type="submit" variant="outlined" disabled={!canSearch}>
          <Trans>Find</Trans>
        </Button>
      </Stack>
      {formOpen ? (
        <Box sx={{ mb: 2 }}>
          <DiscountForm actor={actor} />
        </Box>
      ) : (
        <Button variant="contained" disabled={!canOpenNew} onClick={() => actor.send({ type: 'form.new' })} sx={{ mb: 2 }} data-testid="discount-new">
          <Trans>New discount code</Trans>
        </Button>
      )}
      <ConsoleList
        loading={loading}
        failure={failure}
        onRetry={() => actor.send({ type: 'list.retry' })}
        empty={codes.length === 0 ? (searched ? t`No code contains “${searched}”.` : t`The shop has no discount codes yet.`) : null}
      >
        {codes.map((code) => (
          <CodeCard key={code.id} actor={actor} code={code} />
        ))}
      </ConsoleList>
    </Box>
  );
}

/** The owner's only (OwnerGate). */
export default function DiscountsScreen() {
  return (
    <OwnerGate>
      <Discounts />
    </OwnerGate>
  );
}
