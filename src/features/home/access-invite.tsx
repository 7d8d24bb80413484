import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';
import { invitesAccessRequest } from '@machines/app-machine';
import { useSystemActor } from '@/ui/actor-system';

/** A wholesale shop's home, to a customer it has not decided on: what the request is for, and the form. */
export function AccessInvite() {
  const invites = useSelector(useSystemActor('app'), invitesAccessRequest);
  if (!invites) return null;
  return (
    <Container sx={{ pt: 2 }}>
      <Alert
        severity="info"
        data-testid="access-invite"
        action={
          <Button component={RouterLink} to="/access-request">
            <Trans>Request wholesale access</Trans>
          </Button>
        }
      >
        <Trans>Tell the store about your business: it decides on your account and answers by SMS.</Trans>
      </Alert>
    </Container>
  );
}
