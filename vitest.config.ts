import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@/': here('./src/'),
      '@contract/': here('./contract/'),
      '@machines/': here('./machines/'),
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    environment: 'node',
    // Files share one module graph per worker: importing the server anew for every file cost
    // ~90 s of the PGlite run's 275 s and ~100 s of PostgreSQL's 188 s. Each file still makes its
    // own app and database; no test mocks a module or changes process.env, and globals stubbed
    // in a test are unstubbed after it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
