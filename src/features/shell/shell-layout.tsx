import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { mainBottomPadding } from '@/ui/layout';
import { AgreementModal } from './agreement-modal';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { ScrollTopButton } from './scroll-top-button';

/** The layout: header, the routed screen (children) in <main>, bottom navigation on mobile widths. */
export default function ShellLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header wide={wide} />
      <Box component="main" id="main" sx={{ flexGrow: 1, pb: `${mainBottomPadding(wide)}px` }}>
        <Suspense fallback={<LinearProgress aria-hidden="true" />}>
          {children}
        </Suspense>
      </Box>
      {wide ? null : <BottomNav />}
      <ScrollTopButton />
      <AgreementModal />
    </Box>
  );
}
