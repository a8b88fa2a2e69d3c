/**
 * isomorphic-git's browser builds expect a global `Buffer` (its docs ask pages to add a
 * polyfill): the page gets the `buffer` package's, loaded with git, before git runs. Node
 * has its own, which stays.
 */

/** The `Buffer` the page gives git (the `buffer` package's). */
export async function pageBuffer(): Promise<unknown> {
  return (await import('buffer')).Buffer;
}

/** Gives `global` a `Buffer` when it has none (a browser page); leaves Node's alone. */
export async function installGitBuffer(global: { Buffer?: unknown }): Promise<void> {
  global.Buffer ??= await pageBuffer();
}
