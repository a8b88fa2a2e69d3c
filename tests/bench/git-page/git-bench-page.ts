// The page tests/bench/git.bench.mjs builds and opens in Chromium: Cove's real IndexedDB
// store, WorkspaceCatalog and GitRepository over isomorphic-git (its browser bundle, with the
// page's Buffer, as the app loads it), with no UI. It exposes `window.coveGitBench`.
import { systemClock } from '../../../src/base/clock';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import { installGitBuffer } from '../../../src/workspace/git/git-buffer';
import { loadGitHttp } from '../../../src/workspace/git/git-remote';
import { GitRepository, loadGit } from '../../../src/workspace/git/git-repository';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

let store: CoveStore | undefined;
let clones = 0;

const api = {
  async prepare(): Promise<void> {
    await installGitBuffer(globalThis as { Buffer?: unknown });
    store = await openDexieStore({ name: `bench-git-${Date.now()}` });
  },

  /**
   * Clones `url` (shallow, as the Git panel does by default) into a new workspace; returns
   * the milliseconds from the call to the files being in the store, and the rows written.
   */
  async timeClone(url: string): Promise<{ ms: number; files: number; rows: number }> {
    const catalog = new WorkspaceCatalog(store!, systemClock);
    const workspace = await catalog.create(`clone ${++clones}`);
    const files = catalog.files(workspace.id);
    const [git, http] = await Promise.all([loadGit(), loadGitHttp()]);
    const repo = new GitRepository(files, systemClock, git);
    const started = performance.now();
    await repo.clone(url, { http });
    const ms = performance.now() - started;
    const visible = (await files.list()).filter((entry) => entry.kind === 'file').length;
    return { ms, files: visible, rows: (await files.listAll()).length };
  },

  close(): void {
    store?.close();
  },
};

(window as unknown as { coveGitBench: typeof api }).coveGitBench = api;
