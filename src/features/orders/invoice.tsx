import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { OrderStatus, paymentStateOf, type Factor } from '@contract/entities/order';
import { DeliveryMethod } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { formatNumber, localDigits, localized } from '@/ui/format';
import { billRows, type BillRow } from '@contract/rules/bill-rows';
import { showsEstimate } from './invoice-figures';
import { formatOrderDate, formatOrderTime, tehranInstant } from './order-dates';
import { deliveryNames, paymentNames, statusName } from './order-text';

/**
 * One labelled figure of the invoice (a dt and its dd, grouped in a div, as a dl allows); the test id names the label of
 * spec §3 it shows. `note` is a line under the figure, a second dd of the group: a dl holds nothing but its groups.
 */
function Field({ label, testId, children, strong, note }: { label: ReactNode; testId: string; children: ReactNode; strong?: boolean; note?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, py: 0.75 }} data-testid={`${testId}-row`}>
      <Typography component="dt" color="text.secondary" fontWeight={strong ? 700 : 400}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'end' }} fontWeight={strong ? 700 : 400} data-testid={testId}>
        {children}
      </Typography>
      {note}
    </Box>
  );
}

const digits = localDigits;

/** The test id of each amount (the labels of spec §3 they show). */
const FIGURE_TEST_IDS: Record<BillRow, string> = {
  items: 'invoice-total',
  shipping: 'invoice-shipping',
  discount: 'invoice-discount',
  permanent_discount: 'invoice-permanent-discount',
  tax: 'invoice-tax',
  packaging: 'invoice-packaging',
  total: 'invoice-grand-total',
  gift: 'invoice-gift',
  wallet: 'invoice-wallet',
  due: 'invoice-payable',
};

/** The amounts' words, as the payment step's bill words them; the last says paid once the order is paid. */
const figureLabels: Record<BillRow, (paid: boolean) => ReactNode> = {
  items: () => <Trans>Items total</Trans>,
  shipping: () => <Trans>Shipping cost</Trans>,
  discount: () => <Trans>Discount</Trans>,
  permanent_discount: () => <Trans>Permanent discount</Trans>,
  tax: () => <Trans>Taxation</Trans>,
  packaging: () => <Trans>Packaging cost</Trans>,
  total: () => <Trans>Order total</Trans>,
  gift: () => <Trans>Discount bag use</Trans>,
  wallet: () => <Trans>Wallet use</Trans>,
  due: (paid) => (paid ? <Trans>Amount paid</Trans> : <Trans>Payable amount</Trans>),
};

const paymentStates = {
  paid: <Trans>Paid</Trans>,
  refunded: <Trans>Refunded to your wallet</Trans>,
  refunded_to_card: <Trans>Refunded to your bank card</Trans>,
  refund_on_its_way: <Trans>Your refund is on its way to your bank card</Trans>,
  unpaid: <Trans>Not paid</Trans>,
} as const;

/** Each refund of a canceled order with its amount and where it went (a split payment is told whole). */
function Refunds({ refunds, money }: { refunds: Factor['refunds']; money: (rial: number) => string }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="invoice-refunds">
      {refunds.map((refund) => {
        const amount = money(refund.amount);
        return (
          <li key={refund.to} data-testid={`invoice-refund-${refund.to}`}>
            {refund.to === 'wallet' ? (
              <Trans>{amount} back to your wallet</Trans>
            ) : refund.to === 'gift' ? (
              <Trans>{amount} back to your discount bag</Trans>
            ) : refund.pending ? (
              <Trans>{amount} on its way to your bank card</Trans>
            ) : (
              <Trans>{amount} back to your bank card</Trans>
            )}
          </li>
        );
      })}
    </Box>
  );
}

/** The delivery time: now, later today at a time, or a pre-order at a date and time (spec §4). */
function DeliveryTime({ value }: { value: string }) {
  const language = useLanguage();
  const preorder = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(value);
  if (preorder) {
    const at = tehranInstant(preorder[1], preorder[2]);
    const date = formatOrderDate(at, language);
    const time = formatOrderTime(at, language);
    return <Trans>Pre-order, {date} at {time}</Trans>;
  }
  if (/^\d{2}:\d{2}$/.test(value)) {
    const time = digits(value, language);
    return <Trans>Later today at {time}</Trans>;
  }
  return <Trans>Now</Trans>;
}

