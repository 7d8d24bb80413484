import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { QueuedAd } from '@contract/console/endpoints/ads';
import { formatNumber, localDigits } from '@contract/numbers';
import { AD_LIMITS } from '@contract/rules/ads';
import { isDeciding, isLoadingQueue, queueFailure, type QueueFilter } from '@machines/console/ad-queue-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { formatMessageTime } from '@/ui/chat-message';
import { failureText, formProblemText, money, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { counterFlows } from '../live';
import { AD_REQUEST_NAMES, AD_STATUS_NAMES, AD_TYPE_NAMES } from './ad-words';

type QueueActor = NonNullable<ReturnType<typeof useQueueActor>>;
const useQueueActor = () => useScreenFlow(counterFlows.adQueue(), undefined, 'ads');

function ReasonForm({ actor, adId }: { actor: QueueActor; adId: number }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const writing = useSelector(actor, (snapshot) => snapshot.context.writing);
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problems.reason);
  const sending = useSelector(actor, isDeciding);
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'queue.reasonCancel' }));
  if (writing?.adId !== adId) return null;
  const min = formatNumber(AD_LIMITS.moderationReason.min, language);
  const max = formatNumber(AD_LIMITS.moderationReason.max, language);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'queue.send' });
      }}
      sx={{ px: 2, pb: 2 }}
    >
      <TextField
        label={writing.action === 'reject' ? t`Why is it rejected? (the publisher reads it)` : t`What should the publisher change?`}
        value={reason}
        onChange={(event) => actor.send({ type: 'queue.reason', text: event.target.value })}
        required
        multiline
        minRows={2}
        fullWidth
        autoFocus
        error={problem !== undefined}
        helperText={formProblemText(problem, i18n, { min, max }) || t`Between ${min} and ${max} characters.`}
        slotProps={{ htmlInput: { 'data-testid': 'moderation-reason', maxLength: AD_LIMITS.moderationReason.max } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" color={writing.action === 'reject' ? 'error' : 'primary'} disabled={sending} data-testid="moderation-send">
          {writing.action === 'reject' ? <Trans>Reject the ad</Trans> : <Trans>Ask for an edit</Trans>}
        </Button>
        <Button onClick={() => actor.send({ type: 'queue.reasonCancel' })} disabled={!canCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

function Price({ queued }: { queued: QueuedAd }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const { ad } = queued;
  if (ad.request === 'rent') return <>{t`Deposit ${money(ad.deposit ?? 0, currency, language)}, rent ${money(ad.monthly_rent ?? 0, currency, language)} a month`}</>;
  return ad.total_price === null ? null : <>{money(ad.total_price, currency, language)}</>;
}

function AdCard({ actor, queued }: { actor: QueueActor; queued: QueuedAd }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const busy = useSelector(actor, (snapshot) => snapshot.context.deciding === queued.ad.id);
  const writing = useSelector(actor, (snapshot) => snapshot.context.writing?.adId === queued.ad.id);
  const canApprove = useSelector(actor, (snapshot) => snapshot.can({ type: 'queue.approve', adId: queued.ad.id }));
  const canReject = useSelector(actor, (snapshot) => snapshot.can({ type: 'queue.reasonOpen', adId: queued.ad.id, action: 'reject' }));
  const canAskEdit = useSelector(actor, (snapshot) => snapshot.can({ type: 'queue.reasonOpen', adId: queued.ad.id, action: 'ask_edit' }));
  const { ad } = queued;
  const titleId = `queued-ad-${ad.id}`;
  const publisher = ad.publisher.deleted ? t`User deleted` : ad.publisher.kind === 'consultant' && ad.publisher.consultant_code ? t`${ad.publisher.name ?? ''}, consultant ${localDigits(ad.publisher.consultant_code ?? '', language)}` : (ad.publisher.name ?? '');
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-testid="queued-ad" data-ad-id={ad.id}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {localDigits(ad.title, language)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {localDigits(ad.code, language)} · {i18n._(AD_REQUEST_NAMES[ad.request])} · {i18n._(AD_TYPE_NAMES[ad.type])} · {t`${formatNumber(ad.meterage, language)} m²`} · {ad.city}، {ad.neighborhood}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Price queued={queued} />
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="queued-ad-status">
          {i18n._(AD_STATUS_NAMES[ad.status])}
        </Typography>
        {ad.pictures.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1, overflowX: 'auto' }}>
            {ad.pictures.map((picture, index) => (
              <Box key={picture.id} component="img" src={picture.thumbnail_url} alt={index === 0 ? t`Cover picture` : t`Picture ${formatNumber(index + 1, language)}`} sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1 }} />
            ))}
          </Stack>
        ) : null}
        {ad.comment ? (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {localDigits(ad.comment, language)}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Trans>Publisher: {publisher}</Trans>
          {queued.publisher_phone ? (
            <>
              {' · '}
              <bdi>{localDigits(queued.publisher_phone, language)}</bdi>
            </>
          ) : null}
        </Typography>
        {queued.reports.length > 0 ? (
          <Box sx={{ mt: 1 }} data-testid="queued-ad-reports">
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              <Trans>Reports ({formatNumber(queued.reports.length, language)})</Trans>
            </Typography>
            {queued.reports.map((report) => (
              <Typography key={`${report.at}-${report.reason}`} variant="body2">
                <time dateTime={report.at}>{formatMessageTime(report.at, language)}</time> — {report.reason}
              </Typography>
            ))}
          </Box>
        ) : null}
        {ad.reason ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Trans>Reason given: {ad.reason}</Trans>
          </Typography>
        ) : null}
      </CardContent>
      {!writing && (canApprove || canReject || canAskEdit) ? (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canApprove ? (
            <Button variant="contained" onClick={() => actor.send({ type: 'queue.approve', adId: ad.id })} disabled={busy} data-testid="moderation-approve">
              <Trans>Approve</Trans>
            </Button>
          ) : null}
          {canAskEdit ? (
            <Button onClick={() => actor.send({ type: 'queue.reasonOpen', adId: ad.id, action: 'ask_edit' })} disabled={busy} data-testid="moderation-ask-edit">
              <Trans>Ask for an edit…</Trans>
            </Button>
          ) : null}
          {canReject ? (
            <Button color="error" onClick={() => actor.send({ type: 'queue.reasonOpen', adId: ad.id, action: 'reject' })} disabled={busy} data-testid="moderation-reject">
              <Trans>Reject…</Trans>
            </Button>
          ) : null}
        </CardActions>
      ) : null}
      <ReasonForm actor={actor} adId={ad.id} />
    </Card>
  );
}

