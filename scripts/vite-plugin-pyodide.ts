// Serves Pyodide's core files from Cove's own origin: under `<base>pyodide/` from
// node_modules in dev, and emitted into the build (where vite-plugin-pwa precaches them) so
// plain Python works offline and nothing loads from a CDN at boot.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A core file: its name in the pyodide package, the name Cove serves it under, its type. */
interface CoreFile {
  source: string;
  served: string;
  contentType: string;
}

/**
 * The core files. The loader module is served as `.js`, not `.mjs`: the PWA precache globs
 * match `*.js`, and the worker imports it itself (createPyodideModule) instead of letting
 * Pyodide build the `.mjs` name.
 */
export const PYODIDE_CORE_FILES: readonly CoreFile[] = [
  { source: 'pyodide.asm.mjs', served: 'pyodide.asm.js', contentType: 'text/javascript' },
  { source: 'pyodide.asm.wasm', served: 'pyodide.asm.wasm', contentType: 'application/wasm' },
  { source: 'python_stdlib.zip', served: 'python_stdlib.zip', contentType: 'application/zip' },
  { source: 'pyodide-lock.json', served: 'pyodide-lock.json', contentType: 'application/json' },
];

/** Options of {@link pyodide}. */
export interface PyodidePluginOptions {
  /** Folder under the base path. Default "pyodide" (src/runtime expects it). */
  dir?: string;
  /**
   * Send COOP/COEP from the dev server (not the preview) so `crossOriginIsolated` holds in
   * dev, where the service worker is off, as it does in production. Default true.
   */
  isolateDevServer?: boolean;
}

/** The Vite plugin. */
export function pyodide(options: PyodidePluginOptions = {}): Plugin {
  const dir = options.dir ?? 'pyodide';
  let base = '/';
  let packageDir = '';
  const locate = (root: string) =>
    path.dirname(createRequire(path.join(root, 'package.json')).resolve('pyodide/package.json'));

  return {
    name: 'cove-pyodide',
    configResolved(config) {
      base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      packageDir = locate(config.root);
    },
    configureServer(server) {
      const prefix = `${base}${dir}/`;
      if (options.isolateDevServer !== false) {
        // Dev only (not `server.headers`, which `vite preview` inherits): the preview must
        // stay like a static host, where isolation arrives with the service worker.
        server.middlewares.use((_req, res, next) => {
          res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
          res.setHeader('Cross-Origin-Embedder-Policy', 'credentialless');
          next();
        });
      }
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0]!;
        if (!url.startsWith(prefix)) return next();
        const name = url.slice(prefix.length);
        const file = PYODIDE_CORE_FILES.find((f) => f.served === name || f.source === name);
        if (!file) return next();
        const full = path.join(packageDir, file.source);
        res.setHeader('Content-Type', file.contentType);
        res.setHeader('Content-Length', String(statSync(full).size));
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(full).pipe(res);
      });
    },
    generateBundle() {
      for (const file of PYODIDE_CORE_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `${dir}/${file.served}`,
          source: readFileSync(path.join(packageDir, file.source)),
        });
      }
    },
  };
}
