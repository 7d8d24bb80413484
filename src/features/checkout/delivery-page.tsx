import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import type { DeliveryMethodValue } from '@contract/index';
import { useSystemActor, type CheckoutActor } from '@/ui/actor-system';
import { Price } from '@/ui/price';
import { CheckoutScreenGate } from './checkout-gate';
import { checkoutProblem } from './checkout-messages';
import { StepFrame } from './step-frame';

/** /cart once the cart is checked: the first checkout step, the delivery method (pickup, courier, other city). */
export default function DeliveryPage() {
  const actor = useSystemActor('checkout');
  if (!actor) return null;
  return (
    <CheckoutScreenGate actor={actor} screen="delivery">
      <DeliveryStep actor={actor} />
    </CheckoutScreenGate>
  );
}

function DeliveryStep({ actor }: { actor: CheckoutActor }) {
  const { i18n, t } = useLingui();
  const methods = useSelector(actor, (snapshot) => snapshot.context.shop.delivery_methods);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.method);
  const [method, setMethod] = useState<DeliveryMethodValue | null>(chosen);
  const busy = useSelector(actor, (snapshot) => !snapshot.matches('delivery'));
  // The methods the chart takes now (snapshot.can), in the shop's order.
  const offered = useSelector(actor, (snapshot) => snapshot.context.shop.delivery_methods.map((entry) => snapshot.can({ type: 'delivery.select', method: entry.value })), shallowEqual);
  const canContinue = method !== null && offered[methods.findIndex((entry) => entry.value === method)] === true;
  const problem = useSelector(actor, (snapshot) => checkoutProblem(i18n, snapshot.context));
  return (
    <StepFrame step="delivery" title={<Trans>How should we deliver?</Trans>} problem={problem}>
      <RadioGroup aria-label={t`Delivery method`} value={method ?? ''} onChange={(event) => setMethod(Number(event.target.value) as DeliveryMethodValue)}>
        {methods.map((entry, index) => (
          <Box key={entry.value} sx={{ border: 1, borderColor: method === entry.value ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5, mb: 1 }}>
            <FormControlLabel
              value={entry.value}
              disabled={busy || !offered[index]}
              control={<Radio />}
              label={
                <Box>
                  <Typography fontWeight={700} component="span">
                    {entry.text}
                  </Typography>{' '}
                  {entry.price > 0 ? <Price rial={entry.price} variant="body2" color="text.secondary" /> : null}
                  {entry.description ? (
                    <Typography variant="body2" color="text.secondary">
                      {entry.description}
                    </Typography>
                  ) : null}
                </Box>
              }
            />
          </Box>
        ))}
      </RadioGroup>
      <Button
        variant="contained"
        size="large"
        disabled={!canContinue}
        onClick={() => method !== null && actor.send({ type: 'delivery.select', method })}
        data-testid="delivery-continue"
      >
        {busy ? <CircularProgress size={24} aria-label={t`Loading`} /> : <Trans>Continue</Trans>}
      </Button>
    </StepFrame>
  );
}
