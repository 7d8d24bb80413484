import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { localized } from '@contract/localized';
import { formatNumber } from '@contract/numbers';
import { unacceptedCount } from '@machines/console/orders-board-machine';
import { DirectionProvider } from '@/ui/direction-provider';
import type { ConsoleActor, ConsoleSnapshot } from './console-actor';
import { i18n } from './language';
import { problemText } from './problem-text';

// The login form and the shell are chunks of their own: a logged-out visit loads no screen, no router;
// a logged-in one loads no login form.
const LoginPage = lazy(() => import('./login-page'));
const ConsoleShell = lazy(() => import('./shell/console-shell'));
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
  const loading = (
    <Box component="main" aria-busy="true" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label={t`Loading…`} />
    </Box>
  );
  switch (phase) {
    case 'loggedIn':
      return (
        <Suspense fallback={loading}>
          <ConsoleShell />
        </Suspense>
      );
    case 'loggedOut':
      return (
        <Suspense fallback={loading}>
          <LoginPage />
        </Suspense>
      );
    case 'failed':
      return <Failed />;
    case 'checking':
      return loading;
  }
}

/** The tab names the shop's console in the current language, after the count of orders awaiting confirmation. */
function useDocumentTitle() {
  const consoleActor = useSystemActor('console');
  const language = useSelector(consoleActor, (snapshot) => snapshot.context.language);
  const shop = useSelector(consoleActor, (snapshot) => snapshot.context.shop);
  // The board's count of pending orders leads the title, so a background tab shows it: "(3) Console · Shop".
  const unaccepted = useSelector(useSystemActor('ordersBoard'), (snapshot) => (snapshot ? unacceptedCount(snapshot) : 0));
  useEffect(() => {
    const console = i18n._(msg`Console`);
    const title = shop ? `${console} · ${localized(language, shop.name, shop.name_en)}` : console;
    document.title = unaccepted > 0 ? `(${formatNumber(unaccepted, language)}) ${title}` : title;
  }, [language, shop, unaccepted]);
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
