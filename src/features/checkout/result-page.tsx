import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { call } from '@/api/client';
import { useAppSelector, useLanguage } from '@/ui/app-actor';
import { useCartActor } from '@/ui/cart-actor';
import { formatNumber, localDigits, localized } from '@/ui/format';
import { Price } from '@/ui/price';
import { useRemote } from '@/ui/use-remote';
import { useRouteParams } from '@/ui/use-route-params';
import { currentCheckout, returningCheckout, type CheckoutActor } from './checkout-actor';
import { CheckoutScreenGate } from './checkout-gate';

/** /successful-payment/:id?: the bank's return (sep_id) is verified here; a placed order says thank you. */
export default function ResultPage() {
  const params = useRouteParams();
  const { search } = useLocation();
  const shop = useAppSelector((s) => s.context.shop);
  const sepId = new URLSearchParams(search).get('sep_id');
  const orderId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const [actor] = useState<CheckoutActor | null>(() => {
    if (sepId && orderId !== null && shop) return returningCheckout(orderId, sepId, shop);
    const live = currentCheckout();
    return live && live.getSnapshot().context.placed?.order_id === orderId ? live : null;
  });
  if (!actor) return <PlacedOrder orderId={orderId} trackingCode={null} />;
  return (
    <CheckoutScreenGate actor={actor} screen="result">
      <Verdict actor={actor} />
    </CheckoutScreenGate>
  );
}

function Verdict({ actor }: { actor: CheckoutActor }) {
  const { t } = useLingui();
  const placed = useSelector(actor, (s) => (s.matches('placed') ? (s.context.verdict ?? s.context.placed) : null));
  if (!placed) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8, gap: 2 }} aria-live="polite">
        <CircularProgress aria-label={t`Checking the payment`} />
        <Typography>
          <Trans>Checking the payment with the bank…</Trans>
        </Typography>
      </Box>
    );
  }
  return <PlacedOrder orderId={placed.order_id} trackingCode={placed.tracking_code} />;
}

/** 'از سفارش شما متشکریم' with the order's lines and total from the server's invoice. */
function PlacedOrder({ orderId, trackingCode }: { orderId: number | null; trackingCode: string | null }) {
  const language = useLanguage();
  const cart = useCartActor();
  const factor = useRemote(() => (orderId === null ? Promise.resolve(null) : call('get_order_by_id', { id: orderId })), String(orderId));
  // The placed cart is gone: the cart (and the header badge) start empty again.
  useEffect(() => {
    cart.send({ type: 'cart.dismiss' });
    cart.send({ type: 'cart.reload' });
  }, [cart]);
  return (
    <Box component="section" aria-labelledby="thanks-title" sx={{ maxWidth: 700, mx: 'auto', px: 2, py: 4, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="order-placed">
      <Typography id="thanks-title" component="h1" variant="h5" fontWeight={700} color="success.main">
        <Trans>Thank you for your order</Trans>
      </Typography>
      {trackingCode ?? (factor.status === 'ready' ? factor.data?.tracking_code : null) ? (
        <Typography data-testid="tracking-code">
          <Trans>Tracking code:</Trans> <span dir="ltr">{localDigits(trackingCode ?? (factor.status === 'ready' ? (factor.data?.tracking_code ?? '') : ''), language)}</span>
        </Typography>
      ) : null}
      {factor.status === 'failed' ? <Alert severity="error">{factor.message}</Alert> : null}
      {factor.status === 'ready' && factor.data ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="placed-lines">
          {factor.data.order_items.map((line) => (
            <Box component="li" key={line.row} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography>
                {localized(language, line.name, line.name_en)} × {formatNumber(line.count, language)}
              </Typography>
              <Price rial={line.total} />
            </Box>
          ))}
          <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', pt: 1 }}>
            <Typography fontWeight={700}>
              <Trans>Amount paid or to pay</Trans>
            </Typography>
            <Price rial={factor.data.bill.payable} fontWeight={700} data-testid="placed-payable" />
          </Box>
          <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography>
              <Trans>Total</Trans>
            </Typography>
            <Price rial={factor.data.bill.total} data-testid="placed-total" />
          </Box>
        </Box>
      ) : null}
      {orderId !== null ? (
        <Button component={RouterLink} to={`/archive-orders/detail/${orderId}`} variant="contained" data-testid="order-detail-link">
          <Trans>See the invoice</Trans>
        </Button>
      ) : null}
      <Button component={RouterLink} to="/archive-orders" data-testid="orders-link">
        <Trans>My orders</Trans>
      </Button>
    </Box>
  );
}
