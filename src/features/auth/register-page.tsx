import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { Navigate } from 'react-router-dom';
import { useSystemActor } from '@/ui/actor-system';
import { problemText } from './auth-problem';
import { AuthCard } from './auth-card';

/** /authentication/register: a new user's full name. */
export default function RegisterPage() {
  const { i18n, t } = useLingui();
  const actor = useSystemActor('session');
  const notVerified = useSelector(actor, (snapshot) => !snapshot.matches('register') && !snapshot.matches('loggedIn'));
  const problem = useSelector(actor, (snapshot) => (snapshot.matches('register') ? snapshot.context.problem : null));
  const submitting = useSelector(actor, (snapshot) => snapshot.matches({ register: 'submitting' }));
  const [name, setName] = useState('');
  const error = problemText(i18n, problem);
  if (notVerified) return <Navigate to="/authentication/login" replace />;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'name.submit', name });
  };
  return (
    <AuthCard title={<Trans>Create your account</Trans>} intro={<Trans>One last step: tell us your name.</Trans>} onSubmit={submit}>
      <TextField
        id="register-name"
        name="name"
        label={t`Full name`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="name"
        autoFocus
        required
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'aria-describedby': 'register-name-helper-text', maxLength: 100 }, formHelperText: { role: error ? 'alert' : undefined } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        <Trans>Register</Trans>
      </Button>
    </AuthCard>
  );
}
