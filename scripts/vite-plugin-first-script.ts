// Runs one script of Cove's before any other: src/harden-page.ts, which freezes the
// language's intrinsics. Bundled as its own chunk and loaded as a classic script, which the
// browser runs while it parses the page, before any module script (the app and every
// library it imports) is evaluated. A module script of its own would not do: Vite merges
// an index.html's module scripts into one entry, whose imported chunks run first.
import type { Plugin } from 'vite';

/** The Vite plugin; `entry` is the script's path from the project root. */
export function firstScript(entry = 'src/harden-page.ts'): Plugin {
  let base = '/';
  let building = false;
  return {
    name: 'cove-first-script',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: entry, name: 'first' });
    },
    renderChunk(code, chunk) {
      if (!chunk.facadeModuleId?.endsWith(entry)) return null;
      // A classic script's top-level names would become globals, and it would not be strict.
      return { code: `(function () {\n'use strict';\n${code}\n})();\n`, map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) {
          // The dev server: a module script, first in the page (after Vite's own client).
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: `/${entry}` },
              injectTo: 'head-prepend',
            },
          ];
        }
        const chunk = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(entry),
        );
        if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} was not bundled`);
        // A classic script cannot import or export: the chunk must stand alone.
        if (
          chunk.imports.length ||
          chunk.exports.length ||
          /^\s*(import|export)\b/m.test(chunk.code)
        ) {
          throw new Error(`${entry} must bundle into a chunk without imports or exports`);
        }
        return [{ tag: 'script', attrs: { src: `${base}${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
