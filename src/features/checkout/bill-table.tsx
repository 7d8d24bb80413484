import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Bill } from '@contract/index';
import { Price } from '@/ui/price';
import type { ReactNode } from 'react';

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

/** The server's bill: every figure as computed by the server, zero rows left out. */
export function BillTable({ bill }: { bill: Bill }) {
  const { t } = useLingui();
  const instead = <Price rial={bill.first_order} variant="body2" />;
  return (
    <Box role="table" aria-label={t`Bill`} data-testid="bill" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      <Row label={<Trans>Items total</Trans>} rial={bill.pure_price} testId="bill-pure" />
      {bill.permanent_discount > 0 ? <Row label={<Trans>Online ordering discount</Trans>} rial={bill.permanent_discount} minus testId="bill-permanent" /> : null}
      {bill.discount > 0 ? <Row label={<Trans>Discount code {bill.discount_code ?? ''}</Trans>} rial={bill.discount} minus testId="bill-discount" /> : null}
      <Row label={<Trans>Shipping</Trans>} rial={bill.shipping} testId="bill-shipping" />
      {bill.first_order > 0 ? (
        <Typography variant="body2" color="success.main" data-testid="bill-first-order" sx={{ pb: 0.5 }}>
          <Trans>Shipping is free on your first order (instead of {instead}).</Trans>
        </Typography>
      ) : null}
      {bill.tax > 0 ? <Row label={<Trans>Tax</Trans>} rial={bill.tax} testId="bill-tax" /> : null}
      {bill.packaging > 0 ? <Row label={<Trans>Packaging</Trans>} rial={bill.packaging} testId="bill-packaging" /> : null}
      <Row label={<Trans>Order total</Trans>} rial={bill.total} strong testId="bill-total" />
      {bill.gift > 0 ? <Row label={<Trans>From your discount bag</Trans>} rial={bill.gift} minus testId="bill-gift" /> : null}
      {bill.wallet > 0 ? <Row label={<Trans>From your wallet</Trans>} rial={bill.wallet} minus testId="bill-wallet" /> : null}
      <Row label={<Trans>To pay</Trans>} rial={bill.payable} strong testId="bill-payable" />
    </Box>
  );
}
