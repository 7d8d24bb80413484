import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { adLoadFailure, isAdNotFound, isReported, isReportOpen, type adDetailMachine } from '@machines/classifieds/ad-detail-machine';
import { useLanguage, useScreenActor, useSystemActor } from '@/ui/actor-system';
import { localDigits } from '@/ui/format';
import { BlocksSkeleton, LoadFailure, NotFoundState } from '@/ui/load-states';
import { useRouteParams } from '@/ui/use-route-params';
import { AdGallery } from './ad-gallery';
import { AdLabels } from './ad-labels';
import { AdPrice } from './ad-price';
import { reportProblemText, timeAgo } from './ad-texts';
import { BookmarkToggle } from './bookmark-toggle';

const PointMap = lazy(() => import('@/ui/point-map'));

type DetailActor = ActorRefFrom<typeof adDetailMachine>;

/** "Report this ad": a reason, once. */
function ReportForm({ actor }: { actor: DetailActor }) {
  const { t, i18n } = useLingui();
  const errorId = useId();
  const open = useSelector(actor, isReportOpen);
  const reported = useSelector(actor, isReported);
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const problem = useSelector(actor, (snapshot) => snapshot.context.reportProblem);
  const canOpen = useSelector(actor, (snapshot) => snapshot.can({ type: 'detail.report' }));
  const sending = useSelector(actor, (snapshot) => snapshot.matches({ shown: { report: 'sending' } }));
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'detail.cancelReport' }));
  if (reported) {
    return (
      <Alert severity="success" role="status" data-testid="ad-reported">
        <Trans>Thank you: the ad was reported to the moderators.</Trans>
      </Alert>
    );
  }
  if (!open) {
    return canOpen ? (
      <Button startIcon={<FlagIcon />} color="inherit" onClick={() => actor.send({ type: 'detail.report' })} data-testid="ad-report" sx={{ alignSelf: 'flex-start' }}>
        <Trans>Report this ad</Trans>
      </Button>
    ) : null;
  }
  const message = problem ? reportProblemText(i18n, problem) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'detail.sendReport' });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t`Report this ad`} data-testid="report-form">
      <Stack spacing={1}>
        <TextField
          label={t`What is wrong with this ad?`}
          value={reason}
          multiline
          minRows={2}
          onChange={(event) => actor.send({ type: 'detail.reason', text: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'report-reason', 'aria-describedby': message ? errorId : undefined } }}
        />
        {message ? (
          <Alert severity="error" role="alert" id={errorId} data-testid="report-problem">
            {message}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={sending} data-testid="report-send">
            <Trans>Send report</Trans>
          </Button>
          <Button disabled={!canCancel} onClick={() => actor.send({ type: 'detail.cancelReport' })}>
            <Trans>Cancel</Trans>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function AdView({ actor }: { actor: DetailActor }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const ad = useSelector(actor, (snapshot) => snapshot.context.ad);
  const bookmarking = useSelector(actor, (snapshot) => snapshot.matches({ shown: { bookmark: 'toggling' } }));
  const bookmarkRefusal = useSelector(actor, (snapshot) => snapshot.context.bookmarkRefusal);
  const canContact = useSelector(actor, (snapshot) => snapshot.can({ type: 'detail.contact' }));
  const contacting = useSelector(actor, (snapshot) => snapshot.matches({ shown: { contact: 'opening' } }));
  const contactFailure = useSelector(actor, (snapshot) => snapshot.context.contactFailure);
  if (!ad) return null;
  return (
    <Stack spacing={2} component="article" aria-labelledby="ad-title">
      <AdGallery pictures={ad.pictures} title={ad.title} />
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Typography id="ad-title" component="h1" variant="h5" fontWeight={700} sx={{ flexGrow: 1, overflowWrap: 'anywhere' }} data-testid="ad-title">
          {localDigits(ad.title, language)}
        </Typography>
        <BookmarkToggle bookmarked={ad.bookmarked} busy={bookmarking} title={ad.title} onToggle={() => actor.send({ type: 'detail.bookmark' })} />
      </Stack>
      {bookmarkRefusal ? (
        <Alert severity="error" role="alert" data-testid="bookmark-refusal">
          {bookmarkRefusal.message}
        </Alert>
      ) : null}
      {ad.published_at ? (
        <Typography variant="caption" color="text.secondary">
          <time dateTime={ad.published_at}>{timeAgo(i18n, ad.published_at)}</time>
        </Typography>
      ) : null}
      <AdPrice ad={ad} />
      {/* Contact goes through the chat: the publisher's phone is never shown. */}
      {canContact || contacting ? (
        <Button variant="contained" size="large" startIcon={<ChatIcon />} disabled={contacting} onClick={() => actor.send({ type: 'detail.contact' })} data-testid="ad-contact">
          <Trans>Chat with the publisher</Trans>
        </Button>
      ) : null}
      {contactFailure ? (
        <Alert severity="error" role="alert" data-testid="contact-failure">
          {contactFailure.message}
        </Alert>
      ) : null}
      <AdLabels ad={ad} />
      {ad.comment ? (
        <Box component="section" aria-labelledby="ad-comment-title">
          <Typography id="ad-comment-title" component="h2" variant="subtitle1" fontWeight={700}>
            <Trans>Description</Trans>
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="ad-comment">
            {localDigits(ad.comment, language)}
          </Typography>
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="ad-map-title">
        <Typography id="ad-map-title" component="h2" variant="subtitle1" fontWeight={700}>
          {ad.mine ? <Trans>Location</Trans> : <Trans>Approximate location</Trans>}
        </Typography>
        <Suspense fallback={<BlocksSkeleton count={1} height={320} />}>
          <PointMap center={ad.location} point={ad.location} zoom={14} label={t`Map of the ad's approximate location`} testId="ad-map" />
        </Suspense>
      </Box>
      <ReportForm actor={actor} />
    </Stack>
  );
}

/** /home-4/detail/:id: an ad; a missing or unpublished one is a clear not-found. */
export default function DetailPage() {
  const { t } = useLingui();
  const { id } = useRouteParams();
  const adId = Number(id);
  const loggedIn = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user !== null);
  const valid = Number.isInteger(adId) && adId > 0;
  const actor = useScreenActor('adDetail', { adId: valid ? adId : 0, loggedIn }, `ad:${adId}:${loggedIn}`);
  const notFound = useSelector(actor, (snapshot) => (snapshot ? isAdNotFound(snapshot) : false));
  const failure = useSelector(actor, (snapshot) => (snapshot ? adLoadFailure(snapshot) : null));
  const shown = useSelector(actor, (snapshot) => snapshot?.matches('shown') ?? false);
  return (
    <Box data-testid="ad-detail" sx={{ maxWidth: 760, mx: 'auto', px: { xs: 2, md: 3 }, py: 2 }}>
      {!valid || notFound ? <NotFoundState message={t`This ad was not found or is no longer published.`} /> : null}
      {valid && failure ? <LoadFailure message={failure.message} onRetry={() => actor?.send({ type: 'detail.retry' })} /> : null}
      {valid && !notFound && !failure && !shown ? <BlocksSkeleton count={3} height={160} /> : null}
      {valid && actor && shown ? <AdView actor={actor} /> : null}
    </Box>
  );
}
