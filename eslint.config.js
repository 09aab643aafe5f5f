import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layerBlocks } from './eslint.layers.js';

// Architectural boundaries (docs/architecture.md): shared/ is pure and imports neither side;
// the client never reaches into the server or the database layer.
const noServerOrDb = {
  patterns: [
    { group: ['**/server/**', '**/server', '**/db/**', '**/db'], message: 'The client and shared/ must not import server or db code.' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.dist-*/', 'client/dist/', 'var/', 'test-results/', 'test/bench/tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...noServerOrDb.patterns,
          { group: ['**/client/**', 'react', 'react-dom', 'express', 'better-sqlite3', 'node:*', 'fs', 'path'], message: 'shared/ holds pure domain logic only.' },
        ],
      }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', noServerOrDb],
      'no-restricted-syntax': ['error', {
        selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
        message: 'User text is always rendered as text.',
      }],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/client/**'], message: 'db/ is below the server.' }] }],
    },
  },
  // The promise rules, which need type information, run in oxlint (.oxlintrc.json).
  // Server layers (routes → services → db): see eslint.layers.js. Keep this block last.
  ...layerBlocks,
);
