import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';
import { useRouteParams } from '@/ui/use-route-params';
import { SYSTEM_IDS } from '@machines/system';
import { ConfirmDialog } from './confirm-dialog';
import { Invoice } from './invoice';
import { OrderHistory } from './order-history';
import { BlocksSkeleton, LoadFailure, NotFoundState } from '@/ui/load-states';

/** /archive-orders/detail/:id: the invoice, its history, repeat order (to the cart) and, while the rule allows it, cancel; both confirmed first (the order's chart). */
export default function OrderDetailPage() {
  const language = useLanguage();
  const raw = useRouteParams().id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  // Under its systemId the live channel finds it: the store's changes show without a reload.
  const actor = useScreenActor('order', { id }, String(id), { systemId: SYSTEM_IDS.order });
  const order = useSelector(actor, (snapshot) => snapshot?.context.order ?? null);
  const failure = useSelector(actor, (snapshot) => (snapshot?.matches('failed') ? snapshot.context.failure : null));
  const notFound = useSelector(actor, (snapshot) => (snapshot?.matches('notFound') ? snapshot.context.failure : null));
  const canCancel = useSelector(actor, (snapshot) => snapshot?.can({ type: 'order.cancel' }) ?? false);
  const canRepeat = useSelector(actor, (snapshot) => snapshot?.can({ type: 'order.repeat' }) ?? false);
  const asking = useSelector(actor, (snapshot) =>
    snapshot?.matches({ ready: 'askingRepeat' }) || snapshot?.matches({ ready: 'repeating' }) ? 'repeat' : snapshot?.matches({ ready: 'askingCancel' }) || snapshot?.matches({ ready: 'canceling' }) ? 'cancel' : null,
  );
  const busy = useSelector(actor, (snapshot) => (snapshot?.matches({ ready: 'repeating' }) || snapshot?.matches({ ready: 'canceling' })) ?? false);
  const send = (type: 'order.repeat' | 'order.cancel' | 'order.confirm' | 'order.dismiss' | 'order.retry') => actor?.send({ type });

  if (notFound) return <NotFoundState message={notFound.message} />;
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
      {failure ? <LoadFailure message={failure.message} onRetry={() => send('order.retry')} /> : order ? null : <BlocksSkeleton count={4} height={72} />}
      {order && !failure ? (
        <>
          <Invoice factor={order} />
          <OrderHistory factor={order} />
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Button variant="contained" disabled={!canRepeat} onClick={() => send('order.repeat')} data-testid="repeat-order">
              <Trans>Repeat order</Trans>
            </Button>
            {canCancel || asking === 'cancel' ? (
              <Button variant="outlined" color="error" onClick={() => send('order.cancel')} data-testid="cancel-order">
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
        busy={busy}
        onConfirm={() => send('order.confirm')}
        onClose={() => send('order.dismiss')}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        testId="cancel-confirm"
        title={<Trans>Cancel this order?</Trans>}
        text={<Trans>The store will not prepare it; any amount paid online or from the wallet goes back to your wallet.</Trans>}
        confirmLabel={<Trans>Yes, cancel the order</Trans>}
        busy={busy}
        onConfirm={() => send('order.confirm')}
        onClose={() => send('order.dismiss')}
      />
    </Box>
  );
}
