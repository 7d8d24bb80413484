import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useScreenFlow } from '@/ui/actor-system';
import { failureText, useShopCurrency } from '../counter/counter-format';
import { OwnerGate } from '../counter/owner-gate';
import { AreaForm } from './area-form';
import { DeliveryForm } from './delivery-form';
import { FlagsForm } from './flags-form';
import { HoursForm } from './hours-form';
import { shopSettingsFlow } from './shop-settings-flow';

/** The owner's shop settings: each group a form of its own, saved on its own. */
function ShopSettings() {
  const { i18n, t } = useLingui();
  const currency = useShopCurrency();
  const actor = useScreenFlow(shopSettingsFlow(), { currency }, currency);
  const loading = useSelector(actor, (snapshot) => snapshot?.matches('loading') ?? true);
  const failed = useSelector(actor, (snapshot) => snapshot?.matches('failed') ?? false);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  return (
    <Box sx={{ p: 2, maxWidth: 640 }} data-testid="shop-settings-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Shop settings</Trans>
      </Typography>
      {!actor || loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {actor && failed ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'settings.retry' })}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {actor && !loading && !failed ? (
        <Stack spacing={4} divider={<Divider flexItem />}>
          <HoursForm actor={actor} />
          <DeliveryForm actor={actor} />
          <AreaForm actor={actor} />
          <FlagsForm actor={actor} />
        </Stack>
      ) : null}
    </Box>
  );
}

/** The owner's only (OwnerGate). */
export default function ShopSettingsScreen() {
  return (
    <OwnerGate>
      <ShopSettings />
    </OwnerGate>
  );
}
