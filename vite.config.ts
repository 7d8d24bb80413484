import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { CSP_NONCE_PLACEHOLDER } from './contract/rules/csp';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The SPA is served by the Fastify server under /order/v2/, the operator console under /order/console/. */
export default defineConfig({
  base: '/order/v2/',
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
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
    sourcemap: false,
    manifest: true,
    // Two apps, one build: the storefront (index.html, served under /order/v2/) and the operator
    // console (console.html, served under /order/console/). Their assets share /order/v2/assets/.
    rollupOptions: { input: { main: here('./index.html'), console: here('./console.html') } },
  },
  // Every tag Vite writes or adds carries this placeholder; the server swaps in a fresh nonce per load.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    proxy: {
      '/order/order.php': 'http://localhost:8080',
      '/order/console/api': 'http://localhost:8080',
      '/order/branch_list.php': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
    },
  },
});
