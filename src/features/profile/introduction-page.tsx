import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { useDeferredValue } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatMoney } from '@contract/money';
import { formatNumber } from '@/ui/format';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';

function InviteCard() {
  const { t } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const actor = useScreenActor('resource', { load: { code: 'get_invite_data', payload: {} } }, 'invite');
  // Its changes render in the background, in slices, not in one long task.
  const resource = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_invite_data'>>, shallowEqual));
  if (resource.status === 'failed' || resource.status === 'notFound') return <Alert severity="error">{resource.failure.message}</Alert>;
  if (resource.status === 'loading') return null;
  const data = resource.data;
  const link = `${window.location.origin}${data.link}`;
  const share = () => {
    if (navigator.share) navigator.share({ url: link }).catch(() => undefined);
    else navigator.clipboard?.writeText(link).catch(() => undefined);
  };
  const reward = formatMoney(data.reward_amount, currency, language);
  const invited = formatNumber(data.invited_count, language);
  const rewarded = formatNumber(data.rewarded_count, language);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack gap={2}>
        <TextField label={t`Your referral code`} value={data.code} slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'invite-code' } }} />
        <TextField label={t`Share link`} value={link} slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }} />
        <Button variant="contained" onClick={share}>
          <Trans>Share the link</Trans>
        </Button>
        <Typography data-testid="invite-reward">
          <Trans>Each friend's first completed order adds {reward} to your wallet.</Trans>
        </Typography>
        <Typography color="text.secondary">
          <Trans>Friends who joined: {invited}. Rewards received: {rewarded}.</Trans>
        </Typography>
      </Stack>
    </Paper>
  );
}

/** /introduction: the referral code and share link; the reward is the shop's setting, shown once the code is read. */
export default function IntroductionPage() {
  const user = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user);
  const location = useLocation();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
        <Trans>Invite your friends</Trans>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Trans>Share your link. When a friend signs up with it and their first order is completed, credit goes to your wallet.</Trans>
      </Typography>
      {user ? (
        <InviteCard />
      ) : (
        <Button variant="contained" component={RouterLink} to="/authentication/login" state={{ from: location.pathname }}>
          <Trans>Log in to get your code</Trans>
        </Button>
      )}
    </Container>
  );
}
