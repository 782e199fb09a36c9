import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

// Features do not import each other (bulletproof-react's zones): one zone per feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; share through src/components, src/lib or sync/.',
}));

const noReact = {
  patterns: [
    {
      group: ['react', 'react-dom', 'react/*', '@mantine/*', 'react-router', 'dexie-react-hooks'],
      message: 'sync/ and server/ never import React.',
    },
    { group: ['**/src/**', '../src/*', '../../src/*'], message: 'sync/ and server/ never import src/.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'server/db/migrations/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ky', message: 'ky is used only in sync/net/transport.ts.' },
            { name: 'dexie', message: 'Dexie tables are touched only in sync/.' },
            { name: 'dayjs', message: 'Dates are formatted and parsed by src/lib/dates.ts only.' },
            {
              name: 'dexie-react-hooks',
              message: 'Live queries go through src/lib/use-live-query.ts: under the lock they keep what they showed.',
            },
          ],
          patterns: [
            { group: ['dayjs/*'], message: 'Dates are formatted and parsed by src/lib/dates.ts only.' },
            { group: ['**/server/**', '../server/*'], message: 'The app never imports the server.' },
            {
              group: ['**/sync/*', '!**/sync/index', '!**/sync/shell', '**/sync/contract/*'],
              message: 'src/ imports sync/ only through sync/index.ts (and the first load through sync/shell.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { typescript: true, node: true } },
    rules: { 'import/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    // No import cycles in the app, the sync layer or the server (STYLE.md habit 15): a helper
    // two modules share moves to a leaf module both import.
    files: ['src/**/*.{ts,tsx}', 'sync/**/*.ts', 'server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: true, node: true },
      // The rule parses every imported module; without this it cannot read TypeScript and sees no cycle.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['sync/**/*.ts'],
    ignores: ['sync/net/transport.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ky', message: 'ky is used only in sync/net/transport.ts.' }], patterns: noReact.patterns },
      ],
    },
  },
  {
    files: ['sync/net/transport.ts'],
    rules: { 'no-restricted-imports': ['error', noReact] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noReact.patterns,
            {
              group: ['**/sync/*', '!**/sync/contract', '!**/sync/contract/**'],
              message: 'The server imports only sync/contract.',
            },
          ],
        },
      ],
    },
  },
);
