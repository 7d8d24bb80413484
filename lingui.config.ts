import { defineConfig } from '@lingui/cli';

/** The console's screens whose texts load with the first of them opened (src/console/shell/screens.tsx `later`). */
const LATER_SCREENS = ['ads', 'audit', 'catalog', 'content', 'customer-messages', 'discounts', 'settings', 'shop-settings', 'team', 'wallets'];

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
    // The operator console is another app (its own Vite entry): its texts ship only with it. Those of the screens
    // the first one does not show (src/console/language.ts LATER_SCREENS) are a second catalog, loaded with the first
    // of them opened, so each new screen leaves the first screen's bytes as they are.
    {
      path: '<rootDir>/src/console/locales/{locale}',
      include: ['<rootDir>/src/console/'],
      exclude: LATER_SCREENS.map((folder) => `<rootDir>/src/console/${folder}/**`),
    },
    {
      path: '<rootDir>/src/console/screen-locales/{locale}',
      include: LATER_SCREENS.map((folder) => `<rootDir>/src/console/${folder}/`),
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/features/{name}/'],
    },
  ],
  format: 'po',
});
