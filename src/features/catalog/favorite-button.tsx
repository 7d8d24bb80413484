import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useSnackbar } from '@/ui/toasts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPath } from '@/routes/guards';
import { selectSaving } from '@machines/resource-machine';
import { useScreenActor, useSystemActor } from '@/ui/actor-system';

/**
 * Marks a product as favorite through a chart that tells the app the new
 * favorites (the user carries them, so every page sees the change); an
 * anonymous visitor is told to log in first, with a link to the login page.
 */
export function FavoriteButton({ itemId }: { itemId: number }) {
  const { t } = useLingui();
  const location = useLocation();
  const user = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user);
  const navigate = useNavigate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // A refused toggle is the chart's toast (tellRefusal), in the server's words.
  const actor = useScreenActor('resource', { save: 'toggle_favorite', announce: 'favorites', tellRefusal: true }, `toggle_favorite:${itemId}`);
  const sending = useSelector(actor, selectSaving);
  const favorite = user?.favorites.includes(itemId) ?? false;
  const [loginToast, setLoginToast] = useState<number | null>(null);

  // «Log in first» is about this page: it goes once the visitor leaves it (to log in) or is signed in.
  useEffect(() => (loginToast === null ? undefined : () => closeSnackbar(loginToast)), [loginToast, user, closeSnackbar]);

  const toggle = () => {
    if (!user) {
      const shown = enqueueSnackbar(t`Please log in first`, {
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
      setLoginToast(shown);
      return;
    }
    actor?.send({ type: 'resource.save', payload: { item_id: itemId } });
  };

  return (
    <IconButton
      onClick={toggle}
      disabled={sending}
      color={favorite ? 'error' : 'default'}
      aria-pressed={favorite}
      aria-label={favorite ? t`Remove from favorites` : t`Add to favorites`}
      data-testid="favorite-toggle"
    >
      {favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
