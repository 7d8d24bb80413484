import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSystemActor } from '@/ui/actor-system';
import { problemText } from './auth-problem';
import { AuthCard } from './auth-card';
import { GateNotice } from './gate-notice';

/** /authentication/login: the phone number step. */
export default function LoginPage() {
  const { i18n, t } = useLingui();
  const actor = useSystemActor('session');
  const problem = useSelector(actor, (snapshot) => (snapshot.matches('phone') || snapshot.matches('sendingCode') ? snapshot.context.problem : null));
  const sending = useSelector(actor, (snapshot) => snapshot.matches('sendingCode'));
  const [phone, setPhone] = useState('');
  const canSend = useSelector(actor, (snapshot) => snapshot.can({ type: 'phone.submit', phone }));
  // Arriving on this page (again) asks for the number, whatever step the flow was on.
  useEffect(() => actor.send({ type: 'login.open' }), [actor]);
  const error = problemText(i18n, problem);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'phone.submit', phone });
  };
  return (
    <AuthCard title={<Trans>Log in or sign up</Trans>} notice={<GateNotice />} intro={<Trans>We will text a verification code to your mobile.</Trans>} onSubmit={submit}>
      <TextField
        id="login-phone"
        name="phone"
        label={t`Mobile number`}
        placeholder="09121234567"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        autoComplete="tel"
        autoFocus
        required
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr', 'aria-describedby': 'login-phone-helper-text' }, formHelperText: { role: error ? 'alert' : undefined } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={!canSend}>
        {sending ? <Trans>Sending the code…</Trans> : <Trans>Send code</Trans>}
      </Button>
    </AuthCard>
  );
}
