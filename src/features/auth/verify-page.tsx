import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOGIN_CODE_LENGTH } from '@contract/entities/account';
import { formatNumber, localDigits } from '@/ui/format';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { problemText } from './auth-problem';
import { AuthCard } from './auth-card';

/** /authentication/verify: the SMS code, resend with a countdown, and back to change the number. */
export default function VerifyPage() {
  // A reload: the tab's memory of a sent code is read first; then the chart knows whether a code is on the way.
  const recalling = useSelector(useSystemActor('session'), (snapshot) => snapshot.matches('recalling'));
  return recalling ? null : <VerifyStep />;
}

function VerifyStep() {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const actor = useSystemActor('session');
  // Opened with no code on the way (a bookmark, a typed address), the chart shows the login step.
  useEffect(() => actor.send({ type: 'verify.open' }), [actor]);
  const noCodeYet = useSelector(actor, (snapshot) => snapshot.matches('phone') || snapshot.matches('sendingCode'));
  const phone = useSelector(actor, (snapshot) => snapshot.context.phone);
  const problem = useSelector(actor, (snapshot) => (snapshot.matches('verify') ? snapshot.context.problem : null));
  const secondsLeft = useSelector(actor, (snapshot) => snapshot.context.secondsLeft);
  const checking = useSelector(actor, (snapshot) => snapshot.matches({ verify: 'checking' }));
  const canResend = useSelector(actor, (snapshot) => snapshot.can({ type: 'code.resend' }));
  const [code, setCode] = useState('');
  const canConfirm = useSelector(actor, (snapshot) => snapshot.can({ type: 'code.submit', code }));
  const canChangeNumber = useSelector(actor, (snapshot) => snapshot.can({ type: 'phone.edit' }));
  const error = problemText(i18n, problem);
  const expired = problem?.kind === 'code-expired';
  useEffect(() => {
    if (expired) setCode('');
  }, [expired]);
  if (noCodeYet) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'code.submit', code });
  };
  const phoneText = localDigits(phone, language);
  const codeLength = formatNumber(LOGIN_CODE_LENGTH, language);
  return (
    <AuthCard title={<Trans>Enter the code</Trans>} intro={<Trans>We sent a {codeLength}-digit code to {phoneText}.</Trans>} onSubmit={submit}>
      <TextField
        id="verify-code"
        name="code"
        label={t`Verification code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        required
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: LOGIN_CODE_LENGTH, dir: 'ltr', 'aria-describedby': 'verify-code-helper-text', style: { letterSpacing: '0.4em', textAlign: 'center' } },
          formHelperText: { role: error ? 'alert' : undefined },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={!canConfirm}>
        {checking ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
      </Button>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
        <Button disabled={!canChangeNumber} onClick={() => actor.send({ type: 'phone.edit' })}>
          <Trans>Change number</Trans>
        </Button>
        {canResend ? (
          <Button onClick={() => actor.send({ type: 'code.resend' })}>
            <Trans>Send the code again</Trans>
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="resend-countdown">
            <Trans>Resend in {formatNumber(secondsLeft, language)} s</Trans>
          </Typography>
        )}
      </Stack>
    </AuthCard>
  );
}
