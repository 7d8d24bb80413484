import { useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's ThemeProvider renders this one for a theme without CSS variables, and would bring their provider too.
import { ThemeProvider } from '@mui/system';
import type { Language } from '@contract/enums';
import { directionOf } from '@/i18n/direction';
import { cspNonce } from './csp-nonce';
import { modernPrefixer } from './modern-prefixer';
import { rtlDeclarations } from './rtl-declarations';
import { createAppTheme } from './theme';

// One emotion cache per direction: the RTL one mirrors every style (rtl-declarations.ts); both
// write only the vendor prefixes our browsers need (modern-prefixer.ts).
// Their <style> tags carry the page's nonce, which the CSP requires of inline styles.
const caches = {
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlDeclarations, modernPrefixer], nonce: cspNonce }),
  ltr: createCache({ key: 'muiltr', stylisPlugins: [modernPrefixer], nonce: cspNonce }),
};

/** MUI theme, emotion cache and baseline styles for the current language's direction. */
export function DirectionProvider({ language, children }: { language: Language; children: ReactNode }) {
  const direction = directionOf(language);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={caches[direction]}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
