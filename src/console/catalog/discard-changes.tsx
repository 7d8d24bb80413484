import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Asked before an editor with unsaved changes closes: keep editing (the default), or close and lose them. */
export function DiscardChanges({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog open={open} onClose={onKeep} role="alertdialog" aria-labelledby="discard-title" aria-describedby="discard-text">
      <DialogTitle id="discard-title">
        <Trans>Close without saving?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-text">
          <Trans>What you changed here has not been saved and will be lost.</Trans>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard} color="error">
          <Trans>Discard changes</Trans>
        </Button>
        <Button onClick={onKeep} variant="contained" autoFocus>
          <Trans>Keep editing</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
