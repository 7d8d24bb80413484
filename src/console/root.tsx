import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { localized } from '@contract/localized';
import { DirectionProvider } from '@/ui/direction-provider';
import type { ConsoleActor, ConsoleSnapshot } from './console-actor';
import { i18n } from './language';
import { LoginPage } from './login-page';
import { problemText } from './problem-text';
import { ConsoleShell } from './shell/console-shell';
import { useSystemActor } from '@/ui/actor-system';
import { ActorSystemProvider } from '@/ui/actor-system';

type Phase = 'checking' | 'failed' | 'loggedOut' | 'loggedIn';
const phaseOf = (snapshot: ConsoleSnapshot): Phase =>
  snapshot.matches('loggedIn') ? 'loggedIn' : snapshot.matches('loggedOut') ? 'loggedOut' : snapshot.matches('failed') ? 'failed' : 'checking';

function Failed() {
  const actor = useSystemActor('console');
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const canRetry = useSelector(actor, (snapshot) => snapshot.can({ type: 'console.retry' }));
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography role="alert" sx={{ mb: 2 }}>
          {problemText(problem, i18n)}
        </Typography>
        <Button variant="contained" onClick={() => actor.send({ type: 'console.retry' })} disabled={!canRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Box>
    </Box>
  );
}

/** What the console shows: a loader while the session is checked, then the login form or the shell. */
function Gate() {
  const { t } = useLingui();
  const phase = useSelector(useSystemActor('console'), phaseOf);
  switch (phase) {
    case 'loggedIn':
      return <ConsoleShell />;
    case 'loggedOut':
      return <LoginPage />;
    case 'failed':
      return <Failed />;
    case 'checking':
      return (
        <Box component="main" aria-busy="true" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
          <CircularProgress aria-label={t`Loading…`} />
        </Box>
      );
  }
}

/** The tab names the shop's console in the current language. */
function useDocumentTitle() {
  const consoleActor = useSystemActor('console');
  const language = useSelector(consoleActor, (snapshot) => snapshot.context.language);
  const shop = useSelector(consoleActor, (snapshot) => snapshot.context.shop);
  useEffect(() => {
    const console = i18n._(msg`Console`);
    document.title = shop ? `${console} · ${localized(language, shop.name, shop.name_en)}` : console;
  }, [language, shop]);
}

function Themed() {
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  useDocumentTitle();
  return (
    <DirectionProvider language={language}>
      <Gate />
    </DirectionProvider>
  );
}

/** The console's providers: its actor, Lingui, and the MUI theme of the language's direction. */
export function ConsoleRoot({ actor }: { actor: ConsoleActor }) {
  return (
    <ActorSystemProvider actor={actor}>
      <I18nProvider i18n={i18n}>
        <Themed />
      </I18nProvider>
    </ActorSystemProvider>
  );
}
