import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import { localDigits } from '@contract/numbers';
import { closedUntilText } from '@contract/rules/shop-hours';
import { shopClosure } from '@machines/shop-closure';
import { useLanguage, useSystemActor } from '@/ui/actor-system';

/** Before checkout: the shop takes no order now, and why (a holiday until when, the switch, the hours). */
export function ShopClosedNotice() {
  const language = useLanguage();
  const closure = useSelector(useSystemActor('app'), (snapshot) => shopClosure(snapshot.context.shop?.shift_data), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  if (!closure) return null;
  const text =
    closure.reason === 'holiday' ? (
      <Trans>The shop is closed until {closedUntilText(closure.until, language)} and takes no orders until then.</Trans>
    ) : closure.reason === 'outside_hours' ? (
      <Trans>
        The shop is closed now; it takes orders from {localDigits(closure.opens, language)} to {localDigits(closure.closes, language)}.
      </Trans>
    ) : (
      <Trans>The shop is not taking orders right now.</Trans>
    );
  return (
    <Alert severity="warning" role="status" data-testid="shop-closed" sx={{ borderRadius: 0 }}>
      {text}
    </Alert>
  );
}
