import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layerImports from './eslint-rules/layer-imports.js';

/** Layers that must run under Node, in workers and in tests: no Solid, no DOM. */
const DOM_FREE = ['base', 'store', 'workspace', 'llm', 'tools', 'mcp', 'agent'];
/** Layers whose side effects go through injected interfaces so tests can drive them. */
const INJECTED_EFFECTS = ['agent', 'tools', 'mcp', 'llm'];

const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'HTMLElement'].map(
  (name) => ({ name, message: 'This layer is DOM-free (docs/ARCHITECTURE.md).' }),
);

/** Clocks and the network: injected in the core layers and in src/app alike. */
const injectedEffectGlobals = [
  ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'].map((name) => ({
    name,
    message: 'Use the injected Clock (src/base/clock.ts).',
  })),
  {
    name: 'performance',
    message: 'Take time from the injected Clock, or a `now` passed from the composition root.',
  },
  { name: 'fetch', message: 'Take fetch as an injected dependency so tests can fake it.' },
];
/**
 * `Date.now()` is a clock read too (`new Date(ms)` for formatting stays allowed); and the
 * banned globals may not be reached through `globalThis` or `self` either.
 */
const restrictedProperties = (globalsList) => [
  { object: 'Date', property: 'now', message: 'Use the injected Clock (src/base/clock.ts).' },
  ...['globalThis', 'self'].flatMap((object) =>
    globalsList.map(({ name, message }) => ({ object, property: name, message })),
  ),
];

/**
 * src/app wires services for the UI; what only the page has comes from the composition root
 * (src/main.tsx, through createAppServices' environment), so services run in tests as they
 * run in the page.
 */
const appEffectGlobals = [
  ...injectedEffectGlobals,
  {
    name: 'navigator',
    message:
      'Take what you need from navigator (locks, storage, serviceWorker, onLine) as a dependency passed from src/main.tsx.',
  },
  {
    name: 'location',
    message: 'Take the page origin or a reload function as a dependency passed from src/main.tsx.',
  },
  {
    name: 'window',
    message: 'src/app does not touch the page: take what you need from src/main.tsx.',
  },
];

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
      'no-restricted-globals': ['error', ...domGlobals, ...injectedEffectGlobals],
      'no-restricted-properties': ['error', ...restrictedProperties(injectedEffectGlobals)],
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      'no-restricted-globals': ['error', ...appEffectGlobals],
      'no-restricted-properties': ['error', ...restrictedProperties(appEffectGlobals)],
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
