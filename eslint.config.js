import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layerImports from './eslint-rules/layer-imports.js';

/** Layers that must run under Node, in workers and in tests: no Solid, no DOM. */
const DOM_FREE = ['base', 'store', 'workspace', 'llm', 'tools', 'agent'];
/** Layers whose side effects go through injected interfaces so tests can drive them. */
const INJECTED_EFFECTS = ['agent', 'tools', 'llm'];

const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'HTMLElement'].map(
  (name) => ({ name, message: 'This layer is DOM-free (docs/ARCHITECTURE.md).' }),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-*',
      'public',
      'bench-results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.es2022 } },
    plugins: { cove: { rules: { 'layer-imports': layerImports } } },
    rules: {
      'cove/layer-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'dexie', message: 'Only src/store imports Dexie.' }] },
      ],
    },
  },
  {
    files: ['src/store/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: DOM_FREE.map((layer) => `src/${layer}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'dexie', message: 'Only src/store imports Dexie.' }],
          patterns: [
            { group: ['solid-js', 'solid-js/*'], message: 'This layer is UI-free: no Solid.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
  {
    files: ['src/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['solid-js', 'solid-js/*'], message: 'This layer is UI-free: no Solid.' },
          ],
        },
      ],
    },
  },
  {
    files: INJECTED_EFFECTS.map((layer) => `src/${layer}/**`),
    rules: {
      'no-restricted-globals': [
        'error',
        ...domGlobals,
        { name: 'setTimeout', message: 'Use the injected Clock (src/base/clock.ts).' },
        { name: 'setInterval', message: 'Use the injected Clock (src/base/clock.ts).' },
        { name: 'fetch', message: 'Take fetch as an injected dependency so tests can fake it.' },
      ],
    },
  },
  {
    files: ['workers/**'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    files: [
      'scripts/**',
      'tests/e2e/**',
      'tests/fixtures/**',
      'tests/bench/**',
      '*.config.*',
      'eslint-rules/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
);
