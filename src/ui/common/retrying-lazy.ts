import { retryingImport } from '../../base/retrying-import';

/**
 * The loader of a lazily split component for Solid's `lazy`, whose load can succeed after
 * it failed once (offline, a flaky network): `lazy` asks again when the component is shown
 * again (a panel's "Reload" after its error), and the chunk is then fetched under a fresh
 * URL (see retryingImport).
 */
export function retrying<M, C>(
  load: () => Promise<M>,
  component: (module: M) => C,
): () => Promise<{ default: C }> {
  const loadModule = retryingImport(load);
  return () => loadModule().then((module) => ({ default: component(module) }));
}