const FILTERS: QueueFilter[] = ['queue', 'approved', 'rejected', 'edit_request', 'expired'];

/** The classifieds' moderation queue (interface-4 shops): the ads waiting, oldest first; approve, reject or ask for an edit. */
export default function ModerationScreen() {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const actor = useQueueActor();
  const filter = useSelector(actor, (snapshot) => snapshot?.context.filter ?? 'queue');
  const ads = useSelector(actor, (snapshot) => snapshot?.context.ads ?? []);
  const total = useSelector(actor, (snapshot) => snapshot?.context.total ?? 0);
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingQueue(snapshot) : true));
  const failure = useSelector(actor, (snapshot) => (snapshot ? queueFailure(snapshot) : null));
  const decisionFailure = useSelector(actor, (snapshot) => snapshot?.context.decisionFailure ?? null);
  const decided = useSelector(actor, (snapshot) => snapshot?.context.decided ?? null);
  const canMore = useSelector(actor, (snapshot) => snapshot?.can({ type: 'queue.more' }) ?? false);
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box component="section" aria-labelledby="moderation-title" sx={{ p: 2, maxWidth: 760 }} data-testid="moderation-screen">
      <Typography id="moderation-title" component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Ads to review</Trans>
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_, next: QueueFilter | null) => (next ? actor.send({ type: 'queue.filter', filter: next }) : undefined)}
        aria-label={t`Which ads`}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {FILTERS.map((value) => (
          <ToggleButton key={value} value={value}>
            {value === 'queue' ? t`Waiting` : i18n._(AD_STATUS_NAMES[value])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box aria-live="polite">
        {decided ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="moderation-decided">
            {t`«${localDigits(decided.ad.title, language)}»: ${i18n._(AD_STATUS_NAMES[decided.ad.status])}. The publisher is told.`}
          </Alert>
        ) : null}
      </Box>
      {decisionFailure ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(decisionFailure, i18n)}
        </Alert>
      ) : null}
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failure ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'queue.retry' })}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {!loading && !failure ? (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="moderation-total">
          {ads.length === 0 ? (filter === 'queue' ? t`No ad is waiting.` : t`None.`) : t`${formatNumber(total, language)} ads`}
        </Typography>
      ) : null}
      <Stack spacing={2}>
        {ads.map((queued) => (
          <AdCard key={queued.ad.id} actor={actor} queued={queued} />
        ))}
      </Stack>
      {canMore ? (
        <Button onClick={() => actor.send({ type: 'queue.more' })} sx={{ mt: 2 }}>
          <Trans>More</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
