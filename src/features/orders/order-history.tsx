import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DeliveryMethod } from '@contract/enums';
import type { Factor, OrderHistoryEntry } from '@contract/entities/order';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';
import { formatOrderDate, formatOrderTime } from './order-dates';

/** What each change was, as the customer reads it (a sent pickup order is ready to be picked up). */
const actionNames: Record<OrderHistoryEntry['action'], MessageDescriptor> = {
  place: msg`Order placed`,
  confirm: msg`Confirmed by the store`,
  send: msg`Sent`,
  complete: msg`Completed`,
  cancel: msg`Canceled`,
  expire: msg`Canceled: not paid in time`,
};
const readyForPickup = msg`Ready for pickup`;

const byNames: Record<OrderHistoryEntry['by'], MessageDescriptor> = {
  store: msg`by the store`,
  customer: msg`by you`,
  system: msg`by the system`,
};

/** The order's changes since placed, oldest first: what, when (Tehran time), by whom, a confirm's minutes and a cancel's reason. */
export function OrderHistory({ factor }: { factor: Factor }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  if (factor.history.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
        <Trans>Order history</Trans>
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="order-history">
        {factor.history.map((entry, index) => {
          const what = entry.action === 'send' && factor.delivery_method === DeliveryMethod.pickup ? readyForPickup : actionNames[entry.action];
          const minutes = entry.ready_in === null ? null : formatNumber(entry.ready_in, language);
          const reason = entry.reason;
          return (
            <li key={`${entry.at}-${index}`} data-testid="order-history-entry" data-action={entry.action}>
              <Typography fontWeight={600}>
                {i18n._(what)} <Typography component="span" color="text.secondary">{i18n._(byNames[entry.by])}</Typography>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <bdi>{formatOrderDate(entry.at, language)}</bdi> · <bdi>{formatOrderTime(entry.at, language)}</bdi>
              </Typography>
              {minutes !== null ? (
                <Typography variant="body2">
                  <Trans>Ready in about {minutes} minutes</Trans>
                </Typography>
              ) : null}
              {reason ? (
                <Typography variant="body2" data-testid="order-history-reason">
                  <Trans>Reason: {reason}</Trans>
                </Typography>
              ) : null}
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
