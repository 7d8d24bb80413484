import { Trans } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/Block';
import { Link as RouterLink } from 'react-router-dom';
import { selectAccessRequest } from '@machines/app-machine';
import { useSystemActor } from '@/ui/actor-system';
import { DeniedReason } from '@/ui/denied-reason';
import { StatusPage } from './status-page';

/** Shown to users whose access request was refused (access_flag -1): why, and a way to ask again. */
export default function AccessDeniedPage() {
  const latest = useSelector(useSystemActor('app'), selectAccessRequest, shallowEqual);
  return (
    <StatusPage
      icon={<BlockIcon fontSize="inherit" />}
      title={<Trans>Access denied</Trans>}
      text={<DeniedReason reason={latest?.status === 'rejected' ? latest.reason : ''} />}
      actions={
        <>
          <Button variant="contained" component={RouterLink} to="/access-request">
            <Trans>Ask again</Trans>
          </Button>
          <Button variant="outlined" component={RouterLink} to="/contact">
            <Trans>Contact us</Trans>
          </Button>
        </>
      }
    />
  );
}
