import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import storefront from './vite.config';

/**
 * In development, the console's pages answer at /order/console/… as the server serves them (its router's basename),
 * its API and pictures going on to the proxy. Built, the server does this (server/routes/console-spa.ts).
 */
const consolePages: Plugin = {
  name: 'console-pages',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = request.url?.split('?')[0] ?? '';
      if ((path === '/order/console' || path.startsWith('/order/console/')) && path !== '/order/console/api') {
        request.url = `/order/v2/console.html${request.url!.slice(path.length)}`;
      }
      next();
    });
  },
};

/**
 * The operator console (console.html, served under /order/console/): built after the storefront
 * into the same folder, its assets beside the storefront's under /order/v2/assets/, with a
 * manifest of its own so the storefront's (which index.html's preloads read) stays the storefront's.
 */
export default defineConfig({
  ...storefront,
  plugins: [...(storefront.plugins ?? []), consolePages],
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
