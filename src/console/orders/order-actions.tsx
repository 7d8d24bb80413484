import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@contract/numbers';
import { CANCEL_REASON_MAX, READY_IN_CHOICES, READY_IN_MINUTES, type OrderAction } from '@contract/rules/order-lifecycle';
import { askedAction, isChanging, offeredActions, scheduledAhead } from '@machines/console/order-detail-machine';
import { actionName, detailProblemText, formatWhen } from './order-format';
import { useSystemActor, type Actors } from '@/ui/actor-system';

type DetailActor = Actors['orderDetail'];

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

const fieldSx = { font: 'inherit', px: 1, py: 0.75, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper', color: 'text.primary' } as const;

/** A confirm's minutes: one tap on a usual choice confirms; any other whole minutes go through the field. */
function ReadyInForm({ actor }: { actor: DetailActor }) {
  const { t } = useLingui();
  const fieldId = useId();
  const problemId = useId();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const readyIn = useSelector(actor, (snapshot) => snapshot.context.readyIn);
  const problem = useSelector(actor, (snapshot) => (snapshot.context.problem?.kind === 'ready-in' ? snapshot.context.problem : null));
  // A later-today or pre-order still ahead: the first choice is its own time (no minutes sent).
  const scheduled = useSelector(actor, (snapshot) => scheduledAhead(snapshot.context.detail, new Date())?.toISOString() ?? null);
  const { i18n } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'change.submit' });
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={t`Confirm the order`} data-testid="ready-in-form" sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      {scheduled ? (
        <Button
          variant="contained"
          data-testid="ready-for-scheduled"
          onClick={() => {
            actor.send({ type: 'change.readyIn', minutes: '' });
            actor.send({ type: 'change.submit' });
          }}
        >
          {t`Ready for the time asked, ${formatWhen(scheduled, language)}`}
        </Button>
      ) : null}
      <Typography sx={{ fontWeight: 700 }}>
        {scheduled ? <Trans>Or ready in how many minutes?</Trans> : <Trans>Ready in how many minutes?</Trans>}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {READY_IN_CHOICES.map((minutes) => (
          <Button
            key={minutes}
            variant="outlined"
            data-testid={`ready-in-${minutes}`}
            onClick={() => {
              actor.send({ type: 'change.readyIn', minutes: String(minutes) });
              actor.send({ type: 'change.submit' });
            }}
          >
            {t`${formatNumber(minutes, language)} min`}
          </Button>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'end', flexWrap: 'wrap' }}>
        <Box component="label" htmlFor={fieldId} sx={{ display: 'grid', gap: 0.5, fontSize: '0.85rem' }}>
          <Trans>Other (minutes)</Trans>
          <Box
            component="input"
            id={fieldId}
            inputMode="numeric"
            value={readyIn}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => actor.send({ type: 'change.readyIn', minutes: (event.target as HTMLInputElement).value })}
            sx={{ ...fieldSx, width: 120 }}
            data-testid="ready-in-field"
            placeholder={`${formatNumber(READY_IN_MINUTES.min, language)}–${formatNumber(READY_IN_MINUTES.max, language)}`}
          />
        </Box>
        <Button type="submit" variant="contained">
          <Trans>Confirm</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'change.dismiss' })}>
          <Trans>Back</Trans>
        </Button>
      </Box>
      {problem ? (
        <Typography id={problemId} color="error" role="alert">
          {detailProblemText(problem, i18n, language)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A cancel's reason (the customer reads it). */
function ReasonForm({ actor }: { actor: DetailActor }) {
  const { t, i18n } = useLingui();
  const fieldId = useId();
  const problemId = useId();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const reason = useSelector(actor, (snapshot) => snapshot.context.reason);
  const problem = useSelector(actor, (snapshot) => (snapshot.context.problem?.kind === 'reason' ? snapshot.context.problem : null));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'change.submit' });
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={t`Cancel the order`} data-testid="cancel-form" sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Box component="label" htmlFor={fieldId} sx={{ display: 'grid', gap: 0.5 }}>
        <Trans>Why is the order canceled? The customer sees this.</Trans>
        <Box
          component="textarea"
          id={fieldId}
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => actor.send({ type: 'change.reason', reason: (event.target as HTMLTextAreaElement).value })}
          sx={{ ...fieldSx, resize: 'vertical' }}
          data-testid="cancel-reason"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" color="error">
          <Trans>Cancel order</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'change.dismiss' })}>
          <Trans>Back</Trans>
        </Button>
      </Box>
      {problem ? (
        <Typography id={problemId} color="error" role="alert">
          {detailProblemText(problem, i18n, language)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** One action: enabled while the detail takes it (not while a change is sent or the order read again). */
function ActionButton({ actor, action }: { actor: DetailActor; action: OrderAction }) {
  const { i18n } = useLingui();
  const canStart = useSelector(actor, (snapshot) => snapshot.can({ type: 'change.start', action }));
  const method = useSelector(actor, (snapshot) => snapshot.context.detail?.order.delivery_method ?? null);
  const changing = useSelector(actor, isChanging);
  return (
    <Button
      variant={action === 'cancel' ? 'outlined' : 'contained'}
      color={action === 'cancel' ? 'error' : 'primary'}
      disabled={!canStart}
      aria-busy={changing}
      data-action={action}
      onClick={() => actor.send({ type: 'change.start', action })}
    >
      {actionName(action, method, i18n)}
    </Button>
  );
}

/** "Payment received": offered only while the detail can record it (contract/rules/order-payment.ts for this role). */
function RecordPaymentButton({ actor }: { actor: DetailActor }) {
  const canRecord = useSelector(actor, (snapshot) => snapshot.can({ type: 'payment.record' }));
  const changing = useSelector(actor, isChanging);
  if (!canRecord && !changing) return null;
  return (
    <Button variant="outlined" color="success" disabled={!canRecord} aria-busy={changing} data-testid="record-payment" onClick={() => actor.send({ type: 'payment.record' })}>
      <Trans>Payment received</Trans>
    </Button>
  );
}

/** Exactly the actions the lifecycle chart, opened for this staff member's role at the order's status, can take. */
export function OrderActions({ actor }: { actor: DetailActor }) {
  const { i18n, t } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const lifecycle = useSelector(actor, (snapshot) => snapshot.context.lifecycle);
  const actions = useSelector(lifecycle ?? undefined, (snapshot) => (snapshot ? offeredActions(snapshot) : []), sameList);
  const asked = useSelector(actor, askedAction);
  const refusal = useSelector(actor, (snapshot) => (snapshot.context.problem?.kind === 'server' ? snapshot.context.problem : null));
  return (
    <Box component="section" aria-label={t`Actions`} sx={{ display: 'grid', gap: 1, my: 2 }} data-print="hide">
      {refusal ? (
        <Alert severity="error" role="alert" data-testid="order-refusal">
          {detailProblemText(refusal, i18n, language)}
        </Alert>
      ) : null}
      {asked === 'confirm' ? <ReadyInForm actor={actor} /> : asked === 'cancel' ? <ReasonForm actor={actor} /> : null}
      {asked === null ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="order-actions">
          {actions.length === 0 ? (
            <Typography color="text.secondary">
              <Trans>Nothing more to do with this order.</Trans>
            </Typography>
          ) : null}
          {actions.map((action) => (
            <ActionButton key={action} actor={actor} action={action} />
          ))}
          <RecordPaymentButton actor={actor} />
        </Box>
      ) : null}
    </Box>
  );
}
