// Puts the hash of the Python sandbox frame's script into index.html's
// Content-Security-Policy. The frame is a srcdoc document, which inherits the page's policy,
// so the page must allow exactly that inline script (and nothing else inline).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The placeholder index.html carries where the hash goes. */
export const SANDBOX_HASH_PLACEHOLDER = "'sandbox-frame-script-hash'";

/** The CSP source expression for a script's text: 'sha256-<base64>'. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The Vite plugin; `script` is the frame script's path from the project root. */
export function sandboxCsp(script = 'src/runtime/sandbox/frame-script.js'): Plugin {
  let root = process.cwd();
  return {
    name: 'cove-sandbox-csp',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml(html) {
      if (!html.includes(SANDBOX_HASH_PLACEHOLDER)) {
        throw new Error(`index.html has no ${SANDBOX_HASH_PLACEHOLDER} in its policy`);
      }
      const text = readFileSync(path.join(root, script), 'utf8');
      return html.replace(SANDBOX_HASH_PLACEHOLDER, scriptHashSource(text));
    },
  };
}
