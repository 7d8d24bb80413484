import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { StatusPage } from './status-page';

/**
 * A screen crashed, or its script chunk failed or timed out (spec §8's chunk error): offer to try again.
 * Trying again loads the page anew: the browser keeps a failed import, so only a new page fetches the chunk again.
 */
export default function RouteErrorPage({ cause }: { cause: 'chunk' | 'crash' }) {
  const chunk = cause === 'chunk';
  return (
    <Box component="main" data-testid={chunk ? 'chunk-error' : 'route-error'}>
      <StatusPage
        icon={chunk ? <CloudOffIcon fontSize="inherit" /> : <ErrorOutlineIcon fontSize="inherit" />}
        title={chunk ? <Trans>This page could not be loaded</Trans> : <Trans>An error occurred</Trans>}
        text={
          chunk ? (
            <Trans>Part of the app did not arrive, or took longer than two minutes. Check your connection and try again.</Trans>
          ) : (
            <Trans>This page could not be shown. Reloading usually helps.</Trans>
          )
        }
        actions={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {chunk ? <Trans>Try again</Trans> : <Trans>Reload</Trans>}
          </Button>
        }
      />
    </Box>
  );
}
