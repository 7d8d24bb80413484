import { Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, NavLink, Outlet, Route, Router, Routes, useLocation, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import IconButton from '@mui/material/IconButton';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { CONSOLE_BASE } from '@contract/console/rules';
import { localized } from '@contract/localized';
import { ConsoleLanguageSwitch } from '../language-switch';
import { problemText } from '../problem-text';
import { useSystemActor } from '@/ui/actor-system';
import { FirstScreenKey, RouteHeadingFocus } from '@/ui/heading-focus';
import { isOwner } from '@machines/console/console-machine';
import { firstScreen, offeredScreens } from './screens';

const NAV_WIDTH = 220;
const NAV_ID = 'console-nav';

/**
 * The app bar: the shop's name and who is logged in (whole, on two lines), the language and logout; on a phone also
 * the menu button that shows the navigation.
 */
function ConsoleBar({ menuOpen, onMenu }: { menuOpen: boolean; onMenu: () => void }) {
  const { t } = useLingui();
  const actor = useSystemActor('console');
  const language = useSelector(actor, (snapshot) => snapshot.context.language);
  const shop = useSelector(actor, (snapshot) => snapshot.context.shop);
  const staffName = useSelector(actor, (snapshot) => snapshot.context.staff?.name ?? '');
  const canLogOut = useSelector(actor, (snapshot) => snapshot.can({ type: 'logout.request' }));
  return (
    <AppBar position="sticky" color="default" elevation={1} component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          onClick={onMenu}
          aria-label={t`Menu`}
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          sx={{ display: { sm: 'none' } }}
          data-testid="console-menu-button"
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.25, fontSize: { xs: '1rem', sm: '1.25rem' } }} data-testid="console-shop-name">
            {shop ? localized(language, shop.name, shop.name_en) : null}
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary" data-testid="console-staff-name">
            {staffName}
          </Typography>
        </Box>
        <ConsoleLanguageSwitch />
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => actor.send({ type: 'logout.request' })}
          disabled={!canLogOut}
          aria-label={t`Log out`}
          sx={{ minWidth: 0, flexShrink: 0, '& .MuiButton-startIcon': { m: { xs: 0, sm: undefined } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            <Trans>Log out</Trans>
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}

/** The navigation: one entry per screen (screens.tsx). On a phone it shows only when the menu button opens it. */
function ConsoleNav({ open, onGo }: { open: boolean; onGo: () => void }) {
  const { i18n, t } = useLingui();
  const console = useSystemActor('console');
  const offered = offeredScreens(useSelector(console, isOwner), useSelector(console, (snapshot) => snapshot.context.shop?.interface_id));
  return (
    <Box
      component="nav"
      id={NAV_ID}
      aria-label={t`Console`}
      sx={{ display: { xs: open ? 'block' : 'none', sm: 'block' }, width: { sm: NAV_WIDTH }, flexShrink: 0, borderInlineEnd: { sm: 1 }, borderBottom: { xs: 1, sm: 0 }, borderColor: 'divider' }}
    >
      <List>
        {offered.map((screen) => (
          <li key={screen.path}>
            <ListItemButton component={NavLink} to={`/${screen.path}`} onClick={onGo} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}>
              <ListItemIcon>{screen.icon}</ListItemIcon>
              <ListItemText primary={i18n._(screen.label)} />
            </ListItemButton>
          </li>
        ))}
      </List>
    </Box>
  );
}

function ShellLayout() {
  const { i18n } = useLingui();
  const problem = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.problem);
  const location = useLocation();
  const [firstScreen] = useState(location.key);
  // On a phone the navigation is behind the menu button, so a screen's content comes first; going to a screen closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ConsoleBar menuOpen={menuOpen} onMenu={() => setMenuOpen((open) => !open)} />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexGrow: 1 }}>
        <ConsoleNav open={menuOpen} onGo={() => setMenuOpen(false)} />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          {problem ? (
            <Alert severity="error" role="alert" sx={{ m: 2 }}>
              {problemText(problem, i18n)}
            </Alert>
          ) : null}
          <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />}>
            {/* A new screen's heading takes the focus once shown (src/ui/heading-focus.ts), as in the storefront. */}
            <FirstScreenKey.Provider value={firstScreen}>
              <RouteHeadingFocus key={location.pathname} />
              <Outlet />
            </FirstScreenKey.Provider>
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

const BASENAME = CONSOLE_BASE.slice(0, -1);

/**
 * The browser history under /order/console/ with <Router> and <Routes> rather than react-router's data
 * router (whose loaders and actions the console does not use): as in the storefront (src/app/router.ts),
 * that router was most of react-router's bytes, which the console's first screen cannot afford.
 */
const history = createBrowserHistory({ v5Compat: true });

function ConsoleRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    setState({ action: history.action, location: history.location });
    return history.listen(({ action, location }) => setState({ action, location }));
  }, []);
  return (
    <Router basename={BASENAME} location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/** The logged-in console: app bar, navigation and the screen of the path (the first screen at the base, and for a screen not offered here). */
export default function ConsoleShell() {
  const console = useSystemActor('console');
  const interfaceId = useSelector(console, (snapshot) => snapshot.context.shop?.interface_id);
  const offered = offeredScreens(useSelector(console, isOwner), interfaceId);
  const first = firstScreen(offered, interfaceId);
  return (
    <ConsoleRouter>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route index element={<Navigate to={first} replace />} />
          {offered.map((screen) => (
            <Route key={screen.path} path={`${screen.path}/*`} element={<screen.component />} />
          ))}
          <Route path="*" element={<Navigate to={first} replace />} />
        </Route>
      </Routes>
    </ConsoleRouter>
  );
}
