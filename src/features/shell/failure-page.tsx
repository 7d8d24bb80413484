import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useAppActor, useAppSelector } from '@/ui/app-actor';
import { StatusPage } from './status-page';

/** The startup failed at some step: say so, show the server's message, offer Retry. */
export default function FailurePage() {
  const actor = useAppActor();
  const message = useAppSelector((snapshot) => snapshot.context.failure?.message ?? null);
  return (
    <StatusPage
      icon={<ErrorOutlineIcon fontSize="inherit" />}
      title={<Trans>An error occurred</Trans>}
      text={
        <>
          <Trans>The store could not be loaded. Check your connection and try again.</Trans>
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
