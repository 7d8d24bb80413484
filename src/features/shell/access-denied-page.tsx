import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from './status-page';

/** Shown to users whose access request was refused (access_flag -1). */
export default function AccessDeniedPage() {
  return (
    <StatusPage
      icon={<BlockIcon fontSize="inherit" />}
      title={<Trans>Access denied</Trans>}
      text={<Trans>Your request to access this store has not been approved.</Trans>}
      actions={
        <Button variant="outlined" component={RouterLink} to="/contact">
          <Trans>Contact us</Trans>
        </Button>
      }
    />
  );
}
