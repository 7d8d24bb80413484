import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import Alert from '@mui/material/Alert';
import { Link as RouterLink } from 'react-router-dom';
import type { AdCard as Ad } from '@contract/entities/ad';
import { formatNumber, localDigits } from '@/ui/format';
import { useLanguage } from '@/ui/actor-system';
import { Picture } from '@/ui/picture';
import { AdPrice } from './ad-price';
import { timeAgo } from './ad-texts';
import { REQUEST_LABELS, TYPE_LABELS } from '@/ui/ad-choices';
import { BookmarkToggle } from './bookmark-toggle';

export const adPath = (id: number) => `/home-4/detail/${id}`;

/** An ad on the list: cover (or a placeholder), title, request, meterage, rooms, price, neighborhood, time ago, bookmark. */
export function AdCard({ ad, bookmarkBusy, refusal, onBookmark }: { ad: Ad; bookmarkBusy: boolean; refusal: string | null; onBookmark: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const meterage = formatNumber(ad.meterage, language);
  const rooms = ad.rooms === null ? null : formatNumber(ad.rooms, language);
  return (
    <Box component="article" data-testid={`ad-card-${ad.id}`} aria-labelledby={`ad-title-${ad.id}`} sx={{ display: 'flex', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Box sx={{ width: 104, height: 104, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
        {ad.cover ? (
          <Picture src={ad.cover.thumbnail_url} alt="" width={104} height={104} loading="lazy" sx={{ width: 104, height: 104, objectFit: 'cover' }} />
        ) : (
          <HomeWorkOutlinedIcon aria-hidden color="disabled" fontSize="large" data-testid="ad-placeholder" />
        )}
      </Box>
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" alignItems="flex-start" spacing={1}>
          <Typography id={`ad-title-${ad.id}`} variant="subtitle1" component="h2" fontWeight={700} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={adPath(ad.id)} underline="hover" color="inherit" data-testid="ad-link">
              {localDigits(ad.title, language)}
            </Link>
          </Typography>
          <BookmarkToggle bookmarked={ad.bookmarked} busy={bookmarkBusy} title={ad.title} onToggle={onBookmark} />
        </Stack>
        <Stack direction="row" spacing={0.75} flexWrap="wrap" useFlexGap>
          <Chip size="small" color="primary" variant="outlined" label={i18n._(REQUEST_LABELS[ad.request])} />
          <Chip size="small" variant="outlined" label={i18n._(TYPE_LABELS[ad.type])} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {rooms === null ? t`${meterage} m²` : t`${meterage} m² · ${rooms} rooms`}
        </Typography>
        <AdPrice ad={ad} />
        <Typography variant="caption" color="text.secondary">
          {localDigits(ad.neighborhood, language)}
          {ad.published_at ? (
            <>
              {' · '}
              <time dateTime={ad.published_at}>{timeAgo(i18n, ad.published_at)}</time>
            </>
          ) : null}
        </Typography>
        {refusal ? (
          <Alert severity="error" role="alert" data-testid="bookmark-refusal">
            {refusal}
          </Alert>
        ) : null}
      </Stack>
    </Box>
  );
}
