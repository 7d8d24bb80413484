import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AdDetail } from '@contract/entities/ad';
import { formatMoney } from '@contract/money';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { formatNumber, localDigits } from '@/ui/format';
import { BUSINESS_CLASS_LABELS, REQUEST_LABELS, TYPE_LABELS } from '@/ui/ad-choices';

/** Spec §3's labels the ad has, as a definition list (a label without a value is left out). */
export function AdLabels({ ad }: { ad: AdDetail }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const money = (rial: number | null) => (rial === null ? null : formatMoney(rial, currency, language));
  const number = (value: number | null) => (value === null ? null : formatNumber(value, language));
  const publisher = ad.publisher.deleted
    ? t`User deleted`
    : ad.publisher.kind === 'consultant' && ad.publisher.consultant_code
      ? t`${ad.publisher.name ?? ''}, consultant (code ${localDigits(ad.publisher.consultant_code ?? '', language)})`
      : (ad.publisher.name ?? '');
  const rows: [string, ReactNode, string][] = [
    [t`Code`, localDigits(ad.code, language), 'code'],
    [t`Request`, i18n._(REQUEST_LABELS[ad.request]), 'request'],
    [t`Type`, i18n._(TYPE_LABELS[ad.type]), 'type'],
    [t`Publisher`, publisher, 'publisher'],
    [t`Business class`, ad.business_class ? i18n._(BUSINESS_CLASS_LABELS[ad.business_class]) : null, 'business-class'],
    [t`Province and city`, `${ad.province}، ${ad.city}`, 'city'],
    [t`Neighborhood`, localDigits(ad.neighborhood, language), 'neighborhood'],
    [t`Meterage`, t`${number(ad.meterage)} m²`, 'meterage'],
    [t`Rooms`, number(ad.rooms), 'rooms'],
    [t`Build year`, number(ad.build_year)?.replace(/[\u066C,]/g, '') ?? null, 'build-year'],
    [t`Total price`, money(ad.total_price), 'total-price'],
    [t`Deposit`, money(ad.deposit), 'deposit'],
    [t`Monthly rent`, money(ad.monthly_rent), 'monthly-rent'],
    [t`Partnership for`, ad.partnership_for, 'partnership-for'],
  ];
  return (
    <Box component="dl" data-testid="ad-labels" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
      {rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value, id]) => (
          <Box key={id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`ad-label-${id}`}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
