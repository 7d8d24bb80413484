import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/** The keyboard focus ring's colour: 5.3:1 or more against the page, the paper and the console's grey bar (WCAG 1.4.11 asks 3:1). */
export const FOCUS_RING_COLOR = '#1565c0';

/**
 * The ring itself, outside the control: drawn on the page's background, never on the control's own fill (a filled
 * button's colour, a card's picture), so its contrast holds whatever the control looks like.
 */
export const focusRing = { outline: `3px solid ${FOCUS_RING_COLOR}`, outlineOffset: 2 } as const;

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
      // A clear focus ring for keyboard users on every focusable element; MUI's buttons, chips, cards' action areas
      // and icon buttons (ButtonBase) take the outline off and mark focus with a faint tint instead, so they get it back.
      MuiCssBaseline: { styleOverrides: { ':focus-visible': focusRing } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // A card clips what is drawn outside its action area (overflow hidden): the card draws its area's ring.
      MuiCard: { styleOverrides: { root: { '&:has(> .MuiCardActionArea-root.Mui-focusVisible)': focusRing } } },
    },
  };
}
