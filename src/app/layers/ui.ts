// The second layer of the app's modules (src/main.tsx): emotion, MUI's theming and the components the shell draws first.
export { default as createCache } from '@emotion/cache';
export { CacheProvider } from '@emotion/react';
export { createTheme } from '@mui/material/styles';
// What src/ui/direction-provider.tsx renders (MUI's own ThemeProvider would bring the CSS-variables provider too).
export { ThemeProvider } from '@mui/system';
export { default as AppBar } from '@mui/material/AppBar';
export { default as Badge } from '@mui/material/Badge';
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as IconButton } from '@mui/material/IconButton';
export { default as LinearProgress } from '@mui/material/LinearProgress';
export { default as Toolbar } from '@mui/material/Toolbar';
export { default as Typography } from '@mui/material/Typography';
