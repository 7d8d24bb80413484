import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { SYSTEM_IDS } from '@machines/system';
import { useDeferredValue } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { isActiveStatus, type OrderSummary } from '@contract/entities/order';
import { formatMoney } from '@contract/money';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatNumber, localized } from '@/ui/format';
import { BlocksSkeleton, LoadFailure, NoRecords, NotFoundState } from '@/ui/load-states';
import { formatOrderDate, formatOrderTime } from './order-dates';
import { statusName } from './order-text';

type OrdersTab = 'active' | 'previous';

/** /archive-orders and /profile/archive-orders: the user's placed orders, active (status 3) and previous (above 3) tabs. */
export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const tab: OrdersTab = search.get('tab') === 'previous' ? 'previous' : 'active';
  // Under its systemId the live channel has it read again when the store changes an order.
  const actor = useScreenActor('resource', { load: { code: 'get_factors', payload: { tab } } }, tab, { systemId: SYSTEM_IDS.orders });
  // Its changes render in the background, in slices, not in one long task.
  const remote = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_factors'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  return (
    <Box data-testid="orders-page" sx={{ maxWidth: 900, mx: 'auto', px: { xs: 2, md: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h1" variant="h5" fontWeight={700}>
        <Trans>My orders</Trans>
      </Typography>
      <Tabs value={tab} onChange={(_, value: OrdersTab) => setSearch(value === 'active' ? {} : { tab: value }, { replace: true })} variant="fullWidth">
        <Tab value="active" label={<Trans>Active orders</Trans>} data-testid="tab-active" />
        <Tab value="previous" label={<Trans>Previous orders</Trans>} data-testid="tab-previous" />
      </Tabs>
      {remote.status === 'loading' ? <BlocksSkeleton count={3} height={96} /> : null}
      {remote.status === 'notFound' ? <NotFoundState message={remote.failure.message} level={2} /> : null}
      {remote.status === 'failed' ? <LoadFailure message={remote.failure.message} onRetry={retry} /> : null}
      {remote.status === 'ready' && remote.data.length === 0 ? <NoRecords /> : null}
      {remote.status === 'ready' && remote.data.length > 0 ? (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={`orders-${tab}`}>
          {remote.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** '1 item', '3 items' (one word for both in fa). */
function ItemCount({ count }: { count: number }) {
  const shown = formatNumber(count, useLanguage());
  return <Plural value={count} one={`${shown} item`} other={`${shown} items`} />;
}

function OrderCard({ order }: { order: OrderSummary }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const status = statusName(order.status);
  return (
    <Card variant="outlined" data-testid="order-card" data-order-id={order.id}>
      <CardActionArea component={RouterLink} to={`/archive-orders/detail/${order.id}`} sx={{ p: 2 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap">
          <Typography fontWeight={700}>
            <Trans>Order no. {formatNumber(order.id, language)}</Trans>
          </Typography>
          <Chip size="small" color={isActiveStatus(order.status) ? 'primary' : 'default'} label={status ? i18n._(status) : formatNumber(order.status, language)} data-testid="order-status" />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {formatOrderDate(order.created_at, language)} · {formatOrderTime(order.created_at, language)} · <ItemCount count={order.item_count} />
        </Typography>
        {order.branch ? (
          // A chain's customer sees the whole brand's orders: each says which branch has it.
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="order-branch">
            <Trans>Branch: {localized(language, order.branch.name, order.branch.name_en)}</Trans>
          </Typography>
        ) : null}
        <Typography sx={{ mt: 0.5 }} data-testid="order-payable">
          {formatMoney(order.payable, currency, language)}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
