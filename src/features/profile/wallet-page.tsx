import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { SYSTEM_IDS } from '@machines/system';
import { useDeferredValue } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { msg } from '@lingui/core/macro';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WalletPurpose, WalletTransaction } from '@contract/entities/account';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '@/ui/format';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatMoney } from '@contract/money';
import { SHOP_TIME_ZONE } from '@contract/rules/delivery-time';
import { WalletTopUp } from './wallet-top-up';

const purposes: Record<WalletPurpose, ReturnType<typeof msg>> = {
  charge: msg`Charge`,
  purchase: msg`Purchase`,
  refund: msg`Refund`,
  staff: msg`Increase by admin`,
  referral: msg`Reward for inviting a friend`,
  system: msg`Increase by system`,
};

/** A row that names its order (a purchase, a refund) says which; a referral's order is the friend's, not named. */
function RowPurpose({ row }: { row: WalletTransaction }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  if (row.order_id === null || (row.purpose !== 'purchase' && row.purpose !== 'refund')) return <>{i18n._(purposes[row.purpose])}</>;
  const number = formatNumber(row.order_id, language);
  const link = (
    <Link component={RouterLink} to={`/archive-orders/detail/${row.order_id}`}>
      {number}
    </Link>
  );
  return row.purpose === 'refund' ? <Trans>Refund of order {link}</Trans> : <Trans>Purchase, order {link}</Trans>;
}

/** /profile/wallet: balance and transactions with their operation and result. */
export default function WalletPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  // Under its systemId the live channel has it read again when the wallet changes (a top-up, a refund, a reward).
  const actor = useScreenActor('resource', { load: { code: 'get_wallet', payload: {} } }, 'wallet', { systemId: SYSTEM_IDS.wallet });
  // Its changes render in the background, in slices, not in one long task.
  const resource = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_wallet'>>, shallowEqual));
  const wallet = resource.data;
  const date = new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
        <Trans>Wallet</Trans>
      </Typography>
      {resource.status === 'failed' || resource.status === 'notFound' ? <Alert severity="error">{resource.failure.message}</Alert> : null}
      {wallet ? (
        <>
          <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
            <Typography color="text.secondary">
              <Trans>Balance</Trans>
            </Typography>
            <Typography component="p" variant="h4" fontWeight={700} data-testid="wallet-balance">
              {formatMoney(wallet.balance, currency, language)}
            </Typography>
          </Paper>
          <WalletTopUp currency={currency} language={language} />
          {wallet.transactions.length === 0 ? (
            <Typography color="text.secondary">
              <Trans>No transactions yet.</Trans>
            </Typography>
          ) : (
            <Table aria-label={t`Wallet transactions`} size="small">
              <TableHead>
                <TableRow>
                  <TableCell><Trans>Date</Trans></TableCell>
                  <TableCell><Trans>Operation</Trans></TableCell>
                  <TableCell><Trans>Amount</Trans></TableCell>
                  <TableCell><Trans>Result</Trans></TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {wallet.transactions.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{date.format(new Date(row.date))}</TableCell>
                    <TableCell>
                      <span data-testid="wallet-purpose">
                        <RowPurpose row={row} />
                      </span>
                      {row.reason ? (
                        // A staff member's top-up or correction says why.
                        <Typography variant="body2" color="text.secondary" data-testid="wallet-reason">
                          {row.reason}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell dir="ltr" sx={{ textAlign: 'start', color: row.amount < 0 ? 'error.main' : 'success.main' }}>
                      {formatMoney(row.amount, currency, language)}
                    </TableCell>
                    <TableCell>
                      {row.status === 'success' ? <Chip size="small" color="success" label={t`Successful`} /> : <Chip size="small" color="error" label={t`Failed`} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      ) : null}
    </Container>
  );
}
