import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { currencyName } from '@contract/money';
import { formatNumber, localDigits } from '@contract/numbers';
import { ADJUST_REASON_MAX } from '@contract/rules/counter';
import { CUSTOMER_SEARCH_MIN, isAdjusting, isLoadingWallet, isSearching, type AdjustKind } from '@machines/console/customer-wallet-machine';
import { formatMessageTime } from '@/ui/chat-message';
import { useScreenFlow } from '@/ui/actor-system';
import { counterFlows } from '../live';
import { failureText, formProblemText, money, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { ConsoleList } from '../counter/console-list';
import { operationLabel } from './wallet-labels';

type WalletActor = NonNullable<ReturnType<typeof useWalletActor>>;

function useWalletActor() {
  const currency = useShopCurrency();
  return useScreenFlow(counterFlows.customerWallet(), { currency }, currency);
}

function CustomerSearch({ actor }: { actor: WalletActor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const search = useSelector(actor, (snapshot) => snapshot.context.search);
  const problem = useSelector(actor, (snapshot) => snapshot.context.searchProblem);
  const customers = useSelector(actor, (snapshot) => snapshot.context.customers);
  const failure = useSelector(actor, (snapshot) => snapshot.context.searchFailure);
  const searching = useSelector(actor, isSearching);
  const openUserId = useSelector(actor, (snapshot) => snapshot.context.userId);
  return (
    <Box component="section" aria-labelledby="wallet-search-title">
      <Typography id="wallet-search-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Find a customer</Trans>
      </Typography>
      <Box
        component="form"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'search.submit' });
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label={t`Phone or name`}
          value={search}
          onChange={(event) => actor.send({ type: 'search.text', text: event.target.value })}
          size="small"
          fullWidth
          error={problem !== null}
          helperText={problem ? formProblemText('too_short', i18n, { min: formatNumber(CUSTOMER_SEARCH_MIN, language) }) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'wallet-search', inputMode: 'search' } }}
        />
        <Button type="submit" variant="contained" disabled={searching} data-testid="wallet-search-submit">
          <Trans>Search</Trans>
        </Button>
      </Box>
      {failure ? (
        <Alert severity="error" role="alert">
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {customers !== null && customers.length === 0 ? (
        <Typography color="text.secondary" data-testid="wallet-no-customer">
          <Trans>No customer matches.</Trans>
        </Typography>
      ) : null}
      {customers && customers.length > 0 ? (
        <List aria-label={t`Customers found`} data-testid="wallet-customers">
          {customers.map((customer) => (
            <ListItemButton
              key={customer.user_id}
              selected={customer.user_id === openUserId}
              aria-current={customer.user_id === openUserId ? 'true' : undefined}
              onClick={() => actor.send({ type: 'customer.open', userId: customer.user_id })}
              data-testid={`wallet-customer-${customer.user_id}`}
            >
              <ListItemText primary={customer.name || localDigits(customer.mobile, language)} secondary={`${localDigits(customer.mobile, language)} · ${money(customer.balance, currency, language)}`} />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Box>
  );
}

function AdjustForm({ actor }: { actor: WalletActor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const kind = useSelector(actor, (snapshot) => snapshot.context.kind);
  const amount = useSelector(actor, (snapshot) => snapshot.context.amount);
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const amountProblem = useSelector(actor, (snapshot) => snapshot.context.problems.amount);
  const reasonProblem = useSelector(actor, (snapshot) => snapshot.context.problems.reason);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const adjusted = useSelector(actor, (snapshot) => snapshot.context.adjusted);
  const limit = useSelector(actor, (snapshot) => snapshot.context.wallet?.limit ?? null);
  const saving = useSelector(actor, isAdjusting);
  return (
    <Box
      component="form"
      aria-labelledby="wallet-adjust-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'adjust.submit' });
      }}
      sx={{ mt: 2 }}
    >
      <Typography id="wallet-adjust-title" component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Top up or correct</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="wallet-limit">
        {limit === null ? t`You may change a wallet by any amount.` : t`You may change a wallet by at most ${money(limit, currency, language)} at once.`}
      </Typography>
      <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_, next: AdjustKind | null) => (next ? actor.send({ type: 'adjust.kind', kind: next }) : undefined)} aria-label={t`Kind`} sx={{ mb: 2 }}>
        <ToggleButton value="topup" data-testid="wallet-kind-topup">{t`Top up`}</ToggleButton>
        <ToggleButton value="correction" data-testid="wallet-kind-correction">{t`Take back (correction)`}</ToggleButton>
      </ToggleButtonGroup>
      <Stack spacing={2}>
        <TextField
          label={t`Amount (${currencyName(currency, language)})`}
          value={amount}
          onChange={(event) => actor.send({ type: 'adjust.amount', text: event.target.value })}
          required
          error={amountProblem !== undefined}
          helperText={formProblemText(amountProblem, i18n) || ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'wallet-amount' } }}
        />
        <TextField
          label={t`Reason (the customer reads it)`}
          value={reason}
          onChange={(event) => actor.send({ type: 'adjust.reason', text: event.target.value })}
          required
          multiline
          minRows={2}
          error={reasonProblem !== undefined}
          helperText={formProblemText(reasonProblem, i18n) || t`At most ${formatNumber(ADJUST_REASON_MAX, language)} characters.`}
          slotProps={{ htmlInput: { maxLength: ADJUST_REASON_MAX, 'data-testid': 'wallet-reason' } }}
        />
      </Stack>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {refusal ? (
          <Alert severity="error" role="alert" data-testid="wallet-refusal">
            {failureText(refusal, i18n)}
          </Alert>
        ) : null}
        {adjusted !== null ? (
          <Alert severity="success" role="status" data-testid="wallet-adjusted">
            {adjusted > 0 ? t`${money(adjusted, currency, language)} added.` : t`${money(-adjusted, currency, language)} taken back.`}
          </Alert>
        ) : null}
      </Box>
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }} data-testid="wallet-adjust-submit">
        <Trans>Save</Trans>
      </Button>
    </Box>
  );
}

