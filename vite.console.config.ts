import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import storefront from './vite.config';

/**
 * The operator console (console.html, served under /order/console/): built after the storefront
 * into the same folder, its assets beside the storefront's under /order/v2/assets/, with a
 * manifest of its own so the storefront's (which index.html's preloads read) stays the storefront's.
 */
export default defineConfig({
  ...storefront,
  resolve: {
    ...storefront.resolve,
    alias: [
      ...Object.entries(storefront.resolve?.alias ?? {}).map(([find, replacement]) => ({ find, replacement: replacement as string })),
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    ...storefront.build,
    emptyOutDir: false,
    manifest: '.vite/console-manifest.json',
    rollupOptions: { input: { console: fileURLToPath(new URL('./console.html', import.meta.url)) } },
  },
});
