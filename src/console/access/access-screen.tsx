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
import type { AccessRequest } from '@contract/console/counter-entities';
import { formatNumber, localDigits } from '@contract/numbers';
import { ADJUST_REASON_MAX } from '@contract/rules/counter';
import { isAnswering, isLoadingRequests, requestsFailure, type AccessStatus } from '@machines/console/access-requests-machine';
import type { ConsoleSystemActors } from '@machines/console/console-machine';
import { formatMessageTime } from '@/ui/chat-message';
import { useSystemActor } from '@/ui/actor-system';
import { failureText, formProblemText, useConsoleLanguage } from '../counter/counter-format';

type AccessActor = ConsoleSystemActors['accessRequests'];

function DenyForm({ actor, request }: { actor: AccessActor; request: AccessRequest }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problems.reason);
  const sending = useSelector(actor, isAnswering);
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'access.denyCancel' }));
  const helperId = `deny-reason-${request.id}-help`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'access.deny' });
      }}
      sx={{ px: 2, pb: 2 }}
    >
      <TextField
        label={t`Why is it denied? (the customer reads it)`}
        value={reason}
        onChange={(event) => actor.send({ type: 'access.reason', text: event.target.value })}
        required
        multiline
        minRows={2}
        fullWidth
        autoFocus
        error={problem !== undefined}
        helperText={formProblemText(problem, i18n) || t`At most ${formatNumber(ADJUST_REASON_MAX, language)} characters.`}
        slotProps={{ htmlInput: { 'data-testid': 'deny-reason', maxLength: ADJUST_REASON_MAX }, formHelperText: { id: helperId } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" color="error" disabled={sending} data-testid="deny-send">
          <Trans>Deny access</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'access.denyCancel' })} disabled={!canCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

function RequestCard({ actor, request }: { actor: AccessActor; request: AccessRequest }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const denying = useSelector(actor, (snapshot) => snapshot.context.denying === request.id);
  const busy = useSelector(actor, (snapshot) => snapshot.context.answering === request.id);
  const canApprove = useSelector(actor, (snapshot) => snapshot.can({ type: 'access.approve', requestId: request.id }));
  const canDeny = useSelector(actor, (snapshot) => snapshot.can({ type: 'access.denyOpen', requestId: request.id }));
  const titleId = `access-request-${request.id}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-testid={`access-request-${request.id}`}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {request.name || localDigits(request.mobile, language)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <bdi>{localDigits(request.mobile, language)}</bdi> · <time dateTime={request.created_at}>{formatMessageTime(request.created_at, language)}</time>
        </Typography>
        {request.company ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Trans>Business: {request.company}</Trans>
          </Typography>
        ) : null}
        {request.message ? (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
            {request.message}
          </Typography>
        ) : null}
        {request.status !== 'pending' ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="access-answer">
            {request.status === 'approved' ? t`Approved by ${request.answered_by}` : t`Denied by ${request.answered_by}: ${request.reason}`}
          </Typography>
        ) : null}
      </CardContent>
      {request.status === 'pending' && !denying ? (
        <CardActions>
          <Button variant="contained" onClick={() => actor.send({ type: 'access.approve', requestId: request.id })} disabled={!canApprove || busy} data-testid="access-approve">
            <Trans>Approve</Trans>
          </Button>
          <Button color="error" onClick={() => actor.send({ type: 'access.denyOpen', requestId: request.id })} disabled={!canDeny || busy} data-testid="access-deny">
            <Trans>Deny…</Trans>
          </Button>
        </CardActions>
      ) : null}
      {denying ? <DenyForm actor={actor} request={request} /> : null}
    </Card>
  );
}

/** The access requests: the pending ones (or the answered, by the filter); approve with one tap, deny with a reason. */
export default function AccessScreen() {
  const { i18n, t } = useLingui();
  const actor = useSystemActor('accessRequests');
  const status = useSelector(actor, (snapshot) => snapshot?.context.status ?? 'pending');
  const requests = useSelector(actor, (snapshot) => snapshot?.context.requests ?? []);
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingRequests(snapshot) : true));
  const failure = useSelector(actor, (snapshot) => (snapshot ? requestsFailure(snapshot) : null));
  const answerFailure = useSelector(actor, (snapshot) => snapshot?.context.answerFailure ?? null);
  const answered = useSelector(actor, (snapshot) => snapshot?.context.answered ?? null);
  const canMore = useSelector(actor, (snapshot) => snapshot?.can({ type: 'access.more' }) ?? false);
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box component="section" aria-labelledby="access-title" sx={{ p: 2, maxWidth: 760 }} data-testid="access-screen">
      <Typography id="access-title" component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Access requests</Trans>
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_, next: AccessStatus | null) => (next ? actor.send({ type: 'access.filter', status: next }) : undefined)}
        aria-label={t`Which requests`}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        <ToggleButton value="pending">{t`Pending`}</ToggleButton>
        <ToggleButton value="approved">{t`Approved`}</ToggleButton>
        <ToggleButton value="rejected">{t`Denied`}</ToggleButton>
      </ToggleButtonGroup>
      <Box aria-live="polite">
        {answered ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="access-answered">
            {answered.status === 'approved' ? t`${answered.name} now sees prices; an SMS tells them.` : t`${answered.name} was denied; an SMS tells them why.`}
          </Alert>
        ) : null}
      </Box>
      {answerFailure ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(answerFailure, i18n)}
        </Alert>
      ) : null}
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failure ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'access.retry' })}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {!loading && !failure && requests.length === 0 ? (
        <Typography color="text.secondary" data-testid="access-empty">
          {status === 'pending' ? t`No request is waiting.` : t`None yet.`}
        </Typography>
      ) : null}
      <Stack spacing={2}>
        {requests.map((request) => (
          <RequestCard key={request.id} actor={actor} request={request} />
        ))}
      </Stack>
      {canMore ? (
        <Button onClick={() => actor.send({ type: 'access.more' })} sx={{ mt: 2 }}>
          <Trans>More</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
