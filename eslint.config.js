// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  { files: ['src/shared/**'], rules: forbid(['server', 'client']) },
  { files: ['src/server/**'], rules: forbid(['client']) },
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
);
