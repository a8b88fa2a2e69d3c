// The page tests/bench/tools.bench.mjs builds and opens in Chromium: Cove's real IndexedDB
// store, WorkspaceFiles and file tools, with no UI, so the figures are the tools' own cost
// in the browser. It exposes `window.coveToolsBench` for the suite to drive.
import { systemClock } from '../../../src/base/clock';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { FileChange } from '../../../src/store/file-store';
import type { FileToolContext } from '../../../src/tools/files/file-tool-context';
import { listFilesTool } from '../../../src/tools/files/list-files-tool';
import { ReadTracker } from '../../../src/tools/files/read-tracker';
import { searchFilesTool } from '../../../src/tools/files/search-files-tool';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';

/** A line of ordinary Python, so contents look like a real project's. */
const line = (i: number) =>
  `    value_${i} = compute(items[${i % 97}], scale=${i % 13})  # step ${i}\n`;

/** Text of about `bytes` bytes; `needle` goes into its middle when given. */
function fileText(bytes: number, seed: number, needle?: string): string {
  let text = `def function_${seed}(items):\n`;
  for (let i = 0; text.length < bytes; i++) {
    if (needle && i === 40) text += `    marker = "${needle}"\n`;
    text += line(seed + i);
  }
  return text.slice(0, bytes);
}

interface Prepared {
  store: CoveStore;
  context: FileToolContext;
  files: WorkspaceFiles;
}

/**
 * A fresh database with one workspace of `count` files in folders of `perFolder`, each of
 * about `bytes` bytes; files whose index is in `needles` hold the search needle.
 */
async function prepare(
  name: string,
  count: number,
  perFolder: number,
  bytes: number,
  needles: ReadonlySet<number> = new Set(),
): Promise<Prepared> {
  const store = await openDexieStore({ name });
  await store.workspaces.put({ id: 'bench', name: 'Bench', createdAt: 0, updatedAt: 0 });
  const files = new WorkspaceFiles(store.files, 'bench', systemClock);
  const folders = Math.ceil(count / perFolder);
  for (let f = 0; f < folders; f++) {
    const folder = `pkg_${String(f).padStart(3, '0')}`;
    const changes: FileChange[] = [{ type: 'put', path: folder, kind: 'folder', content: '' }];
    for (let i = f * perFolder; i < Math.min(count, (f + 1) * perFolder); i++) {
      const content = fileText(bytes, i, needles.has(i) ? 'NEEDLE_7f3a' : undefined);
      changes.push({ type: 'put', path: `${folder}/module_${i}.py`, kind: 'file', content });
    }
    await files.apply(changes);
  }
  const context: FileToolContext = {
    signal: new AbortController().signal,
    update: () => undefined,
    files,
    reads: new ReadTracker(),
  };
  return { store, context, files };
}

async function time(body: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

let list: Prepared | undefined;
let search: Prepared | undefined;

const api = {
  /** 10,000 files of 1 KB (10 MB of contents that a listing must not load). */
  async prepareList(): Promise<number> {
    list = await prepare(`bench-list-${Date.now()}`, 10_000, 100, 1024);
    return (await list.files.list()).length;
  },
  /** One list_files call at its default depth; throws when the tool reports an error. */
  async timeList(): Promise<number> {
    return time(async () => {
      const result = await listFilesTool.execute({}, list!.context);
      if (result.isError || !result.content.startsWith('Workspace: 10000 files')) {
        throw new Error(`list_files: ${result.content.slice(0, 200)}`);
      }
    });
  },
  /** FileStore.list alone, and the old way of listing (every row with its content). */
  async timeStoreList(): Promise<{ list: number; withContent: number }> {
    return {
      list: await time(() => list!.store.files.list('bench')),
      withContent: await time(() => list!.store.files.listWithContent('bench')),
    };
  },
  /** 1,000 files of 10 KB (10 MB); the needle is in 5 of them, spread out. */
  async prepareSearch(): Promise<number> {
    search = await prepare(
      `bench-search-${Date.now()}`,
      1000,
      50,
      10 * 1024,
      new Set([7, 250, 499, 750, 998]),
    );
    return (await search.files.list()).length;
  },
  /** One search_files call over names and contents; it reads every file to find 5 lines. */
  async timeSearch(): Promise<number> {
    return time(async () => {
      const result = await searchFilesTool.execute({ pattern: 'needle_7f3a' }, search!.context);
      if (result.isError || !result.content.includes('Lines matching (5 in 5 files)')) {
        throw new Error(`search_files: ${result.content.slice(0, 200)}`);
      }
    });
  },
  close(): void {
    list?.store.close();
    search?.store.close();
  },
};

(globalThis as unknown as { coveToolsBench: typeof api }).coveToolsBench = api;
