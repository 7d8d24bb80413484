import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** Asks before an order action (spec §8: reorder and the like are confirmed first). */
export function ConfirmDialog({ open, title, text, confirmLabel, busy, onConfirm, onClose, testId }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${testId}-title`} aria-describedby={`${testId}-text`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          <Trans>No</Trans>
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