function CustomerWalletPanel({ actor }: { actor: WalletActor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const wallet = useSelector(actor, (snapshot) => snapshot.context.wallet);
  const loading = useSelector(actor, isLoadingWallet);
  const failure = useSelector(actor, (snapshot) => (snapshot.matches({ wallet: 'failed' }) ? snapshot.context.walletFailure : null));
  return (
    <ConsoleList loading={loading} failure={failure} onRetry={() => actor.send({ type: 'wallet.retry' })}>
      {loading || failure || !wallet ? null : (
        <Paper component="section" variant="outlined" aria-labelledby="wallet-customer-title" sx={{ p: 2 }} data-testid="wallet-panel">
          <Typography id="wallet-customer-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {wallet.customer.name || localDigits(wallet.customer.mobile, language)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <bdi>{localDigits(wallet.customer.mobile, language)}</bdi>
          </Typography>
          <Typography sx={{ mt: 1 }} data-testid="wallet-balance">
            <Trans>Balance: {money(wallet.customer.balance, currency, language)}</Trans>
          </Typography>
          <AdjustForm actor={actor} />
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mt: 3 }}>
            <Trans>Ledger</Trans>
          </Typography>
          {wallet.transactions.length === 0 ? (
            <Typography color="text.secondary">
              <Trans>No transaction yet.</Trans>
            </Typography>
          ) : (
            <List dense data-testid="wallet-ledger">
              {wallet.transactions.map((row) => (
                <ListItem key={row.id} divider>
                  <ListItemText
                    primary={`${operationLabel(row.operation, i18n)} · ${row.amount < 0 ? '−' : '+'}${money(Math.abs(row.amount), currency, language)}`}
                    secondary={
                      <>
                        <time dateTime={row.created_at}>{formatMessageTime(row.created_at, language)}</time>
                        {row.reason ? ` · ${row.reason}` : ''}
                        {row.status === 'fail' ? ` · ${t`failed`}` : ''}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
    </ConsoleList>
  );
}

/** Customers' wallets: find a customer, see their balance and ledger, top up or correct with a reason. */
export default function WalletScreen() {
  const actor = useWalletActor();
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box sx={{ p: 2, maxWidth: 760 }} data-testid="wallet-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Customer wallets</Trans>
      </Typography>
      <Stack spacing={3}>
        <CustomerSearch actor={actor} />
        <CustomerWalletPanel actor={actor} />
      </Stack>
    </Box>
  );
}
