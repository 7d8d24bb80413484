import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

/** The terms of use, shown until accepted (agreement-modal.tsx decides when). */
export default function AgreementDialog({ text, onAccept }: { text: string; onAccept: () => void }) {
  return (
    <Dialog open aria-labelledby="agreement-title" scroll="paper" disableEscapeKeyDown>
      <DialogTitle id="agreement-title">
        <Trans>Terms of use</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onAccept} autoFocus>
          <Trans>I accept</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
