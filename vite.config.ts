import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';
import { VitePWA } from 'vite-plugin-pwa';
import { pyodide } from './scripts/vite-plugin-pyodide';
import { sandboxCsp } from './scripts/vite-plugin-sandbox-csp';
import { firstScript } from './scripts/vite-plugin-first-script';
import { oauthClientMetadata } from './scripts/vite-plugin-oauth-client';

/**
 * BASE_PATH lets one source tree serve from `/` (default) or a sub-path such as a GitHub
 * Pages project site (`BASE_PATH=/cove/`). OUT_DIR lets tests build both side by side.
 */
const base = normalizeBase(process.env.BASE_PATH ?? '/');

function normalizeBase(value: string): string {
  const withLeading = value.startsWith('/') ? value : `/${value}`;
  return withLeading.endsWith('/') ? withLeading : `${withLeading}/`;
}

/** Shown in Settings; COVE_BUILD overrides the commit (tests build a "next version" with it). */
function buildLabel(): string {
  if (process.env.COVE_BUILD) return process.env.COVE_BUILD;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** src/harden-page.ts and what it imports: the first script's chunk (firstScript below). */
const FIRST_SCRIPT_MODULES = /[\\/]src[\\/](harden-page|base[\\/]harden-intrinsics)\.ts$/;

/** COVE_PUBLIC_URL: where this build is served (origin and BASE_PATH), for OAuth's client id. */
const publicUrl = process.env.COVE_PUBLIC_URL
  ? new URL(base, process.env.COVE_PUBLIC_URL).href
  : '';

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

export default defineConfig({
  base,
  define: {
    __COVE_VERSION__: JSON.stringify(version),
    __COVE_BUILD__: JSON.stringify(buildLabel()),
    // Where the build's OAuth Client ID Metadata Document says Cove is (empty: none written).
    __COVE_PUBLIC_URL__: JSON.stringify(publicUrl),
  },
  plugins: [
    solid(),
    pyodide(),
    sandboxCsp(),
    firstScript(),
    oauthClientMetadata(publicUrl || undefined),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Cove',
        short_name: 'Cove',
        description: 'An AI coding workspace that runs entirely in your browser.',
        theme_color: '#0f766e',
        background_color: '#0b1220',
        display: 'standalone',
        start_url: '.',
        scope: '.',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm,zip}', 'pyodide/*.json'],
        // llama.cpp's wasm (~10 MB) only serves people who run a model in the browser: the
        // service worker caches it on first use instead (workers/service-worker.ts).
        globIgnores: ['**/wllama-*.wasm'],
        // Pyodide's wasm is ~10 MB; the default 2 MiB cap would fail the build.
        maximumFileSizeToCacheInBytes: 40 * 1024 * 1024,
        // A classic (IIFE) worker registers in every browser that has service workers.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      // Dexie's package entry wraps its ES5 build (dist/dexie.js); its modern build is the
      // same API for the ES2022 browsers Cove targets, and smaller. The page imports Dexie
      // only through here, so the wrapper's guard against two copies has nothing to guard.
      {
        find: /^dexie$/,
        replacement: fileURLToPath(
          new URL('./node_modules/dexie/dist/modern/dexie.mjs', import.meta.url),
        ),
      },
      // isomorphic-git's ES build uses Node's global Buffer, which browsers lack; its browser
      // bundle carries its own. Only the page uses this alias: Vitest runs the Node build.
      {
        find: /^isomorphic-git$/,
        replacement: fileURLToPath(
          new URL('./node_modules/isomorphic-git/index.umd.min.js', import.meta.url),
        ),
      },
    ],
  },
  optimizeDeps: { exclude: ['pyodide'] },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: process.env.OUT_DIR ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What the page needs at start goes in one chunk. Left to itself, Rolldown cuts the
        // modules the first load shares with lazy chunks into a dozen small chunks, each a
        // request of its own and compressed on its own (about 2 KB more gzipped). The first
        // script stays apart: it must stand alone (scripts/vite-plugin-first-script.ts).
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id: string) => !FIRST_SCRIPT_MODULES.test(id),
            },
          ],
        },
      },
    },
  },
  preview: { port: 4173, strictPort: true },
});
