import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '@/ui/toasts';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { OrderStatus } from '@contract/entities/order';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';
import { useResource } from '@/ui/use-resource';
import { useRouteParams } from '@/ui/use-route-params';
import { ConfirmDialog } from './confirm-dialog';
import { Invoice } from './invoice';
import { BlocksSkeleton, LoadFailure } from '@/ui/load-states';

type Asking = 'repeat' | 'cancel' | null;

/** /archive-orders/detail/:id: the invoice, repeat order (to the cart) and, while pending, cancel; both confirmed first. */
export default function OrderDetailPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const cart = useSystemActor('cart');
  const { enqueueSnackbar } = useSnackbar();
  const raw = useRouteParams().id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  // Canceling saves through the same chart, which then loads the order again.
  const { resource: remote, saved: canceled, retry, save } = useResource('get_order_by_id', { id }, String(id), { save: 'update_status_order', afterSave: 'reload' });
  const [asking, setAsking] = useState<Asking>(null);

  // Repeating belongs to the cart: it puts the lines back and shows the cart; a refusal is toasted here.
  const repeating = useSelector(cart, (snapshot) => snapshot.matches('repeating'));
  const cartFailure = useSelector(cart, (snapshot) => snapshot.context.failure);
  const wasRepeating = useRef(false);
  useEffect(() => {
    if (repeating) wasRepeating.current = true;
    else if (wasRepeating.current) {
      wasRepeating.current = false;
      setAsking(null);
      if (cartFailure) enqueueSnackbar(cartFailure.message || t`An error occurred`, { variant: 'error' });
    }
  }, [repeating, cartFailure, enqueueSnackbar, t]);
  const repeat = () => cart.send({ type: 'cart.repeat', orderId: id });

  const cancel = () => save({ order_id: id, status: OrderStatus.canceled });
  useEffect(() => {
    if (!canceled) return;
    setAsking(null);
    enqueueSnackbar(t`Your order was canceled.`, { variant: 'success' });
  }, [canceled, enqueueSnackbar, t]);
  // A refused cancel leaves the order as it was and says why.
  const refusal = remote.status === 'ready' ? remote.failure : null;
  useEffect(() => {
    if (refusal) enqueueSnackbar(refusal.message || t`An error occurred`, { variant: 'error' });
  }, [refusal, enqueueSnackbar, t]);

  return (
    <Box data-testid="order-detail-page" sx={{ maxWidth: 900, mx: 'auto', px: { xs: 2, md: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap">
        <Typography component="h1" variant="h5" fontWeight={700}>
          <Trans>Invoice of order {formatNumber(id, language)}</Trans>
        </Typography>
        <Button component={RouterLink} to="/archive-orders" size="small">
          <Trans>My orders</Trans>
        </Button>
      </Stack>
      {remote.status === 'loading' ? <BlocksSkeleton count={4} height={72} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' || remote.status === 'saving' ? (
        <>
          <Invoice factor={remote.data} />
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Button variant="contained" onClick={() => setAsking('repeat')} data-testid="repeat-order">
              <Trans>Repeat order</Trans>
            </Button>
            {/* The server lets the customer cancel only an order the store has not confirmed yet. */}
            {remote.data.status === OrderStatus.pending ? (
              <Button variant="outlined" color="error" onClick={() => setAsking('cancel')} data-testid="cancel-order">
                <Trans>Cancel order</Trans>
              </Button>
            ) : null}
          </Stack>
        </>
      ) : null}
      <ConfirmDialog
        open={asking === 'repeat'}
        testId="repeat-confirm"
        title={<Trans>Repeat this order?</Trans>}
        text={<Trans>The items of this order are added to your cart at today's prices; items no longer available are skipped.</Trans>}
        confirmLabel={<Trans>Yes, add to cart</Trans>}
        busy={repeating}
        onConfirm={repeat}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        testId="cancel-confirm"
        title={<Trans>Cancel this order?</Trans>}
        text={<Trans>The store will not prepare it; any amount paid online or from the wallet goes back to your wallet.</Trans>}
        confirmLabel={<Trans>Yes, cancel the order</Trans>}
        busy={remote.status === 'saving'}
        onConfirm={cancel}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
