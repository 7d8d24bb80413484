import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from './status-page';

/** Placeholder for routes whose screens later issues build. */
export default function ComingSoonPage() {
  return (
    <StatusPage
      icon={<ConstructionIcon fontSize="inherit" />}
      title={<Trans>Coming soon</Trans>}
      text={<Trans>This page is not available yet. Please check back soon.</Trans>}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          <Trans>Back to home</Trans>
        </Button>
      }
    />
  );
}
