import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STAFF_PASSWORD_MAX, STAFF_USERNAME_MAX } from '@contract/console/rules';
import { localized } from '@contract/localized';
import { ConsoleLanguageSwitch } from './language-switch';
import { NativeField, NativeInput } from './native-field';
import { problemText } from './problem-text';
import { useSystemActor } from '@/ui/actor-system';

/** The staff login form: labelled fields, the problem read out (role=alert), Enter submits. */
export default function LoginPage() {
  const { t, i18n } = useLingui();
  const actor = useSystemActor('console');
  const shop = useSelector(actor, (snapshot) => snapshot.context.shop);
  const language = useSelector(actor, (snapshot) => snapshot.context.language);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const sessionEnded = useSelector(actor, (snapshot) => snapshot.context.sessionEnded);
  const submitting = useSelector(actor, (snapshot) => snapshot.matches({ loggedOut: 'submitting' }));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'login.submit', username: 'x', password: 'x' }));
  const shopName = shop ? localized(language, shop.name, shop.name_en) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'login.submit', username, password });
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper component="section" aria-labelledby="console-login-title" sx={{ width: '100%', maxWidth: 380, p: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <ConsoleLanguageSwitch />
        </Box>
        <Typography id="console-login-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          <Trans>Shop console</Trans>
        </Typography>
        {shopName ? (
          <Typography color="text.secondary" data-testid="console-login-shop" sx={{ mb: 2 }}>
            {shopName}
          </Typography>
        ) : null}
        {sessionEnded && !problem ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            <Trans>Your session has ended; please log in again.</Trans>
          </Alert>
        ) : null}
        <Box component="form" noValidate onSubmit={submit} aria-describedby={problem ? 'console-login-problem' : undefined}>
          <Box sx={{ display: 'grid', gap: 2, my: 2 }}>
            <NativeField label={t`Username`}>
              <NativeInput
                name="username"
                autoComplete="username"
                value={username}
                onChange={setUsername}
                maxLength={STAFF_USERNAME_MAX}
                dir="ltr"
                autoCapitalize="none"
                spellCheck={false}
                required
                autoFocus
              />
            </NativeField>
            <NativeField label={t`Password`}>
              <NativeInput name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} maxLength={STAFF_PASSWORD_MAX} dir="ltr" required />
            </NativeField>
          </Box>
          {problem ? (
            <Alert id="console-login-problem" severity="error" role="alert" sx={{ mt: 1 }}>
              {problemText(problem, i18n)}
            </Alert>
          ) : null}
          <Button type="submit" variant="contained" fullWidth size="large" disabled={!canSubmit} aria-busy={submitting} sx={{ mt: 2 }}>
            {submitting ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
