import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ConsoleShop } from '@contract/console/entities';
import type { OrderDetail } from '@contract/console/counter-entities';
import type { Language } from '@contract/enums';
import { billRows, takesOff, type BillRow } from '@contract/rules/bill-rows';
import { localized } from '@contract/localized';
import { formatNumber, localDigits } from '@contract/numbers';
import { money as moneyText, useShopCurrency } from '../counter/counter-format';
import { DELIVERY_NAMES, formatClock, formatWhen, PAYMENT_NAMES, statusName, wantedText } from './order-format';

/** The element the print styles keep (order-screen.tsx): everything else on the page is hidden when printed. */
export const TICKET_ID = 'order-ticket';
/** Marks what the kitchen's copy leaves out (the prices): ticket-print.tsx hides it. */
export const TICKET_MONEY = 'data-ticket-money';

/** The words of the money rows (contract/rules/bill-rows.ts); `due` says paid or to pay. */
const ROW_NAMES: Record<Exclude<BillRow, 'due'>, MessageDescriptor> = {
  items: msg`Items`,
  shipping: msg`Delivery cost`,
  discount: msg`Discount`,
  permanent_discount: msg`Online ordering discount`,
  tax: msg`Tax`,
  packaging: msg`Packaging`,
  total: msg`Total`,
  gift: msg`Gift credit`,
  wallet: msg`Wallet`,
};

function Row({ label, value, strong = false, money = false, testId }: { label: string; value: string; strong?: boolean; money?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : 400 }} data-testid={testId}>
      <span>{label}</span>
      <span {...(money ? { [TICKET_MONEY]: '' } : {})}>{value}</span>
    </Box>
  );
}

/**
 * The order as the kitchen and the courier need it, on screen and on paper (an 80 mm receipt or A4): the shop,
 * the tracking code, when, the lines with their options, the totals, the address, the customer and the notes.
 */
export function OrderTicket({ detail, shop, language }: { detail: OrderDetail; shop: ConsoleShop | null; language: Language }) {
  const { i18n, t } = useLingui();
  const { order, lines, bill, address, comment } = detail;
  const currency = useShopCurrency();
  const money = (rial: number) => moneyText(rial, currency, language);
  const wanted = wantedText(order, language, i18n);
  return (
    <Box component="article" id={TICKET_ID} aria-label={t`Order ticket`} data-testid="order-ticket" sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      {shop ? (
        <Typography component="p" variant="h6" sx={{ fontWeight: 700, textAlign: 'center' }}>
          {localized(language, shop.name, shop.name_en)}
        </Typography>
      ) : null}
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, textAlign: 'center' }} data-testid="order-tracking-code">
        <span dir="ltr">{localDigits(order.tracking_code, language)}</span>
      </Typography>
      <Typography sx={{ textAlign: 'center' }} data-testid="order-status">
        {statusName(order.status, order.delivery_method, i18n)}
        {/* a scheduled order may be ready on another day: its day is said too */}
        {order.ready_at ? ` · ${wanted ? t`ready ${formatWhen(order.ready_at, language)}` : t`ready at ${formatClock(order.ready_at, language)}`}` : ''}
      </Typography>
      <Row label={t`Placed`} value={formatWhen(order.placed_at, language)} />
      <Row label={t`Delivery`} value={[order.delivery_method ? i18n._(DELIVERY_NAMES[order.delivery_method]) : '', wanted ?? t`as soon as possible`].filter(Boolean).join(' · ')} testId="ticket-wanted" />
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, borderBlock: 1, borderColor: 'divider', py: 1 }} aria-label={t`Lines`}>
        {lines.map((line) => (
          <Box component="li" key={line.row} sx={{ py: 0.5 }} data-testid="order-line">
            <Row label={`${formatNumber(line.count, language)} × ${localized(language, line.name, line.name_en)}`} value={money(line.total)} strong money />
            {[line.size, line.color, line.feature].filter(Boolean).length > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {[line.size, line.color, line.feature].filter(Boolean).join(' · ')}
              </Typography>
            ) : null}
            {line.extras.map((extra) => (
              <Typography key={extra.name} variant="body2" color="text.secondary">
                + {formatNumber(extra.count, language)} × {extra.name}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 1 }} {...{ [TICKET_MONEY]: '' }}>
        {billRows(bill).map(({ row, rial }) => (
          <Row
            key={row}
            label={row === 'due' ? (order.paid ? t`Paid` : t`To pay`) : i18n._(ROW_NAMES[row])}
            value={`${money(takesOff(row) ? -rial : rial)}${row === 'due' && order.payment ? ` · ${i18n._(PAYMENT_NAMES[order.payment])}` : ''}`}
            strong={row === 'total' || row === 'due'}
            testId={`ticket-${row}`}
          />
        ))}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{order.customer.name || t`Customer`}</Typography>
        <Typography>
          <a href={`tel:${order.customer.mobile}`} dir="ltr" data-testid="order-phone">
            {localDigits(order.customer.mobile, language)}
          </a>
        </Typography>
        {address ? (
          <Typography data-testid="order-address">
            {localDigits([address.label, address.city, address.address].filter(Boolean).join('، '), language)}
            {address.postal_code ? ` · ${t`postal code`} ${localDigits(address.postal_code, language)}` : ''}
          </Typography>
        ) : null}
      </Box>
      {comment ? (
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>
            <Trans>Customer's note</Trans>
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="order-comment">
            {localDigits(comment, language)}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
