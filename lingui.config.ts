import { defineConfig } from '@lingui/cli';

// One catalog per feature folder (src/features/<name>/locales/<locale>.po) so
// features translate on their own; everything outside features shares src/locales, but the
// operator console (src/console) keeps its own.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['fa', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['<rootDir>/src/features/**', '<rootDir>/src/console/**'],
    },
    // The operator console is another app (its own Vite entry): its texts ship only with it.
    {
      path: '<rootDir>/src/console/locales/{locale}',
      include: ['<rootDir>/src/console/'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}/'],
    },
  ],
  format: 'po',
});
