import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useSystemActor } from '@/ui/actor-system';
import { StatusPage } from './status-page';

/**
 * The startup failed at some step: say so, show the server's message, offer Retry. A temporary
 * outage (a 503) says so instead and the app machine retries it by itself after `retryInSeconds`.
 */
export default function FailurePage() {
  const actor = useSystemActor('app');
  const message = useSelector(actor, (snapshot) => snapshot.context.failure?.message ?? null);
  const seconds = useSelector(actor, (snapshot) => snapshot.context.failure?.retryInSeconds ?? null);
  return (
    <StatusPage
      icon={seconds === null ? <ErrorOutlineIcon fontSize="inherit" /> : <HourglassEmptyIcon fontSize="inherit" />}
      title={seconds === null ? <Trans>An error occurred</Trans> : <Trans>Temporarily unavailable</Trans>}
      text={
        <>
          {seconds === null ? (
            <Trans>The store could not be loaded. Check your connection and try again.</Trans>
          ) : (
            <span data-testid="outage-retry">
              <Trans>The store is temporarily unavailable. Trying again in {seconds} seconds…</Trans>
            </span>
          )}
          {message ? (
            <span style={{ display: 'block', marginTop: 8 }} data-testid="failure-message">
              {message}
            </span>
          ) : null}
        </>
      }
      actions={
        <Button variant="contained" onClick={() => actor.send({ type: 'app.retry' })}>
          <Trans>Retry</Trans>
        </Button>
      }
    />
  );
}
