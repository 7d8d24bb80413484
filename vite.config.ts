import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { CSP_NONCE_PLACEHOLDER } from './contract/rules/csp';
import stripEndpointSummaries from './scripts/strip-endpoint-summaries.mjs';
import muiThemeWithoutVariables from './scripts/mui-theme-without-variables.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The SPA is served by the Fastify server under /order/v2/ (the operator console, under /order/console/, is built by vite.console.config.ts). */
export default defineConfig({
  base: '/order/v2/',
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro', stripEndpointSummaries] } }),
    lingui(),
    muiThemeWithoutVariables(),
  ],
  resolve: {
    alias: {
      '@/': here('./src/'),
      '@contract/': here('./contract/'),
      '@machines/': here('./machines/'),
    },
  },
  build: {
    outDir: 'dist/spa',
    emptyOutDir: true,
    // Production ships none; SOURCEMAP=1 npx vite build writes them, to read a profile of the built app by source file.
    sourcemap: process.env.SOURCEMAP === '1',
    manifest: true,
    // The storefront only: the operator console is a build of its own (vite.console.config.ts) into
    // the same folder. Built together, Rollup split the storefront's chunks along what the console
    // shares with them, and a customer's first visit loaded three more files and 4 KB more.
    rollupOptions: { input: { main: here('./index.html') } },
  },
  // Every tag Vite writes or adds carries this placeholder; the server swaps in a fresh nonce per load.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // Development: the API goes to `npm run dev:server` with the page's own Host, as the built server sees it: the shop
  // is the Host's (kebab.localhost:5173), and the server's same-origin check passes (a string proxy rewrites the Host
  // to localhost:8080, and every POST was refused as cross-origin).
  server: {
    proxy: Object.fromEntries(['/order/order.php', '/order/console/api', '/order/branch_list.php', '/media'].map((path) => [path, { target: 'http://localhost:8080', changeOrigin: false }])),
  },
});
