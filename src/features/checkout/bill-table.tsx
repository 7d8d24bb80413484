import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Bill } from '@contract/index';
import { Price } from '@/ui/price';
import { Fragment, type ReactNode } from 'react';
import { billRows, takesOff, type BillRow } from '@contract/rules/bill-rows';

function Row({ label, rial, minus, strong, testId }: { label: ReactNode; rial: number; minus?: boolean; strong?: boolean; testId: string }) {
  return (
    <Box component="div" role="row" sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
      <Typography role="rowheader" fontWeight={strong ? 700 : 400}>
        {label}
      </Typography>
      <Box role="cell" data-testid={testId}>
        {minus ? '− ' : ''}
        <Price rial={rial} fontWeight={strong ? 700 : 400} />
      </Box>
    </Box>
  );
}

/** The payment step's words and test ids of the money rows (contract/rules/bill-rows.ts). */
const ROWS: Record<BillRow, { label: (bill: Bill) => ReactNode; testId: string; strong?: boolean }> = {
  items: { label: () => <Trans>Items total</Trans>, testId: 'bill-pure' },
  shipping: { label: () => <Trans>Shipping</Trans>, testId: 'bill-shipping' },
  discount: { label: (bill) => <Trans>Discount code {bill.discount_code ?? ''}</Trans>, testId: 'bill-discount' },
  permanent_discount: { label: () => <Trans>Online ordering discount</Trans>, testId: 'bill-permanent' },
  tax: { label: () => <Trans>Tax</Trans>, testId: 'bill-tax' },
  packaging: { label: () => <Trans>Packaging</Trans>, testId: 'bill-packaging' },
  total: { label: () => <Trans>Order total</Trans>, testId: 'bill-total', strong: true },
  gift: { label: () => <Trans>From your discount bag</Trans>, testId: 'bill-gift' },
  wallet: { label: () => <Trans>From your wallet</Trans>, testId: 'bill-wallet' },
  due: { label: () => <Trans>To pay</Trans>, testId: 'bill-payable', strong: true },
};

/** The server's bill: every figure as computed by the server, in the rows every bill of the app prints. */
export function BillTable({ bill }: { bill: Bill }) {
  const { t } = useLingui();
  const instead = <Price rial={bill.first_order} variant="body2" />;
  return (
    <Box role="table" aria-label={t`Bill`} data-testid="bill" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      {billRows(bill).map(({ row, rial }) => (
        <Fragment key={row}>
          <Row label={ROWS[row].label(bill)} rial={rial} minus={takesOff(row)} strong={ROWS[row].strong} testId={ROWS[row].testId} />
          {row === 'shipping' && bill.first_order > 0 ? (
            <Typography variant="body2" color="success.main" data-testid="bill-first-order" sx={{ pb: 0.5 }}>
              <Trans>Shipping is free on your first order (instead of {instead}).</Trans>
            </Typography>
          ) : null}
        </Fragment>
      ))}
    </Box>
  );
}
