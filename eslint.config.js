// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import {
  moduleTestZones,
  publicFileZones,
  REPOSITORY_ROOT,
  serverLayerZones,
} from './src/server/module-layers.js';

/**
 * Import boundaries (docs/architecture.md): shared imports neither side, the client never imports
 * the server, and the server never imports the client.
 */
const forbid = (/** @type {string[]} */ layers, /** @type {object[]} */ paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
      patterns: layers.flatMap((layer) => [
        { group: [`@${layer}/*`], message: `This layer must not import from src/${layer}.` },
        {
          group: [`**/${layer}/*`, `**/src/${layer}/**`],
          message: `This layer must not import from src/${layer}.`,
        },
      ]),
    },
  ],
});

/**
 * The client's rooms (docs/decisions/010-client-feature-zones.md): `app/` (routes, providers, layouts) composes
 * features; a feature uses `components/`, `lib/` and `@shared`, never another feature and never `app/`;
 * `components/` and `lib/` are shared by all and import neither features nor `app/`. One zone per feature
 * folder, read from the disk, so a new feature is walled in without editing this file.
 */
const clientFeatures = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need down to components/ or lib/.',
  })),
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'Features never import app/ (routes, providers, layouts): app/ composes the features.',
  },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/app'],
    message: 'components/ and lib/ are shared by every feature: they import neither features nor app/.',
  },
  {
    target: './src/client/admin',
    from: ['./src/client/features', './src/client/app'],
    message:
      'The admin (docs/decisions/013-admin-area.md) uses components/, lib/ and @shared, never the storefront.',
  },
  {
    target: ['./src/client/app', './src/client/features', './src/client/components', './src/client/lib'],
    from: './src/client/admin',
    message:
      'The storefront never imports the admin: it is its own entry (docs/decisions/013-admin-area.md).',
  },
];

/**
 * The server's layers (src/server/module-layers.js, docs/decisions/018-server-layers.md): production files
 * import only lower layers and other modules' public files; a test in a module folder its own module, lower
 * layers and the top (src/server/test's fixtures, the app, the CLIs); the test harness and the tests outside
 * module folders, at the top, any module's public files. One zone per module folder, read from the disk: a
 * folder no layer lists stops the lint.
 */
const serverModules = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** import-x reads .ts/.tsx dependencies too (no-cycle follows them), resolving the @ aliases through tsconfig. */
const importXSettings = {
  'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
  'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'drizzle/**', 'node_modules/**', 'coverage/**', 'seed/images/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Medusa, installed apart for the comparison bench, loads its configuration and scripts as CommonJS.
  {
    files: ['bench/compare/medusa/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['src/shared/**'], rules: forbid(['server', 'client']) },
  { files: ['src/server/**'], rules: forbid(['client']) },
  // The one test of the seam where the server runs the storefront's built renderer: it renders pages from the
  // renderer's source against a test app (the server itself loads dist/render by path, never src/client).
  { files: ['src/server/modules/seo/server-render.test.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(
        ['server'],
        [
          {
            name: 'sonner',
            message: 'Import toast/Toaster from @client/lib/notify: sonner is loaded on demand.',
          },
        ],
      ),
    },
  },
  { files: ['src/client/lib/notify.tsx'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/client/**', 'src/shared/**'],
    plugins: { 'import-x': importX },
    settings: importXSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/**'],
    plugins: { 'import-x': importX },
    settings: importXSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: publicFileZones(serverModules), basePath: REPOSITORY_ROOT },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: serverLayerZones(serverModules), basePath: REPOSITORY_ROOT },
      ],
    },
  },
  {
    files: ['src/server/modules/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: moduleTestZones(serverModules), basePath: REPOSITORY_ROOT },
      ],
    },
  },
);
