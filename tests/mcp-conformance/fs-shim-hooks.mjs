/**
 * The conformance CLI imports `globSync` from fs, which Node has from 22 on; Cove supports
 * Node 20.19. This module-resolution hook hands the CLI (and only it) an fs with a stub
 * globSync, used only by its tier report, which the runner does not call.
 */
export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes('@modelcontextprotocol/conformance');
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) {
    return { url: new URL('./fs-shim.mjs', import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
