// The second layer of the app's modules (src/main.tsx): emotion and MUI's theming.
export { default as createCache } from '@emotion/cache';
export { CacheProvider } from '@emotion/react';
export { createTheme, ThemeProvider } from '@mui/material/styles';
