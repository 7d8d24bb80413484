import { Trans, useLingui } from '@lingui/react/macro';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import ViewListIcon from '@mui/icons-material/ViewList';
import MapIcon from '@mui/icons-material/Map';
import { shallowEqual, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { activeFilterCount, draftFromQuery } from '@machines/classifieds/ad-filters';
import { adsFailure, isLoadingAds, isLoadingMap, isLoadingMoreAds, isTogglingBookmark, noAdsFound, type adFinderMachine, type FinderView, type MapBounds } from '@machines/classifieds/ad-finder-machine';
import { useLanguage, useScreenActor, useSystemActor } from '@/ui/actor-system';
import { formatNumber, localDigits, localized } from '@/ui/format';
import { BlocksSkeleton, EmptyState, LoadFailure } from '@/ui/load-states';
import { AdCard, adPath } from './ad-card';
import { REQUEST_LABELS } from '@/ui/ad-choices';
import { FilterSheet } from './filter-sheet';
import { MoreOnScroll } from './more-on-scroll';
import { SaveSearch } from './save-search';
import { formatMoney } from '@contract/money';

const AdsMap = lazy(() => import('./ads-map'));

type FinderActor = ActorRefFrom<typeof adFinderMachine>;

function AdList({ actor }: { actor: FinderActor }) {
  const ads = useSelector(actor, (snapshot) => snapshot.context.ads);
  const failure = useSelector(actor, adsFailure);
  const loading = useSelector(actor, isLoadingAds);
  const empty = useSelector(actor, noAdsFound);
  const loadingMore = useSelector(actor, isLoadingMoreAds);
  const canMore = useSelector(actor, (snapshot) => snapshot.can({ type: 'finder.more' }));
  const bookmarking = useSelector(actor, (snapshot) => (isTogglingBookmark(snapshot) ? snapshot.context.bookmarking : null));
  const refusal = useSelector(actor, (snapshot) => snapshot.context.bookmarkRefusal);
  // One toggle at a time: while one runs, the chart takes no other, so none is offered.
  const bookmarkable = useSelector(actor, (snapshot) => snapshot.context.ads.filter((ad) => snapshot.can({ type: 'finder.bookmark', adId: ad.id })).map((ad) => ad.id), shallowEqual);
  const more = useCallback(() => actor.send({ type: 'finder.more' }), [actor]);
  if (failure) return <LoadFailure message={failure.message} onRetry={() => actor.send({ type: 'finder.retry' })} />;
  if (loading && ads.length === 0) return <BlocksSkeleton count={4} height={128} />;
  if (empty) {
    return (
      <EmptyState>
        <Trans>No ads found</Trans>
      </EmptyState>
    );
  }
  return (
    <>
      <Stack component="section" spacing={1.5} data-testid="ad-list" aria-busy={loading || loadingMore}>
        {ads.map((ad) => (
          <AdCard key={ad.id} ad={ad} bookmarkBusy={bookmarking === ad.id || !bookmarkable.includes(ad.id)} refusal={refusal?.adId === ad.id ? refusal.message : null} onBookmark={() => actor.send({ type: 'finder.bookmark', adId: ad.id })} />
        ))}
      </Stack>
      <MoreOnScroll canMore={canMore} loading={loadingMore} onMore={more} />
    </>
  );
}

/** The map view: the map, how many ads it holds, and the card of the chosen point. */
function MapView({ actor }: { actor: FinderActor }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const map = useSelector(actor, (snapshot) => snapshot.context.map);
  const failure = useSelector(actor, (snapshot) => snapshot.context.mapFailure);
  const loading = useSelector(actor, isLoadingMap);
  const selectedId = useSelector(actor, (snapshot) => snapshot.context.selected);
  const selected = map?.points.find((point) => point.id === selectedId) ?? null;
  const onBounds = useCallback((bounds: MapBounds) => actor.send({ type: 'finder.bounds', bounds }), [actor]);
  const onSelect = useCallback((id: number) => actor.send({ type: 'finder.select', id }), [actor]);
  const total = map ? formatNumber(map.total, language) : null;
  return (
    <Stack spacing={1.5} data-testid="map-view">
      <Suspense fallback={<BlocksSkeleton count={1} height={360} />}>
        <AdsMap map={map} selected={selectedId} onBounds={onBounds} onSelect={onSelect} label={t`Map of the ads: move it to search another area`} />
      </Suspense>
      <Typography variant="body2" color="text.secondary" role="status" aria-busy={loading} data-testid="map-total">
        {total === null ? null : <Trans>{total} ads in this area</Trans>}
      </Typography>
      {failure ? <LoadFailure message={failure.message} onRetry={() => actor.send({ type: 'finder.mapRetry' })} /> : null}
      {selected ? (
        <Box component="article" data-testid="map-ad-card" aria-live="polite" sx={{ p: 1.5, border: 1, borderColor: 'primary.main', borderRadius: 2 }}>
          <Typography component="h2" variant="subtitle1" fontWeight={700}>
            <Link component={RouterLink} to={adPath(selected.id)} data-testid="map-ad-link">
              {localDigits(selected.title, language)}
            </Link>
          </Typography>
          <Typography variant="body2">
            {i18n._(REQUEST_LABELS[selected.request])}
            {selected.price === null ? null : ` · ${formatMoney(selected.price, currency, language)}`}
          </Typography>
        </Box>
      ) : null}
      {/* The points as a list too: a keyboard or a screen reader reaches every ad on the map. */}
      {map && map.points.length > 0 ? (
        <Box component="nav" aria-label={t`Ads on the map`}>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1}>
            {map.points.map((point) => (
              <Button key={point.id} size="small" variant={point.id === selectedId ? 'contained' : 'outlined'} aria-pressed={point.id === selectedId} onClick={() => onSelect(point.id)} data-testid={`map-point-${point.id}`}>
                {localDigits(point.title, language)}
              </Button>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** /home-4: the classifieds' ad list with its filter sheet, and the same filters on a map. */
export default function FinderPage() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const app = useSystemActor('app');
  const shop = useSelector(app, (snapshot) => snapshot.context.shop);
  const loggedIn = useSelector(app, (snapshot) => snapshot.context.user !== null);
  const currency = shop?.currency ?? 'IRT';
  const { search } = useLocation();
  // The query the page opened with; afterwards the chart writes it.
  const [opened] = useState(() => draftFromQuery(search));
  const actor = useScreenActor('adFinder', { draft: opened, currency, loggedIn }, `finder:${loggedIn}`);
  const view = useSelector(actor, (snapshot) => snapshot?.context.view ?? 'list');
  const filterCount = useSelector(actor, (snapshot) => (snapshot ? activeFilterCount(snapshot.context.applied) : 0));
  const total = useSelector(actor, (snapshot) => snapshot?.context.total ?? null);
  const request = useSelector(actor, (snapshot) => snapshot?.context.applied.request ?? null);
  const count = total === null ? null : formatNumber(total, language);
  return (
    <Box data-testid="ad-finder" sx={{ maxWidth: 960, mx: 'auto', px: { xs: 2, md: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Typography component="h1" variant="h5" fontWeight={700}>
          {shop ? localized(language, shop.name, shop.name_en) : null}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          {/* Posting is what a visitor comes for as often as finding: it is on the home itself, not behind the menu. */}
          <Button component={RouterLink} to="/home-4/new" variant="contained" startIcon={<AddIcon />} data-testid="post-ad">
            <Trans>Post an ad</Trans>
          </Button>
          {/* The classifieds' own pages (my ads, chats, commercial property, rules...) are one tap away. */}
          <Button component={RouterLink} to="/home-4/tejari" data-testid="classifieds-menu">
            <Trans>Menu</Trans>
          </Button>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Badge color="primary" badgeContent={filterCount > 0 ? formatNumber(filterCount, language) : null}>
          <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => actor?.send({ type: 'finder.open' })} data-testid="open-filters" aria-haspopup="dialog">
            <Trans>Filters</Trans>
          </Button>
        </Badge>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_, next: FinderView | null) => (next ? actor?.send({ type: 'finder.view', view: next }) : undefined)}
          aria-label={t`Show the ads as`}
        >
          <ToggleButton value="list" data-testid="view-list" aria-label={t`List`}>
            <ViewListIcon fontSize="small" />
            <Box component="span" sx={{ mx: 0.5 }}>
              <Trans>List</Trans>
            </Box>
          </ToggleButton>
          <ToggleButton value="map" data-testid="view-map" aria-label={t`Map`}>
            <MapIcon fontSize="small" />
            <Box component="span" sx={{ mx: 0.5 }}>
              <Trans>Map</Trans>
            </Box>
          </ToggleButton>
        </ToggleButtonGroup>
        {count !== null && view === 'list' ? (
          <Typography variant="body2" color="text.secondary" data-testid="ad-total" role="status">
            {request ? `${i18n._(REQUEST_LABELS[request])} · ` : null}
            <Trans>{count} ads</Trans>
          </Typography>
        ) : null}
      </Stack>
      {actor ? (
        <>
          <FilterSheet actor={actor} />
          <SaveSearch actor={actor} />
          {view === 'list' ? <AdList actor={actor} /> : <MapView actor={actor} />}
        </>
      ) : (
        <BlocksSkeleton count={4} height={128} />
      )}
    </Box>
  );
}
