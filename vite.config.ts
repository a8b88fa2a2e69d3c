import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';
import { VitePWA } from 'vite-plugin-pwa';
import { pyodide } from './scripts/vite-plugin-pyodide';
import { sandboxCsp } from './scripts/vite-plugin-sandbox-csp';
import { firstScript } from './scripts/vite-plugin-first-script';

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

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

export default defineConfig({
  base,
  define: {
    __COVE_VERSION__: JSON.stringify(version),
    __COVE_BUILD__: JSON.stringify(buildLabel()),
  },
  plugins: [
    solid(),
    pyodide(),
    sandboxCsp(),
    firstScript(),
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
  },
  preview: { port: 4173, strictPort: true },
});
