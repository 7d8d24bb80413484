import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdDetail } from '@contract/entities/ad';
import { SYSTEM_IDS } from '@machines/system';
import { askedDelete, isActing, isLoadingMyAds, myAdsFailure, selectMyAds, type MyAdAction } from '@machines/classifieds/my-ads-machine';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { formatNumber, localDigits } from '@/ui/format';
import { ACTION_LABELS, STATUS_LABELS } from './ad-labels';
import { REQUEST_LABELS } from '@/ui/ad-choices';
import type { FlowActor } from '@/ui/flows';

const STATUS_COLOR = { approved: 'success', awaiting: 'info', rejected: 'error', edit_request: 'warning', expired: 'default', uncertain: 'warning', closed: 'default', deleted: 'default' } as const;

/** /home-4/tejari/profile/my-ads: the publisher's ads, their status in words, a moderator's reason, and exactly the actions the lifecycle chart allows. */
export default function MyAdsPage() {
  const { t } = useLingui();
  // Under its systemId the live channel finds it: a moderator's change shows without a reload.
  const actor = useScreenActor('myAds', undefined, 'my-ads', { systemId: SYSTEM_IDS.myAds });
  const ads = useSelector(actor, selectMyAds);
  const loading = useSelector(actor, isLoadingMyAds);
  const failure = useSelector(actor, myAdsFailure);
  const deleting = useSelector(actor, askedDelete);
  const busy = useSelector(actor, isActing);
  return (
    <Box component="section" aria-labelledby="my-ads-title" data-testid="my-ads" sx={{ maxWidth: 820, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap">
        <Typography id="my-ads-title" component="h1" variant="h5" fontWeight={700}>
          <Trans>My ads</Trans>
        </Typography>
        <Button component={RouterLink} to="/home-4/new" variant="contained" data-testid="post-ad">
          <Trans>Post an ad</Trans>
        </Button>
      </Stack>
      {failure ? (
        <Alert severity="error" action={<Button onClick={() => actor?.send({ type: 'myAds.retry' })}><Trans>Try again</Trans></Button>}>
          {failure.message}
        </Alert>
      ) : null}
      {!loading && !failure && ads.length === 0 ? (
        <Typography color="text.secondary" data-testid="my-ads-empty">
          <Trans>You have not posted any ads yet.</Trans>
        </Typography>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {actor ? ads.map((ad) => <MyAd key={ad.id} ad={ad} actor={actor} />) : null}
      </Box>
      <Dialog open={deleting !== null} onClose={() => actor?.send({ type: 'myAds.dismiss' })} aria-labelledby="delete-ad-title">
        <DialogTitle id="delete-ad-title">
          <Trans>Delete this ad?</Trans>
        </DialogTitle>
        <DialogContent>
          <Trans>A deleted ad cannot be brought back.</Trans>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => actor?.send({ type: 'myAds.dismiss' })} disabled={busy}>
            <Trans>Keep it</Trans>
          </Button>
          <Button color="error" variant="contained" onClick={() => actor?.send({ type: 'myAds.confirm' })} disabled={busy} data-testid="confirm-delete">
            {t`Yes, delete it`}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function MyAd({ ad, actor }: { ad: AdDetail; actor: FlowActor<'myAds'> }) {
  const { t } = useLingui();
  const language = useLanguage();
  // Exactly what the lifecycle chart lets the publisher do from the ad's status (the chart's guard; the server's check too).
  const offered = useSelector(actor, (snapshot) => ({
    edit: snapshot.can({ type: 'myAds.edit', adId: ad.id }),
    renew: snapshot.can({ type: 'myAds.act', adId: ad.id, action: 'renew' }),
    close: snapshot.can({ type: 'myAds.act', adId: ad.id, action: 'close' }),
    delete: snapshot.can({ type: 'myAds.act', adId: ad.id, action: 'delete' }),
  }), (a, b) => a.edit === b.edit && a.renew === b.renew && a.close === b.close && a.delete === b.delete);
  const act = (action: MyAdAction) => actor.send({ type: 'myAds.act', adId: ad.id, action });
  return (
    <Box component="li" data-testid="my-ad" data-status={ad.status} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'grid', gridTemplateColumns: { xs: '80px 1fr', sm: '120px 1fr' }, gap: 1.5 }}>
      {ad.cover ? (
        <Box component="img" src={ad.cover.thumbnail_url} alt="" width={120} height={90} sx={{ width: '100%', height: { xs: 64, sm: 90 }, objectFit: 'cover', borderRadius: 1 }} />
      ) : (
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, height: { xs: 64, sm: 90 } }} />
      )}
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Typography component="h2" variant="subtitle1" fontWeight={700} sx={{ overflowWrap: 'anywhere' }}>
            {localDigits(ad.title, language)}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[ad.status]} label={t(STATUS_LABELS[ad.status])} data-testid="my-ad-status" />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t(REQUEST_LABELS[ad.request])} · {localDigits(ad.neighborhood, language)} · {t`${formatNumber(ad.meterage, language)} m²`}
        </Typography>
        {ad.reason ? (
          <Alert severity={ad.status === 'rejected' ? 'error' : 'warning'} sx={{ py: 0 }} data-testid="my-ad-reason">
            <Trans>Moderator's reason: {ad.reason}</Trans>
          </Alert>
        ) : null}
        <Stack direction="row" gap={1} flexWrap="wrap">
          {offered.edit ? (
            <Button size="small" variant="outlined" onClick={() => actor.send({ type: 'myAds.edit', adId: ad.id })} data-testid="my-ad-edit">
              {t(ACTION_LABELS.edit)}
            </Button>
          ) : null}
          {offered.renew ? (
            <Button size="small" variant="outlined" onClick={() => act('renew')} data-testid="my-ad-renew">
              {t(ACTION_LABELS.renew)}
            </Button>
          ) : null}
          {offered.close ? (
            <Button size="small" variant="outlined" onClick={() => act('close')} data-testid="my-ad-close">
              {t(ACTION_LABELS.close)}
            </Button>
          ) : null}
          {offered.delete ? (
            <Button size="small" color="error" onClick={() => act('delete')} data-testid="my-ad-delete">
              {t(ACTION_LABELS.delete)}
            </Button>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
