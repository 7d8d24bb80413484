import { useEffect } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatNumber, localDigits, localized } from '@/ui/format';
import { Price } from '@/ui/price';
import { selectResource } from '@machines/resource-machine';
import type { DataOf } from '@contract/api';
import { useRouteParams } from '@/ui/use-route-params';
import { isThankedFor } from '@contract/rules/order-lifecycle';
import { CheckoutScreenGate } from './checkout-gate';

/** /successful-payment/:id?: the bank's return (sep_id) is verified here; a placed order says thank you. */
export default function ResultPage() {
  const { t } = useLingui();
  const params = useRouteParams();
  const { search } = useLocation();
  const app = useSystemActor('app');
  const sepId = new URLSearchParams(search).get('sep_id');
  const orderId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const checkout = useSystemActor('checkout');
  const placed = useSelector(app, (s) => (s.context.placedOrder?.orderId === orderId ? s.context.placedOrder : null));
  // Back from the bank: the app resumes the checkout that left for it (or starts one), which verifies the payment.
  useEffect(() => {
    if (sepId && orderId !== null) app.send({ type: 'checkout.resume', orderId, sepId });
  }, [app, sepId, orderId]);
  if (checkout) {
    return (
      <CheckoutScreenGate actor={checkout} screen="result">
        <Checking label={t`Checking the payment`} />
      </CheckoutScreenGate>
    );
  }
  if (sepId && !placed) return <Checking label={t`Checking the payment`} />;
  return <PlacedOrder orderId={orderId} trackingCode={placed?.trackingCode ?? null} />;
}

function Checking({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8, gap: 2 }} aria-live="polite">
      <CircularProgress aria-label={label} />
      <Typography>
        <Trans>Checking the payment with the bank…</Trans>
      </Typography>
    </Box>
  );
}

/**
 * 'از سفارش شما متشکریم' only for an order that is placed and not canceled (isThankedFor), read from the server's
 * invoice first: a canceled order says so, an unknown one (or another customer's) says what the server said.
 */
function PlacedOrder({ orderId, trackingCode }: { orderId: number | null; trackingCode: string | null }) {
  return (
    <Box component="section" aria-labelledby="thanks-title" sx={{ maxWidth: 700, mx: 'auto', px: 2, py: 4, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="order-result">
      {orderId === null ? (
        trackingCode ? (
          <>
            <Thanks />
            <TrackingCode code={trackingCode} />
          </>
        ) : null
      ) : (
        <PlacedInvoice key={orderId} orderId={orderId} trackingCode={trackingCode} />
      )}
      <Button component={RouterLink} to="/archive-orders" data-testid="orders-link">
        <Trans>My orders</Trans>
      </Button>
    </Box>
  );
}

function Thanks() {
  return (
    <Typography id="thanks-title" component="h1" variant="h5" fontWeight={700} color="success.main" data-testid="order-placed">
      <Trans>Thank you for your order</Trans>
    </Typography>
  );
}

function TrackingCode({ code }: { code: string | null | undefined }) {
  const language = useLanguage();
  if (!code) return null;
  return (
    <Typography data-testid="tracking-code">
      <Trans>Tracking code:</Trans> <span dir="ltr">{localDigits(code, language)}</span>
    </Typography>
  );
}

/** The placed order's tracking code, lines and totals, from its invoice; thanks only when it stands (placed, not canceled). */
function PlacedInvoice({ orderId, trackingCode }: { orderId: number; trackingCode: string | null }) {
  const language = useLanguage();
  const actor = useScreenActor('resource', { load: { code: 'get_order_by_id', payload: { id: orderId } } }, `get_order_by_id:${orderId}`);
  const factor = useSelector(actor, selectResource<DataOf<'get_order_by_id'>>, shallowEqual);
  if (factor.status === 'loading') return <CircularProgress sx={{ alignSelf: 'center' }} />;
  if (factor.status === 'failed' || factor.status === 'notFound') {
    return (
      <>
        {factor.status === 'notFound' ? (
          <Typography id="thanks-title" component="h1" variant="h5" fontWeight={700} data-testid="order-not-found">
            <Trans>This order was not found</Trans>
          </Typography>
        ) : (
          <Typography id="thanks-title" component="h1" variant="h5" fontWeight={700}>
            <Trans>The order could not be read</Trans>
          </Typography>
        )}
        <Alert severity="error">{factor.failure.message}</Alert>
      </>
    );
  }
  const detailLink = (
    <Button component={RouterLink} to={`/archive-orders/detail/${orderId}`} variant="contained" data-testid="order-detail-link">
      <Trans>See the invoice</Trans>
    </Button>
  );
  if (!isThankedFor(factor.data.status)) {
    return (
      <>
        <Typography id="thanks-title" component="h1" variant="h5" fontWeight={700} data-testid="order-canceled">
          <Trans>This order was canceled</Trans>
        </Typography>
        <TrackingCode code={factor.data.tracking_code} />
        {detailLink}
      </>
    );
  }
  return (
    <>
      <Thanks />
      <TrackingCode code={trackingCode ?? factor.data.tracking_code} />
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
            <Trans>Order total</Trans>
          </Typography>
          <Price rial={factor.data.bill.total} data-testid="placed-total" />
        </Box>
      </Box>
      {detailLink}
    </>
  );
}
