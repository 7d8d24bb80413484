// Import boundaries keep the layers honest: machines stay free of React/DOM/IO,
// features never reach into each other, and cycles are refused.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { localPlugin } from './eslint/no-import-circle.js';
import { readdirSync } from 'node:fs';

// Every folder under src/features/ is a feature: a new one gets the boundary rule without being listed here.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'src/locales/**/*.ts', 'src/locales/**/*.js', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, local: localPlugin },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Without the parser and extension settings import-x never reads a .ts file, and no-cycle sees no edges.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // import-x/no-cycle skips type-only imports; this one counts them (eslint/no-import-circle.js).
      'local/no-import-circle': 'error',
      'import-x/no-restricted-paths': ['error', {
        zones: [
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`],
            message: 'Features never import each other: share through src/ui, machines/ or contract/.',
          })),
          // The operator console (src/console) is another app: the storefront never imports it, and it
          // takes only the shared pieces (src/ui, src/api, src/i18n/direction, machines/, contract/).
          ...['./src/features', './src/app', './src/ui', './src/api', './src/i18n', './src/routes', './src/main.tsx'].map((target) => ({
            target,
            from: './src/console',
            message: 'The storefront never imports the operator console.',
          })),
          {
            target: './src/console',
            from: ['./src/features', './src/app', './src/routes'],
            message: 'The console shares through src/ui, src/api, machines/ and contract/, never the storefront\'s features or app.',
          },
          { target: './machines', from: './src', message: 'machines/ never imports the view layer.' },
          { target: './machines', from: './server', message: 'machines/ never imports the server.' },
          { target: './contract', from: './src', message: 'contract/ is shared: it imports neither side.' },
          { target: './contract', from: './server', message: 'contract/ is shared: it imports neither side.' },
          { target: './contract', from: './machines', message: 'contract/ is shared: it imports neither side.' },
          { target: './server', from: './src', message: 'The server never imports the SPA.' },
          { target: './src', from: './server', message: 'The SPA never imports the server.' },
        ],
      }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-*', 'react/*', '@xstate/react', '@mui/*', '@emotion/*', 'notistack'], message: 'machines/ never imports React.' },
          { group: ['react-router', 'react-router-dom'], message: 'machines/ never imports the router.' },
          { group: ['@lingui/*'], message: 'machines/ never imports Lingui: messages are the view\'s.' },
          { group: ['ky', 'ky/*'], message: 'machines/ never does I/O: effects arrive as provided actors.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch'],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One way to bind (src/ui/actor-system.tsx): an actor by its systemId, a narrow slice by useSelector.
      'no-restricted-imports': ['error', {
        paths: [{ name: '@xstate/react', allowImportNames: ['useSelector', 'shallowEqual'], message: 'Views bind with useSystemActor/useScreenActor and useSelector (src/ui/actor-system.tsx).' }],
      }],
      'no-restricted-syntax': ['error',
        {
          selector: "CallExpression[callee.name='useSelector'] > ArrowFunctionExpression:nth-child(2)[body.type='Identifier']",
          message: 'Select a narrow slice: the whole snapshot re-renders the view on every change.',
        },
        {
          selector: "CallExpression[callee.name='useSelector'] > ArrowFunctionExpression:nth-child(2) > MemberExpression.body[property.name='context']",
          message: 'Select a narrow slice: the whole context re-renders the view on every change.',
        },
      ],
    },
  },
  {
    // A view renders what it selects; reading the snapshot during render misses the changes that follow.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-properties': ['error', { property: 'getSnapshot', message: 'Views read an actor with useSelector (and snapshot.can), never getSnapshot().' }],
    },
  },
  {
    // Actions reach data only through the request's shop-scoped repositories (context.repos): no database handle,
    // no repository built by hand, so an unscoped query cannot be written by accident. The services they call
    // take the same context; the app-wide ones (the event bus, the cleaners) are given the database by app.ts.
    files: ['server/actions/**/*.ts', 'server/services/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "MemberExpression[object.name='context'][property.name='db']", message: 'No database in the action context: use context.repos (repos.transaction for a transaction of its own).' },
        { selector: 'CallExpression[callee.name=/^create\\w*Repositor(y|ies)$/]', message: 'Repositories come built for the request\'s shop: use context.repos.' },
      ],
    },
  },
  {
    files: ['server/actions/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/connection'], message: 'No database in an action: use context.repos.' }] }],
    },
  },
  {
    // Test files share a module graph per worker (vitest.config.ts, isolate: false), so a file
    // must not change what the next one imports or reads at import time.
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error',
        { object: 'vi', property: 'mock', message: 'Test files share modules (isolate: false): inject stubs with .provide() instead.' },
        { object: 'vi', property: 'doMock', message: 'Test files share modules (isolate: false): inject stubs with .provide() instead.' },
        { object: 'vi', property: 'stubEnv', message: 'Test files share modules (isolate: false): pass configuration explicitly.' },
      ],
      'no-restricted-syntax': ['error', {
        selector: "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
        message: 'Test files share modules (isolate: false): pass configuration explicitly instead of writing process.env.',
      }],
    },
  },
);
