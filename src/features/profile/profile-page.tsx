import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import FavoriteIcon from '@mui/icons-material/Favorite';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { localDigits } from '@/ui/format';

/** /profile: the account menu and logout (with confirmation). */
export default function ProfilePage() {
  const { t } = useLingui();
  const language = useLanguage();
  const user = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user);
  const auth = useSystemActor('session');
  const confirming = useSelector(auth, (snapshot) => snapshot.matches({ loggedIn: 'confirming' }) || snapshot.matches({ loggedIn: 'loggingOut' }));
  const loggingOut = useSelector(auth, (snapshot) => snapshot.matches({ loggedIn: 'loggingOut' }));
  const canCancel = useSelector(auth, (snapshot) => snapshot.can({ type: 'logout.cancel' }));
  const problem = useSelector(auth, (snapshot) => (snapshot.context.problem?.kind === 'server' ? snapshot.context.problem.message : null));
  if (!user) return null;
  const links = [
    { to: '/profile/information', icon: <PersonIcon />, text: t`Personal information` },
    { to: '/profile/wallet', icon: <AccountBalanceWalletIcon />, text: t`Wallet` },
    { to: '/profile/favorite', icon: <FavoriteIcon />, text: t`Favorites` },
    { to: '/profile/archive-orders', icon: <ReceiptLongIcon />, text: t`My orders` },
    { to: '/introduction', icon: <GroupAddIcon />, text: t`Invite friends` },
  ];
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography component="h1" variant="h5" fontWeight={700}>
        {user.name || t`My account`}
      </Typography>
      <Typography color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
        {localDigits(user.mobile, language)}
      </Typography>
      {problem ? <Alert severity="error" sx={{ mt: 2 }}>{problem}</Alert> : null}
      <List component="nav" aria-label={t`Account`} sx={{ mt: 2 }}>
        {links.map((link) => (
          <ListItemButton key={link.to} component={RouterLink} to={link.to}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            <ListItemText primary={link.text} />
          </ListItemButton>
        ))}
        <ListItemButton onClick={() => auth.send({ type: 'logout.request' })}>
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={t`Log out`} />
        </ListItemButton>
      </List>
      <Dialog open={confirming} onClose={() => auth.send({ type: 'logout.cancel' })} aria-labelledby="logout-title" aria-describedby="logout-text">
        <DialogTitle id="logout-title">
          <Trans>Log out?</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-text">
            <Trans>Are you sure you want to log out of your account?</Trans>
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button disabled={!canCancel} onClick={() => auth.send({ type: 'logout.cancel' })} autoFocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="error" variant="contained" disabled={loggingOut} onClick={() => auth.send({ type: 'logout.confirm' })}>
            <Trans>Log out</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
