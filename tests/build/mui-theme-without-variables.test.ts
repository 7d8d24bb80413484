import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import muiThemeWithoutVariables from '../../scripts/mui-theme-without-variables.mjs';
import { appThemeOptions, createAppTheme } from '../../src/ui/theme';
// MUI's own module, by path: the package exports it only through createTheme.
import createThemeNoVars from '../../node_modules/@mui/material/esm/styles/createThemeNoVars.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles a module that builds a theme and draws a Button (as the SPA does), with or without the plugin. */
async function bundle(plugins: ReturnType<typeof muiThemeWithoutVariables>[]): Promise<string> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      ...plugins,
      {
        name: 'entry',
        // Vite hands the entry over as a path under the root.
        resolveId: (id) => (id.endsWith('virtual:entry') ? '\0entry' : null),
        load: (id) =>
          id === '\0entry'
            ? "import { createTheme } from '@mui/material/styles'; import Button from '@mui/material/Button'; export const theme = createTheme({ direction: 'rtl' }); export { Button };"
            : null,
      },
    ],
    build: { write: false, minify: false, lib: { entry: 'virtual:entry', formats: ['es'] }, rollupOptions: { external: ['react', 'react/jsx-runtime', 'react-dom'] } },
  })) as Rollup.RollupOutput[];
  return output[0].output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('the SPA builds MUI themes without the CSS-variables machinery', () => {
  it('Scenario: createTheme and the components\' default theme no longer bring createThemeWithVars into the bundle', async () => {
    // The CSS-variables theme's own marker (createThemeWithVars sets cssVarPrefix).
    expect(await bundle([])).toContain('cssVarPrefix');
    expect(await bundle([muiThemeWithoutVariables()])).not.toContain('cssVarPrefix');
  }, 60_000);

  it('Scenario: the app\'s theme, in both directions, is what createThemeNoVars builds (so the swap changes nothing drawn)', () => {
    for (const direction of ['rtl', 'ltr'] as const) {
      const options = appThemeOptions(direction);
      expect(options).not.toHaveProperty('cssVariables');
      expect(options).not.toHaveProperty('colorSchemes');
      // MUI's createTheme (unswapped here) and createThemeNoVars build the same theme from these options.
      expect(JSON.stringify(createAppTheme(direction))).toBe(JSON.stringify(createThemeNoVars(options as Parameters<typeof createThemeNoVars>[0])));
      expect(createAppTheme(direction).direction).toBe(direction);
    }
  });
});
