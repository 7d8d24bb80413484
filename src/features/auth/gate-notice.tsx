import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { selectShopGate } from '@machines/app-machine';
import { useSystemActor } from '@/ui/actor-system';

/** Why a gated shop asks the visitor to log in (every entry of an anonymous visitor lands here, so this is said once). */
export function GateNotice() {
  const gate = useSelector(useSystemActor('app'), selectShopGate);
  if (gate === null) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="gate-notice">
      {gate === 'members' ? (
        <Trans>This store is for its members only: log in to see the menu and order.</Trans>
      ) : (
        <>
          <Trans>This is a wholesale store for retailers: log in to see trade prices and order.</Trans>{' '}
          <Link component={RouterLink} to="/access-request">
            <Trans>Request wholesale access</Trans>
          </Link>
        </>
      )}
    </Alert>
  );
}
