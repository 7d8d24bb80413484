import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { BoardOrder } from '@contract/console/counter-entities';
import type { Language } from '@contract/enums';
import { OrderStatus } from '@contract/entities/order';
import { localized } from '@contract/localized';
import { localDigits, formatNumber } from '@contract/numbers';
import { boardFailure, isLoadingBoard, isLoadingMore, isRinging, isSoundBlocked } from '@machines/console/orders-board-machine';
import { problemText } from '../problem-text';
import { BoardFilters } from './board-filters';
import { money, useShopCurrency } from '../counter/counter-format';
import { DELIVERY_NAMES, formatWhen, PAYMENT_NAMES, statusName, wantedText } from './order-format';
import { useSystemActor, type Actors } from '@/ui/actor-system';

type BoardActor = Actors['ordersBoard'];

const STATUS_COLORS: Record<number, string> = {
  [OrderStatus.pending]: 'error.main',
  [OrderStatus.confirmedByStore]: 'info.main',
  [OrderStatus.sent]: 'success.main',
};

/** The alert as a status a person (and a test) can see: ringing, muted while an order waits, or quiet; and the mute toggle. */
function AlertBar({ actor }: { actor: BoardActor }) {
  const { t } = useLingui();
  const ringing = useSelector(actor, isRinging);
  const muted = useSelector(actor, (snapshot) => snapshot.context.muted);
  const waiting = useSelector(actor, (snapshot) => snapshot.context.unopened);
  const blocked = useSelector(actor, isSoundBlocked);
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const count = formatNumber(waiting, language);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1, bgcolor: ringing ? 'error.main' : 'action.hover', color: ringing ? 'error.contrastText' : 'text.primary' }}>
      <Typography role="status" data-testid="board-alert" data-state={ringing ? 'ringing' : muted && waiting > 0 ? 'muted' : 'quiet'} sx={{ flexGrow: 1, fontWeight: ringing ? 700 : 400 }}>
        {ringing ? t`Alert on: ${count} new order(s) nobody has opened` : muted && waiting > 0 ? t`Alert muted: ${count} new order(s) nobody has opened` : t`No new orders waiting`}
      </Typography>
      <Button size="small" variant="outlined" color="inherit" aria-pressed={muted} onClick={() => actor.send({ type: 'alert.mute', muted: !muted })}>
        {muted ? <Trans>Turn the alert sound on</Trans> : <Trans>Mute the alert sound</Trans>}
      </Button>
      {blocked ? (
        <Alert severity="warning" sx={{ flexBasis: '100%' }} data-testid="sound-blocked" action={<Button color="inherit" size="small" onClick={() => actor.send({ type: 'sound.unlock' })}>{t`Turn sound on`}</Button>}>
          <Trans>The browser keeps the sound off until you tap this page: new orders show here but make no sound.</Trans>
        </Alert>
      ) : null}
    </Box>
  );
}

function OrderCard({ order, language, showBranch }: { order: BoardOrder; language: Language; showBranch: boolean }) {
  const { i18n, t } = useLingui();
  const currency = useShopCurrency();
  const wanted = wantedText(order, language, i18n);
  const fresh = order.status === OrderStatus.pending && !order.opened;
  const status = statusName(order.status, order.delivery_method, i18n);
  return (
    <ListItemButton
      component={Link}
      to={String(order.id)}
      data-testid="board-order"
      data-order-id={order.id}
      data-status={order.status}
      sx={{ display: 'block', border: 1, borderColor: fresh ? 'error.main' : 'divider', borderRadius: 2, mb: 1, bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 700 }} dir="ltr">
          {localDigits(order.tracking_code, language)}
        </Typography>
        <Typography component="span" data-testid="board-order-status" sx={{ color: STATUS_COLORS[order.status] ?? 'text.secondary', fontWeight: 700 }}>
          {status}
        </Typography>
        {fresh ? (
          <Typography component="span" sx={{ px: 0.75, borderRadius: 1, bgcolor: 'error.main', color: 'error.contrastText', fontSize: '0.75rem' }}>
            <Trans>New</Trans>
          </Typography>
        ) : null}
        <Typography component="time" dateTime={order.placed_at} variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          {formatWhen(order.placed_at, language)}
        </Typography>
      </Box>
      {wanted ? (
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="board-order-wanted">
          {wanted}
        </Typography>
      ) : null}
      <Typography variant="body2">
        {order.customer.name || t`Customer`} · <span dir="ltr">{localDigits(order.customer.mobile, language)}</span>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          order.delivery_method ? i18n._(DELIVERY_NAMES[order.delivery_method]) : null,
          order.payment ? i18n._(PAYMENT_NAMES[order.payment]) : null,
          order.paid ? t`Paid` : t`Not paid`,
          money(order.payable, currency, language),
          t`${formatNumber(order.item_count, language)} item(s)`,
          showBranch ? localized(language, order.branch.name, order.branch.name_en) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </ListItemButton>
  );
}

function OrderList({ actor }: { actor: BoardActor }) {
  const { i18n, t } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const orders = useSelector(actor, (snapshot) => snapshot.context.orders);
  const showBranch = useSelector(actor, (snapshot) => snapshot.context.branches.length > 1);
  const loading = useSelector(actor, isLoadingBoard);
  const failure = useSelector(actor, boardFailure);
  const loadingMore = useSelector(actor, isLoadingMore);
  const canMore = useSelector(actor, (snapshot) => snapshot.can({ type: 'board.more' }));
  if (loading) return <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  if (failure)
    return (
      <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'board.retry' })}><Trans>Try again</Trans></Button>}>
        {problemText({ kind: 'server', failure }, i18n)}
      </Alert>
    );
  if (orders.length === 0) return <Typography sx={{ py: 4, textAlign: 'center' }} data-testid="board-empty"><Trans>No orders match.</Trans></Typography>;
  return (
    <>
      <List aria-label={t`Orders`} disablePadding data-testid="board-orders">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} language={language} showBranch={showBranch} />
          </li>
        ))}
      </List>
      {canMore || loadingMore ? (
        <Button fullWidth variant="outlined" disabled={!canMore} onClick={() => actor.send({ type: 'board.more' })}>
          <Trans>More orders</Trans>
        </Button>
      ) : null}
    </>
  );
}

/** The board: the alert, the filters, and the orders newest first, each opening its detail. */
export function OrdersBoard() {
  const actor = useSystemActor('ordersBoard');
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const unaccepted = useSelector(actor, (snapshot) => snapshot?.context.unaccepted ?? 0);
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  const count = formatNumber(unaccepted, language);
  return (
    <Box data-testid="orders-board">
      <AlertBar actor={actor} />
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 1 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            <Trans>Orders</Trans>
          </Typography>
          <Typography color="text.secondary" data-testid="board-unaccepted">
            <Trans>{count} awaiting confirmation</Trans>
          </Typography>
        </Box>
        <BoardFilters actor={actor} />
        <OrderList actor={actor} />
      </Box>
    </Box>
  );
}
