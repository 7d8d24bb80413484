import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '@/ui/app-actor';
import { acceptAgreement, hasAcceptedAgreement, readDeviceType } from './device-type';

/** Spec §2: when the device type is 1 and the shop has agreement_page 1, the agreement must be accepted once. */
export function AgreementModal() {
  const shop = useAppSelector((snapshot) => snapshot.context.shop);
  const [deviceType] = useState(() => readDeviceType());
  const [accepted, setAccepted] = useState(() => (shop ? hasAcceptedAgreement(shop.id) : true));
  if (!shop || shop.agreement_page !== 1 || deviceType !== 1 || accepted) return null;
  const accept = () => {
    acceptAgreement(shop.id);
    setAccepted(true);
  };
  return (
    <Dialog open aria-labelledby="agreement-title" scroll="paper" disableEscapeKeyDown>
      <DialogTitle id="agreement-title">
        <Trans>Terms of use</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{shop.agreement_text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={accept} autoFocus>
          <Trans>I accept</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
