import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '@/ui/toasts';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { TEXT_MAX } from '@contract/rules/limits';
import { isMenuOnly } from '@machines/app-machine';
import { useSystemActor } from '@/ui/actor-system';
import { Price } from '@/ui/price';
import { CartLineRow } from './cart-line-row';
import { cartFailureText } from './cart-messages';

/** /basket, /cart-items (interface 7) and /cart before checkout: the lines, counts, note and the way to checkout. */
export default function CartPage() {
  const { i18n, t } = useLingui();
  const actor = useSystemActor('cart');
  const { enqueueSnackbar } = useSnackbar();
  const cart = useSelector(actor, (snapshot) => snapshot.context.cart);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const priceNotice = useSelector(actor, (snapshot) => snapshot.context.priceNotice);
  const minOrder = useSelector(actor, (snapshot) => snapshot.context.minOrder);
  const atMinimumOrder = useSelector(actor, (snapshot) => snapshot.matches('minimumOrder'));
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const checking = useSelector(actor, (snapshot) => snapshot.matches('checking'));
  const busy = useSelector(actor, (snapshot) => !snapshot.matches('idle') && !snapshot.matches('minimumOrder') && !snapshot.matches('ready'));
  // The guards decide what each button may do (snapshot.can): per line, up, down and remove.
  const allowed = useSelector(
    actor,
    (snapshot) =>
      (snapshot.context.cart?.lines ?? []).flatMap((line) => [
        snapshot.can({ type: 'cart.setCount', orderItemId: line.order_item_id, count: line.item_count + 1 }),
        snapshot.can({ type: 'cart.setCount', orderItemId: line.order_item_id, count: line.item_count - 1 }),
        snapshot.can({ type: 'cart.remove', orderItemId: line.order_item_id }),
      ]),
    shallowEqual,
  );
  const canComment = useSelector(actor, (snapshot) => snapshot.can({ type: 'cart.comment', comment: '' }));
  const canCheckout = useSelector(actor, (snapshot) => snapshot.can({ type: 'cart.checkout' }));
  const menuOnly = useSelector(useSystemActor('app'), isMenuOnly);
  const [note, setNote] = useState<string | null>(null);
  const failureText = cartFailureText(i18n, failure);

  // A finished checkout ticket belongs to /cart; here the cart is edited again (the chart ignores it otherwise).
  useEffect(() => {
    actor.send({ type: 'cart.edit' });
    // Read anew on opening: a line whose item changed price shows the new one, with the server's notice.
    actor.send({ type: 'cart.open' });
    // The notice was shown while the page was open: leaving it, the notice is done.
    return () => actor.send({ type: 'cart.noticeSeen' });
  }, [actor]);

  useEffect(() => {
    if (failureText && !atMinimumOrder) enqueueSnackbar(failureText, { variant: 'error' });
    // Only a new failure is announced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  // A menu-only shop has no cart, whatever the address asked for: its notice and the way back to the menu.
  if (menuOnly) {
    return (
      <Box component="section" sx={{ maxWidth: 800, mx: 'auto', px: 2, py: 6, textAlign: 'center' }}>
        <Typography data-testid="menu-only" color="text.secondary" gutterBottom>
          <Trans>This is the shop's menu; orders are not taken online.</Trans>
        </Typography>
        <Link component={RouterLink} to="/">
          <Trans>Back to the menu</Trans>
        </Link>
      </Box>
    );
  }

  if (loading && !cart) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t`Loading`} />
      </Box>
    );
  }

  const lines = cart?.lines ?? [];
  // A guest is asked to log in by the server's login_required (the session brings them back here, the guest cart merged).
  const checkout = () => actor.send({ type: 'cart.checkout' });

  return (
    <Box component="section" aria-labelledby="cart-title" sx={{ maxWidth: 800, mx: 'auto', px: 2, py: 3 }} data-testid="cart-page">
      <Typography id="cart-title" component="h1" variant="h5" fontWeight={700} gutterBottom>
        <Trans>Cart</Trans>
      </Typography>
      {priceNotice ? (
        <Alert severity="info" role="status" data-testid="cart-price-notice" sx={{ mb: 2 }}>
          {priceNotice}
        </Alert>
      ) : null}
      {lines.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography data-testid="cart-empty" color="text.secondary" gutterBottom>
            <Trans>The basket is empty</Trans>
          </Typography>
          <Link component={RouterLink} to="/">
            <Trans>Back to the shop</Trans>
          </Link>
        </Box>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-busy={busy}>
            {lines.map((line, index) => (
              <CartLineRow
                key={line.order_item_id}
                line={line}
                controls={{
                  canUp: allowed[index * 3] === true,
                  canDown: allowed[index * 3 + 1] === true,
                  canRemove: allowed[index * 3 + 2] === true,
                  onCount: (count) => actor.send({ type: 'cart.setCount', orderItemId: line.order_item_id, count }),
                  onRemove: () => actor.send({ type: 'cart.remove', orderItemId: line.order_item_id }),
                }}
              />
            ))}
          </Box>
          <Box component="form" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }} onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'cart.comment', comment: note ?? cart?.order?.comment ?? '' });
          }}>
            <TextField
              id="cart-note"
              label={t`Order note`}
              value={note ?? cart?.order?.comment ?? ''}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={1}
              fullWidth
              slotProps={{ htmlInput: { maxLength: TEXT_MAX.orderComment } }}
            />
            <Button type="submit" variant="outlined" disabled={!canComment} sx={{ mt: 1 }}>
              <Trans>Save note</Trans>
            </Button>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 3 }}>
            <Typography>
              <Trans>Items total</Trans>
            </Typography>
            <Price rial={cart?.summary.pure_price ?? 0} fontWeight={700} data-testid="cart-total" />
          </Box>
          {cart && cart.summary.permanent_discount > 0 ? (
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography color="success.main">
                <Trans>Online ordering discount</Trans>
              </Typography>
              <Price rial={cart.summary.permanent_discount} color="success.main" />
            </Box>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <Trans>Shipping, discounts and the amount to pay are computed at checkout.</Trans>
          </Typography>
          {failureText && !busy && !atMinimumOrder ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="cart-failure">
              {failureText}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
            onClick={checkout}
            disabled={!canCheckout}
            data-testid="cart-checkout"
          >
            {checking ? <Trans>Checking the cart…</Trans> : <Trans>Continue to checkout</Trans>}
          </Button>
        </>
      )}
      <Dialog open={atMinimumOrder} onClose={() => actor.send({ type: 'cart.dismiss' })} aria-labelledby="min-order-title" aria-describedby="min-order-text">
        <DialogTitle id="min-order-title">
          <Trans>Minimum order</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="min-order-text" data-testid="min-order-text">
            {failure?.message}
          </DialogContentText>
          {minOrder ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              <Trans>Minimum:</Trans> <Price rial={minOrder.min_order} /> · <Trans>Your cart:</Trans> <Price rial={minOrder.pure_price} />
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => actor.send({ type: 'cart.dismiss' })} autoFocus>
            <Trans>OK</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
