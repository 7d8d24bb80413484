import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

interface LoginModalProps {
  /** where to send the user to log in */
  loginPath: string;
  /** the page the user wanted, kept for after login */
  from: string;
}

/** Interface 102 asks for login in a modal instead of redirecting (spec §2). */
export default function LoginModal({ loginPath, from }: LoginModalProps) {
  const navigate = useNavigate();
  const close = () => navigate('/', { replace: true });
  return (
    <Dialog open onClose={close} aria-labelledby="login-modal-title" aria-describedby="login-modal-text">
      <DialogTitle id="login-modal-title">
        <Trans>Please log in first</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="login-modal-text">
          <Trans>You need to log in with your phone number to see this page.</Trans>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>
          <Trans>Not now</Trans>
        </Button>
        <Button variant="contained" component={RouterLink} to={loginPath} state={{ from }} autoFocus>
          <Trans>Log in</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
