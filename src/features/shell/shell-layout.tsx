import { Suspense, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useLocation } from 'react-router-dom';
import { showsOnlyBranchPages } from '@/routes/guards';
import { matchRoute } from '@/routes/match-route';
import { useSystemActor } from '@/ui/actor-system';
import { FirstScreenKey } from '@/ui/heading-focus';
import { mainBottomPadding } from '@/ui/layout';
import { AgreementModal } from './agreement-modal';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { ScrollTopButton } from './scroll-top-button';
import { ShopClosedNotice } from './shop-closed-notice';
import { SkipLink } from './skip-link';

/** The layout: the skip link, header, the routed screen (children) in <main>, bottom navigation on mobile widths. */
export default function ShellLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // At a master shop every destination of the bar (home, categories, cart, profile) leads back to a fresh
  // branch page, which forgot the position the visitor had just given: there is no bar to offer.
  const master = useSelector(useSystemActor('app'), (snapshot) => (snapshot.context.shop ? showsOnlyBranchPages(snapshot.context.shop) : false));
  const bar = !wide && !master;
  const location = useLocation();
  const onPayment = matchRoute(location.pathname)?.entry.id === 'cart-payment';
  const [firstScreen] = useState(location.key);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Header wide={wide} />
      {/* The payment step says it there, once. */}
      {onPayment ? null : <ShopClosedNotice />}
      <Box component="main" id="main" sx={{ flexGrow: 1, pb: `${mainBottomPadding(!bar)}px` }}>
        <Suspense fallback={<LinearProgress aria-hidden="true" />}>
          <FirstScreenKey.Provider value={firstScreen}>{children}</FirstScreenKey.Provider>
        </Suspense>
      </Box>
      {bar ? <BottomNav /> : null}
      <ScrollTopButton />
      <AgreementModal />
    </Box>
  );
}
