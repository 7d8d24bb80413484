import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { OrderDetail } from '@contract/console/counter-entities';
import type { Language } from '@contract/enums';
import { formatCoordinates, formatNumber, localDigits } from '@contract/numbers';
import { CONSOLE_SYSTEM_IDS } from '@machines/console/console-system';
import { detailFailure, isLoadingDetail } from '@machines/console/order-detail-machine';
import { problemText } from '../problem-text';
import { OrderActions } from './order-actions';
import { money, useShopCurrency } from '../counter/counter-format';
import { actionName, formatWhen, LEDGER_NAMES, PAYMENT_STATUS_NAMES, STATUS_NAMES, statusName } from './order-format';
import { OrderTicket } from './order-ticket';
import { PrintBar, TicketPrintStyles, type PrintChoice } from './ticket-print';
import { useSystemActor, type Actors } from '@/ui/actor-system';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ mt: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The point of the address (map tiles cannot be relied on here): its coordinates and a link to open a map. */
function AddressPoint({ address, language }: { address: NonNullable<OrderDetail['address']>; language: Language }) {
  const { t } = useLingui();
  const lat = address.lat.toFixed(6);
  const lng = address.lng.toFixed(6);
  return (
    <Section title={t`Point on the map`} testId="order-point">
      <Typography dir="ltr" sx={{ textAlign: 'start' }}>
        {formatCoordinates(address.lat, address.lng, language)}
      </Typography>
      <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} target="_blank" rel="noopener noreferrer">
        <Trans>Open on a map</Trans>
      </a>
    </Section>
  );
}

/** Payments, ledger rows and the history: what staff check, not printed. */
function OrderRecords({ detail, language }: { detail: OrderDetail; language: Language }) {
  const { i18n, t } = useLingui();
  const currency = useShopCurrency();
  return (
    <>
      {detail.address ? <AddressPoint address={detail.address} language={language} /> : null}
      <Section title={t`Payments`} testId="order-payments">
        {detail.payments.length === 0 ? <Typography color="text.secondary">{t`None`}</Typography> : null}
        <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
          {detail.payments.map((payment) => (
            <li key={payment.id}>
              {payment.gateway} · {money(payment.amount, currency, language)} · {i18n._(PAYMENT_STATUS_NAMES[payment.status])}
              {payment.ref_id ? ` · ${localDigits(payment.ref_id, language)}` : ''} · {formatWhen(payment.created_at, language)}
              {payment.refund === 'pending' ? (
                <Typography component="span" color="warning.main" data-testid="refund-pending">
                  {' · '}
                  {t`refund pending: the bank has not accepted it yet; it is asked again automatically`}
                </Typography>
              ) : payment.refunded_at ? (
                ` · ${t`refunded`} ${formatWhen(payment.refunded_at, language)}`
              ) : (
                ''
              )}
            </li>
          ))}
        </Box>
      </Section>
      <Section title={t`Wallet rows`} testId="order-ledger">
        {detail.ledger.length === 0 ? <Typography color="text.secondary">{t`None`}</Typography> : null}
        <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
          {detail.ledger.map((row) => (
            <li key={row.id}>
              {i18n._(LEDGER_NAMES[row.operation])} · {money(row.amount, currency, language)}
              {row.kind === 'gift' ? ` · ${t`gift credit`}` : ''}
              {row.status === 'fail' ? ` · ${t`failed`}` : ''}
              {row.reason ? ` · ${row.reason}` : ''} · {formatWhen(row.created_at, language)}
            </li>
          ))}
        </Box>
      </Section>
      <Section title={t`History`} testId="order-history">
        <Box component="ol" sx={{ m: 0, paddingInlineStart: 2 }}>
          {detail.events.map((event, index) => (
            <li key={index} data-testid="order-event" data-action={event.action}>
              <time dateTime={event.at}>{formatWhen(event.at, language)}</time> · {actionName(event.action, detail.order.delivery_method, i18n)}
              {STATUS_NAMES[event.to] ? ` → ${statusName(event.to, detail.order.delivery_method, i18n)}` : ''}
              {event.staff_name ? ` · ${event.staff_name}` : ''}
              {event.ready_in !== null ? ` · ${t`ready in ${formatNumber(event.ready_in, language)} min`}` : ''}
              {event.reason ? ` · ${event.reason}` : ''}
            </li>
          ))}
        </Box>
      </Section>
    </>
  );
}

function OrderView({ actor, print }: { actor: Actors['orderDetail']; print: PrintChoice }) {
  const { i18n } = useLingui();
  const consoleActor = useSystemActor('console');
  const language = useSelector(consoleActor, (snapshot) => snapshot.context.language);
  const shop = useSelector(consoleActor, (snapshot) => snapshot.context.shop);
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail);
  const loading = useSelector(actor, isLoadingDetail);
  const failure = useSelector(actor, detailFailure);
  if (loading) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  if (failure || !detail)
    return (
      <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'detail.retry' })}><Trans>Try again</Trans></Button>}>
        {failure ? problemText({ kind: 'server', failure }, i18n) : null}
      </Alert>
    );
  return (
    <>
      <OrderActions actor={actor} />
      <OrderTicket detail={detail} shop={shop} language={language} />
      <TicketPrintStyles choice={print} />
      <OrderRecords detail={detail} language={language} />
    </>
  );
}

/** One order (/orders/:id): the board opens its detail chart while this shows. */
export default function OrderScreen() {
  const { t } = useLingui();
  const orderId = Number(useParams().id);
  const [print, setPrint] = useState<PrintChoice>({ paper: 'receipt', copy: 'customer' });
  const board = useSystemActor('ordersBoard');
  // The detail is the board's child: its coming and going changes the board's snapshot, not the console's.
  const detail = useSelector(board, (snapshot) => snapshot?.children[CONSOLE_SYSTEM_IDS.orderDetail] as Actors['orderDetail'] | undefined);
  // The detail lives while its screen shows, as a screen's actor does (useScreenActor in the storefront).
  useEffect(() => {
    if (!board || !Number.isInteger(orderId)) return;
    board.send({ type: 'detail.open', orderId });
    return () => board.send({ type: 'detail.close' });
  }, [board, orderId]);
  return (
    <Box sx={{ p: 2, maxWidth: 720 }} data-testid="order-screen">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button component={Link} to=".." relative="path">
          {t`Back to the orders`}
        </Button>
        <PrintBar choice={print} onChange={setPrint} />
      </Box>
      {detail ? <OrderView actor={detail} print={print} /> : <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />}
    </Box>
  );
}
