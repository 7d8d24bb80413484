import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { call } from '@/api/client';
import { loginPath } from '@/routes/guards';
import { useAppActor, useAppSelector } from '@/ui/app-actor';

/** Marks a product as favorite; an anonymous visitor is told to log in first, with a link to the login page. */
export function FavoriteButton({ itemId }: { itemId: number }) {
  const { t } = useLingui();
  const actor = useAppActor();
  const location = useLocation();
  const user = useAppSelector((snapshot) => snapshot.context.user);
  const navigate = useNavigate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const favorite = user?.favorites.includes(itemId) ?? false;

  const toggle = async () => {
    if (!user) {
      enqueueSnackbar(t`Please log in first`, {
        variant: 'info',
        // Toasts render outside the router, so the link navigates through this page's navigate().
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            data-testid="favorite-login-link"
            onClick={() => {
              closeSnackbar(key);
              navigate(loginPath, { state: { from: location.pathname } });
            }}
          >
            <Trans>Log in</Trans>
          </Button>
        ),
      });
      return;
    }
    setBusy(true);
    try {
      const result = await call('toggle_favorite', { item_id: itemId });
      // The session's user carries the favorites, so every page sees the change.
      actor.send({ type: 'session.update', user: { ...user, favorites: result.favorites } });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : t`An error occurred`, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <IconButton
      onClick={toggle}
      disabled={busy}
      color={favorite ? 'error' : 'default'}
      aria-pressed={favorite}
      aria-label={favorite ? t`Remove from favorites` : t`Add to favorites`}
      data-testid="favorite-toggle"
    >
      {favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
