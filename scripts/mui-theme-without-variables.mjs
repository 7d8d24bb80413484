// A Vite plugin for the SPA's builds (vite.config.ts): MUI's theme without its CSS-variables machinery.
// MUI's createTheme() imports both createThemeNoVars and createThemeWithVars and picks one at run time, so every
// bundle carries the second (with createColorScheme, the CssVarsProvider and their helpers, 5 KiB on the wire)
// although a theme without `cssVariables` or `colorSchemes` options is built by createThemeNoVars alone
// (mui/material-ui#48607 makes the same cut for its default theme). Our themes (src/ui/theme.ts) pass neither,
// so MUI's own modules that build one (its default theme, the styles index) are given createThemeNoVars, and
// src/ui/direction-provider.tsx uses @mui/system's ThemeProvider (what MUI's ThemeProvider renders for such a theme).

const STYLES = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]$/;

export default function muiThemeWithoutVariables() {
  return {
    name: 'mui-theme-without-variables',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== './createTheme.js' || !importer) return null;
      const folder = importer.slice(0, importer.length - importer.replace(/^.*[\\/]/, '').length);
      if (!STYLES.test(folder)) return null;
      return this.resolve('./createThemeNoVars.js', importer, { skipSelf: true });
    },
  };
}
