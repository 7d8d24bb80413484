import { useLingui } from '@lingui/react/macro';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { formatNumber } from '@/ui/format';
import { BOTTOM_NAV_HEIGHT } from '@/ui/layout';
import { useSelector } from '@xstate/react';
import { hasNoCart } from '@machines/app-machine';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { selectCartCount } from './cart-count';
import { activeNavKey, shownNavItems } from './nav-items';

/** Mobile bottom navigation: home, categories, cart, profile. */
export function BottomNav() {
  const { i18n, t } = useLingui();
  const { pathname } = useLocation();
  const language = useLanguage();
  const cartCount = useSelector(useSystemActor('cart'), selectCartCount);
  const noCart = useSelector(useSystemActor('app'), hasNoCart);
  return (
    <Paper
      component="nav"
      aria-label={t`Main navigation`}
      elevation={8}
      sx={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 'appBar' }}
    >
      <BottomNavigation showLabels value={activeNavKey(pathname)} sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {shownNavItems(noCart).map((item) => (
          <BottomNavigationAction
            key={item.key}
            value={item.key}
            label={i18n._(item.label)}
            component={RouterLink}
            to={item.to}
            icon={
              item.key === 'cart' && cartCount > 0 ? (
                <Badge color="primary" badgeContent={formatNumber(cartCount, language)}>
                  {item.icon}
                </Badge>
              ) : (
                item.icon
              )
            }
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
