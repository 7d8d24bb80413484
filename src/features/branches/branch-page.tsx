import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Branch } from '@contract/index';
import { parseLocation, TEHRAN_CENTER } from '@contract/rules/distance';
import { isOrderable } from '@contract/rules/branch-order';
import type { branchMachine } from '@machines/branch-machine';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatNumber, localized } from '@/ui/format';
import { BlocksSkeleton, LoadFailure } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';

const PointMap = lazy(() => import('@/ui/point-map'));

type BranchActor = ActorRefFrom<typeof branchMachine>;

/** Where the map opens before anything is known: the first branch, else Tehran. */
const fallbackCenter = (branches: readonly Branch[]) => branches.map((branch) => parseLocation(branch.location)).find((point) => point !== null) ?? TEHRAN_CENTER;

/** The branch flow of this page, opened as a child of the app for as long as the page shows. */
function useBranchActor(preselectedId: number | null): BranchActor | undefined {
  const app = useSystemActor('app');
  const shopId = useSelector(app, (snapshot) => snapshot.context.shop?.id ?? 0);
  const signedIn = useSelector(app, (snapshot) => snapshot.context.user !== null);
  const cartLines = useSelector(useSystemActor('cart'), (snapshot) => snapshot.context.cart?.lines.length ?? 0);
  return useScreenActor('branch', { preselectedId, currentShopId: shopId, cartLines, signedIn }, `branch:${preselectedId ?? ''}`);
}

