import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from './status-page';

/** The catch-all page (spec §2: the text says the page could not be found). */
export default function NotFoundPage() {
  return (
    <StatusPage
      icon={<SearchOffIcon fontSize="inherit" />}
      title={<Trans>Page not found</Trans>}
      text={<Trans>The page you are looking for could not be found.</Trans>}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          <Trans>Back to home</Trans>
        </Button>
      }
    />
  );
}