/** The invoice of a placed order with every label of spec §3; every figure is the server's. */
export function Invoice({ factor }: { factor: Factor }) {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const money = (rial: number) => formatMoney(rial, currency, language);
  const { bill } = factor;
  const instead = money(bill.first_order);
  const status = statusName(factor.status);
  const address = factor.address;
  const paid = paymentStateOf(factor) !== 'unpaid';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="invoice">
      <Box component="dl" sx={{ m: 0 }}>
        <Field label={<Trans>Order number</Trans>} testId="invoice-number">
          {formatNumber(factor.number, language)}
        </Field>
        <Field label={<Trans>Tracking code</Trans>} testId="invoice-tracking-code">
          <bdi>{digits(factor.tracking_code, language)}</bdi>
        </Field>
        {factor.internal_order === 1 ? (
          <Field label={<Trans>Order type</Trans>} testId="invoice-internal">
            <Trans>In-store order</Trans>
          </Field>
        ) : null}
        <Field label={<Trans>Status</Trans>} testId="invoice-status">
          {status ? i18n._(status) : formatNumber(factor.status, language)}
        </Field>
        {factor.ready_at && showsEstimate(factor.delivery_time) && (factor.status === OrderStatus.confirmedByStore || factor.status === OrderStatus.sent) ? (
          // The store's estimate, once it confirmed an order wanted now: when a pickup order is ready, or a delivery arrives.
          <Field label={factor.delivery_method === DeliveryMethod.pickup ? <Trans>Ready at about</Trans> : <Trans>Arrives at about</Trans>} testId="invoice-ready-at">
            <bdi>{formatOrderTime(factor.ready_at, language)}</bdi>
          </Field>
        ) : null}
        <Field label={<Trans>Registration date</Trans>} testId="invoice-date">
          <bdi>{formatOrderDate(factor.created_at, language)}</bdi>
        </Field>
        <Field label={<Trans>Registration time</Trans>} testId="invoice-time">
          <bdi>{formatOrderTime(factor.created_at, language)}</bdi>
        </Field>
        <Field label={<Trans>Payment status</Trans>} testId="invoice-payment-status">
          {factor.refunds.length > 0 ? <Refunds refunds={factor.refunds} money={money} /> : paymentStates[paymentStateOf(factor)]}
        </Field>
        <Field label={<Trans>Payment method</Trans>} testId="invoice-payment-method">
          {factor.payment ? i18n._(paymentNames[factor.payment]) : '—'}
        </Field>
        <Field label={<Trans>Delivery type</Trans>} testId="invoice-delivery-type">
          {factor.delivery_method ? i18n._(deliveryNames[factor.delivery_method]) : '—'}
        </Field>
        <Field label={<Trans>Delivery time</Trans>} testId="invoice-delivery-time">
          <DeliveryTime value={factor.delivery_time} />
        </Field>
        <Field label={<Trans>Address</Trans>} testId="invoice-address">
          {address
            ? digits([address.label, address.address, address.city, address.postal_code ? `${t`Postal code`}: ${address.postal_code}` : ''].filter(Boolean).join('، '), language)
            : factor.branch_name || t`Pickup at the store`}
        </Field>
      </Box>

      <Divider sx={{ my: 2 }} />
      <Table size="small" aria-label={t`Order lines`} data-testid="invoice-lines">
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Row</Trans>
            </TableCell>
            <TableCell>
              <Trans>Name</Trans>
            </TableCell>
            <TableCell align="center">
              <Trans>Count</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Price</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {factor.order_items.map((line) => (
            <TableRow key={line.row} data-testid="invoice-line" data-item-id={line.item_id}>
              <TableCell data-testid="line-row">{formatNumber(line.row, language)}</TableCell>
              <TableCell data-testid="line-name">
                {localized(language, line.name, line.name_en)}
                {[line.size, line.feature, line.color, ...line.extras.map((extra) => `${extra.name} × ${formatNumber(extra.count, language)}`)]
                  .filter(Boolean)
                  .map((detail) => (
                    <Typography key={detail} variant="caption" display="block" color="text.secondary">
                      {detail}
                    </Typography>
                  ))}
              </TableCell>
              <TableCell align="center" data-testid="line-count">
                {formatNumber(line.count, language)}
              </TableCell>
              <TableCell align="right">
                <span data-testid="line-price">{money(line.total)}</span>
                {line.count > 1 ? (
                  <Typography variant="caption" display="block" color="text.secondary" data-testid="line-unit-price">
                    <Trans>{money(line.price)} each</Trans>
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Divider sx={{ my: 2 }} />
      <Box component="dl" sx={{ m: 0 }}>
        {billRows(bill).map(({ row: figure, rial }) => (
          <Field
            key={figure}
            label={figureLabels[figure](paid)}
            testId={FIGURE_TEST_IDS[figure]}
            strong={figure === 'total' || figure === 'due'}
            note={
              figure === 'shipping' && bill.first_order > 0 ? (
                <Typography component="dd" variant="body2" color="success.main" data-testid="invoice-first-order" sx={{ m: 0, flexBasis: '100%', textAlign: 'end' }}>
                  <Trans>Shipping is free on your first order (instead of {instead}).</Trans>
                </Typography>
              ) : null
            }
          >
            {money(rial)}
          </Field>
        ))}
        <Field label={<Trans>Notes</Trans>} testId="invoice-notes">
          {factor.notes || '—'}
        </Field>
      </Box>
    </Paper>
  );
}