/** Our own explanation before the browser's prompt; refused or unavailable, the map and "continue without" remain. */
function PositionPrompt({ actor }: { actor: BranchActor }) {
  const { t } = useLingui();
  const problem = useSelector(actor, (snapshot) => snapshot.context.locateProblem);
  const locating = useSelector(actor, (snapshot) => snapshot.matches('locating'));
  const canLocate = useSelector(actor, (snapshot) => snapshot.can({ type: 'position.locate' }));
  const branches = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.branches ?? []);
  const [picking, setPicking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card variant="outlined" data-testid="position-prompt">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography component="h2" variant="h6" tabIndex={-1} ref={heading}>
          <Trans>Find your nearest branch</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Trans>With your location we show the nearest branch first and whether it delivers to you. It is used only for this and is kept for your next order when you are logged in.</Trans>
        </Typography>
        {problem === 'denied' ? (
          <Alert severity="warning" role="alert" data-testid="position-denied">
            <Trans>Location access was refused. Choose your location on the map, or continue without it.</Trans>
          </Alert>
        ) : null}
        {problem === 'unavailable' ? (
          <Alert severity="warning" role="alert" data-testid="position-unavailable">
            <Trans>Your location could not be found. Choose it on the map, or continue without it.</Trans>
          </Alert>
        ) : null}
        {locating ? (
          <Box role="status">
            <LinearProgress />
            <Typography variant="body2">
              <Trans>Finding your location…</Trans>
            </Typography>
          </Box>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" disabled={!canLocate} onClick={() => actor.send({ type: 'position.locate' })} data-testid="position-locate">
            <Trans>Use my location</Trans>
          </Button>
          <Button variant="outlined" onClick={() => setPicking(true)} data-testid="position-map" aria-expanded={picking}>
            <Trans>Choose on the map</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'position.skip' })} data-testid="position-skip">
            <Trans>Continue without location</Trans>
          </Button>
        </Stack>
        {picking ? (
          <Suspense fallback={<BlocksSkeleton count={1} height={320} />}>
            <PointMap
              center={fallbackCenter(branches)}
              zoom={6}
              point={null}
              onPick={(point) => actor.send({ type: 'position.pick', ...point })}
              label={t`Map: click your location`}
              testId="position-pick-map"
            />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One branch: name, address, distance and why it cannot be ordered from; the button asks the flow. */
function BranchCard({ actor, branch, detailLink }: { actor: BranchActor; branch: Branch; detailLink: boolean }) {
  const language = useLanguage();
  const canChoose = useSelector(actor, (snapshot) => snapshot.can({ type: 'branch.choose', id: branch.id }));
  const busy = useSelector(actor, (snapshot) => snapshot.matches('selecting') || snapshot.matches('confirmingCart'));
  const name = localized(language, branch.name, branch.name_en);
  const titleId = `branch-${branch.id}-name`;
  return (
    <Card component="li" variant="outlined" data-testid="branch-card" data-branch-id={branch.id} data-slug={branch.slug} aria-labelledby={titleId} sx={{ opacity: isOrderable(branch) ? 1 : 0.75 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography component="h2" variant="subtitle1" fontWeight={700} id={titleId}>
          {name}
        </Typography>
        {branch.address ? (
          <Typography variant="body2" color="text.secondary">
            {branch.address}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {branch.distance !== null ? (
            <Typography variant="body2" data-testid="branch-distance">
              <Trans>{formatNumber(branch.distance, language, { maximumFractionDigits: 1 })} km away</Trans>
            </Typography>
          ) : null}
          {branch.status === 2 ? <Chip size="small" color="default" label={<Trans>Closed</Trans>} data-testid="branch-closed" /> : null}
          {branch.status === 1 && branch.out_of_range ? <Chip size="small" color="warning" label={<Trans>Does not deliver to you</Trans>} data-testid="branch-out-of-range" /> : null}
        </Stack>
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={!canChoose || busy} onClick={() => actor.send({ type: 'branch.choose', id: branch.id })} data-testid="branch-choose" aria-describedby={titleId}>
          <Trans>Order from this branch</Trans>
        </Button>
        {detailLink ? (
          <Link component={RouterLink} to={`/branch-list/detail/${branch.id}`} data-testid="branch-detail-link">
            <Trans>Details</Trans>
          </Link>
        ) : null}
      </CardActions>
    </Card>
  );
}

/** Leaving a branch whose cart has lines: keep them there, or empty it (lines never move between branches' prices). */
function CartQuestion({ actor }: { actor: BranchActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.matches('confirmingCart'));
  return (
    <Dialog open={open} onClose={() => actor.send({ type: 'choice.cancel' })} aria-labelledby="cart-question-title" aria-describedby="cart-question-text" data-testid="cart-question">
      <DialogTitle id="cart-question-title">
        <Trans>Your cart has items</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="cart-question-text">
          <Trans>Prices differ between branches, so the items stay with the branch you are leaving. Keep them there for when you come back, or empty that cart?</Trans>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => actor.send({ type: 'choice.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'cart.clear' })} data-testid="cart-question-clear">
          <Trans>Empty the cart</Trans>
        </Button>
        <Button variant="contained" autoFocus onClick={() => actor.send({ type: 'cart.keep' })} data-testid="cart-question-keep">
          <Trans>Keep my cart</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The measured list, and on /branch2 the map with every branch above it. */
function BranchList({ actor, layout, detailLinks }: { actor: BranchActor; layout: 'list' | 'map'; detailLinks: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const branches = useSelector(actor, (snapshot) => snapshot.context.branches);
  const position = useSelector(actor, (snapshot) => snapshot.context.position);
  const place = useSelector(actor, (snapshot) => snapshot.context.place);
  const markers = branches.flatMap((branch) => {
    const point = parseLocation(branch.location);
    return point ? [{ id: branch.id, ...point, title: localized(language, branch.name, branch.name_en), muted: !isOrderable(branch) }] : [];
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="position-summary">
        <Typography variant="body2">
          {position === null ? <Trans>Branches in no particular distance order (no location).</Trans> : place ? <Trans>Your location: {place}</Trans> : <Trans>Sorted by distance from your location.</Trans>}
        </Typography>
        <Button size="small" onClick={() => actor.send({ type: 'position.change' })} data-testid="position-change">
          <Trans>Change location</Trans>
        </Button>
      </Stack>
      {layout === 'map' ? (
        <Suspense fallback={<BlocksSkeleton count={1} height={320} />}>
          <PointMap center={position ?? fallbackCenter(branches)} zoom={position ? 11 : 5} point={position} markers={markers} label={t`Map of the branches`} testId="branch-map" />
        </Suspense>
      ) : null}
      <Box component="ul" data-testid="branch-list" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {branches.map((branch) => (
          <BranchCard key={branch.id} actor={actor} branch={branch} detailLink={detailLinks} />
        ))}
      </Box>
    </Stack>
  );
}

/** What the flow shows at each step. */
function BranchFlow({ actor, layout, detailLinks }: { actor: BranchActor; layout: 'list' | 'map'; detailLinks: boolean }) {
  const step = useSelector(actor, (snapshot) =>
    snapshot.matches('asking') || snapshot.matches('locating') ? 'position' : snapshot.matches('listing') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : snapshot.matches('start') ? 'loading' : 'list',
  );
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const selecting = useSelector(actor, (snapshot) => snapshot.matches('selecting') || snapshot.status === 'done');
  return (
    <>
      {failure && step !== 'failed' ? (
        <Alert severity="error" role="alert" data-testid="branch-failure">
          {failure.message}
        </Alert>
      ) : null}
      {selecting ? (
        <Box role="status">
          <LinearProgress />
          <Typography variant="body2">
            <Trans>Opening the branch…</Trans>
          </Typography>
        </Box>
      ) : null}
      {step === 'position' ? <PositionPrompt actor={actor} /> : null}
      {step === 'loading' ? <BlocksSkeleton count={3} height={120} /> : null}
      {step === 'failed' ? <LoadFailure message={failure?.message} onRetry={() => actor.send({ type: 'branches.retry' })} /> : null}
      {step === 'list' ? <BranchList actor={actor} layout={layout} detailLinks={detailLinks} /> : null}
      <CartQuestion actor={actor} />
    </>
  );
}

/** A `branch_id` of the link (/branch?branch_id=, /splash?branch_id=): that branch is chosen at once. */
function usePreselected(): number | null {
  const [search] = useSearchParams();
  const id = Number(search.get('branch_id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /branch (branch_list_type 1): the list; /branch2 (type 2) uses BranchMapPage. */
export default function BranchPage() {
  const actor = useBranchActor(usePreselected());
  const detailLinks = useSelector(useSystemActor('app'), (snapshot) => (snapshot.context.shop?.branches.length ?? 0) > 1 && snapshot.context.shop?.data.branch_list_detail_page === 1);
  return (
    <PageFrame title={<Trans>Choose a branch</Trans>} testId="branch-page">
      {actor ? <BranchFlow actor={actor} layout="list" detailLinks={detailLinks} /> : null}
    </PageFrame>
  );
}

/** /branch2: the branches on a map above the list. */
export function BranchMapPage() {
  const actor = useBranchActor(usePreselected());
  return (
    <PageFrame title={<Trans>Choose a branch</Trans>} testId="branch-page">
      {actor ? <BranchFlow actor={actor} layout="map" detailLinks={false} /> : null}
    </PageFrame>
  );
}

/** /branch-list: the list with a details link per branch (only with several branches and the detail page enabled). */
export function BranchListPage() {
  const actor = useBranchActor(null);
  return (
    <PageFrame title={<Trans>Our branches</Trans>} testId="branch-list-page">
      {actor ? <BranchFlow actor={actor} layout="list" detailLinks /> : null}
    </PageFrame>
  );
}

/** /branch-list/detail/:id: one branch, its place on the map and the way to order from it. */
export function BranchDetailPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const { id } = useRouteParams();
  const actor = useBranchActor(null);
  useEffect(() => actor?.send({ type: 'position.skip' }), [actor]);
  const branch = useSelector(actor, (snapshot) => snapshot?.context.branches.find((entry) => String(entry.id) === id) ?? null);
  const loaded = useSelector(actor, (snapshot) => snapshot?.matches('ready') ?? false);
  const point = branch ? parseLocation(branch.location) : null;
  return (
    <PageFrame title={branch ? localized(language, branch.name, branch.name_en) : <Trans>Branch</Trans>} testId="branch-detail-page">
      {actor && branch ? (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            <BranchCard actor={actor} branch={branch} detailLink={false} />
          </Box>
          {point ? (
            <Suspense fallback={<BlocksSkeleton count={1} height={320} />}>
              <PointMap center={point} point={null} markers={[{ id: branch.id, ...point, title: localized(language, branch.name, branch.name_en), muted: !isOrderable(branch) }]} label={t`Map of the branch`} testId="branch-map" />
            </Suspense>
          ) : null}
          <CartQuestion actor={actor} />
        </>
      ) : null}
      {loaded && !branch ? (
        <Alert severity="info">
          <Trans>This branch could not be found.</Trans>
        </Alert>
      ) : null}
      <Link component={RouterLink} to="/branch-list">
        <Trans>All branches</Trans>
      </Link>
    </PageFrame>
  );
}
