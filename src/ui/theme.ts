import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/** The storefront's MUI theme for a text direction; Vazirmatn covers Persian and Latin. */
export function createAppTheme(direction: 'rtl' | 'ltr'): Theme {
  return createTheme(appThemeOptions(direction));
}

/** The theme's options: neither `cssVariables` nor `colorSchemes`, so the build can drop MUI's CSS-variables theme (scripts/mui-theme-without-variables.mjs). */
export function appThemeOptions(direction: 'rtl' | 'ltr'): ThemeOptions {
  return {
    direction,
    palette: {
      primary: { main: '#b23c17' },
      secondary: { main: '#2e7d32' },
      background: { default: '#faf7f5' },
    },
    typography: {
      fontFamily: ['Vazirmatn', 'Tahoma', 'system-ui', 'sans-serif'].join(','),
    },
    shape: { borderRadius: 10 },
    components: {
      // Persian has no letter case; English labels read better unshouted too.
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
      // Size and colour chips ('24 cm 320,000 toman') and tabs keep their case in English too.
      MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
      // A clear focus ring for keyboard users on every focusable MUI control.
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: '3px solid #1565c0', outlineOffset: 2 },
        },
      },
    },
  };
}
