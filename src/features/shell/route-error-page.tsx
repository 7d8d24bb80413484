import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { StatusPage } from './status-page';

/** A screen crashed or its chunk failed to load: offer a reload. */
export default function RouteErrorPage() {
  return (
    <Box component="main">
      <StatusPage
        icon={<ErrorOutlineIcon fontSize="inherit" />}
        title={<Trans>An error occurred</Trans>}
        text={<Trans>This page could not be shown. Reloading usually helps.</Trans>}
        actions={
          <Button variant="contained" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </Button>
        }
      />
    </Box>
  );
}
