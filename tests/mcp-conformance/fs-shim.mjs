/** node:fs plus a `globSync` stub for Node 20 (see fs-shim-hooks.mjs). */
import fs from 'node:fs';
export * from 'node:fs';
export default fs;
export const globSync =
  fs.globSync ??
  (() => {
    throw new Error('globSync needs Node 22');
  });
