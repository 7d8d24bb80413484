import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { DataOf } from '@contract/api';
import { COMMERCIAL_TYPES } from '@contract/rules/ads';
import { selectResource } from '@machines/resource-machine';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { TYPE_LABELS } from '@/ui/ad-choices';
import { formatNumber } from '@/ui/format';
import { LoadFailure } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';

/**
 * /home-4/tejari-home: the commercial ("tejari") home. Offices, shops, commercial property and warehouses, each with
 * how many published ads it has (ty_ad_counts), opening the ad list filtered to it; and a way to post one.
 */
export default function CommercialHomePage() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const actor = useScreenActor('resource', { load: { code: 'ty_ad_counts', payload: {} } }, 'commercial-home');
  const counts = useSelector(actor, selectResource<DataOf<'ty_ad_counts'>>, shallowEqual);
  return (
    <PageFrame title={<Trans>Commercial real estate</Trans>} testId="commercial-home-page">
      <Typography color="text.secondary">
        <Trans>Offices, shops, commercial property and warehouses for sale, rent and partnership.</Trans>
      </Typography>
      {counts.status === 'failed' && counts.failure ? <LoadFailure message={counts.failure.message} onRetry={() => actor?.send({ type: 'resource.retry' })} /> : null}
      <Box component="nav" aria-label={t`Commercial real estate`} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1.5 }}>
        {COMMERCIAL_TYPES.map((type) => {
          const count = counts.data?.type[type];
          return (
            <Card key={type} variant="outlined">
              <CardActionArea component={RouterLink} to={`/home-4?type=${type}`} data-testid={`commercial-${type}`} sx={{ p: 2 }}>
                <Typography component="h2" variant="subtitle1" fontWeight={700}>
                  {i18n._(TYPE_LABELS[type])}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="commercial-count">
                  {count === undefined ? '\u00a0' : <Trans>{formatNumber(count, language)} ads</Trans>}
                </Typography>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <Button component={RouterLink} to="/home-4/new/sale/commercial" variant="contained" sx={{ alignSelf: 'start' }}>
        <Trans>Post a commercial ad</Trans>
      </Button>
    </PageFrame>
  );
}
