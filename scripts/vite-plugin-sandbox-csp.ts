// Puts the hashes of the sandbox frames' scripts (Python's and the live preview's) into
// index.html's Content-Security-Policy. The frames are srcdoc documents, which inherit the
// page's policy, so the page must allow exactly those inline scripts (and nothing else inline).
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

/** The frame scripts whose hashes the page's policy lists, by path from the project root. */
export const SANDBOX_FRAME_SCRIPTS = [
  'src/runtime/sandbox/frame-script.js',
  'src/runtime/sandbox/preview-frame-script.js',
];

/** The Vite plugin; `scripts` are the frame scripts' paths from the project root. */
export function sandboxCsp(scripts: readonly string[] = SANDBOX_FRAME_SCRIPTS): Plugin {
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
      const hashes = scripts.map((script) =>
        scriptHashSource(readFileSync(path.join(root, script), 'utf8')),
      );
      return html.replace(SANDBOX_HASH_PLACEHOLDER, hashes.join(' '));
    },
  };
}
