// The page tests/bench/search.bench.mjs builds and opens in Chromium: Cove's real IndexedDB
// store, workspace service and project search service (search, replace, Undo), and Quick
// open's ranking, with no UI around them. The editor is an empty stand-in (no tab open), so
// the figures are the search's own. It exposes `window.coveSearchBench` for the suite.
import { createRoot } from 'solid-js';
import type { EditorService } from '../../../src/app/editor-service';
import { createNoticeService, type NoticeService } from '../../../src/app/notice-service';
import {
  createProjectSearchService,
  type ProjectSearchService,
} from '../../../src/app/project-search-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { systemClock } from '../../../src/base/clock';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { FileChange } from '../../../src/store/file-store';
import { rankPaths } from '../../../src/workspace/file-ranking';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';

/** A line of ordinary Python. */
const line = (i: number) =>
  `    value_${i} = compute(items[${i % 97}], scale=${i % 13})  # step ${i}\n`;

/** About `bytes` bytes of Python. */
function fileText(bytes: number, seed: number): string {
  let text = `def function_${seed}(items):\n`;
  for (let i = 0; text.length < bytes; i++) text += line(seed + i);
  return text.slice(0, text.lastIndexOf('\n') + 1);
}

/** Main-thread tasks over 50 ms and the longest, from the Long Tasks API. */
function watchTasks(): () => number {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  return () => {
    for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
    observer.disconnect();
    return longest;
  };
}

/** Resolves once `ready` holds, checking after every animation frame. */
function until(ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (ready() ? resolve() : requestAnimationFrame(check));
    check();
  });
}

let store: CoveStore | undefined;
let search: ProjectSearchService | undefined;
let notices: NoticeService | undefined;
let paths: string[] = [];
let workspaceId = '';

const editor = {
  openTexts: () => new Map<string, string>(),
  saveAll: async () => undefined,
} as unknown as EditorService;

const api = {
  /** One workspace of `count` files of about 10 KB (10 MB for 1,000), 50 to a folder. */
  async prepare(count: number): Promise<number> {
    store = await openDexieStore({ name: `bench-search-${Date.now()}` });
    const catalog = new WorkspaceCatalog(store, systemClock);
    const workspace = await catalog.create('Bench');
    workspaceId = workspace.id;
    const files = new WorkspaceFiles(store.files, workspace.id, systemClock);
    for (let f = 0; f < Math.ceil(count / 50); f++) {
      const folder = `pkg_${String(f).padStart(3, '0')}`;
      const changes: FileChange[] = [{ type: 'put', path: folder, kind: 'folder', content: '' }];
      for (let i = f * 50; i < Math.min(count, (f + 1) * 50); i++) {
        const content = fileText(10 * 1024, i);
        changes.push({ type: 'put', path: `${folder}/module_${i}.py`, kind: 'file', content });
      }
      await files.apply(changes);
    }
    const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
    await workspaces.open(workspace.id);
    await until(() => workspaces.entries().length > count);
    createRoot(() => {
      notices = createNoticeService(systemClock);
      search = createProjectSearchService({ workspaces, editor, notices, clock: systemClock });
    });
    search!.setView('search');
    return workspaces.entries().filter((entry) => entry.kind === 'file').length;
  },
  /**
   * Searches `pattern` (a regular expression) and replaces every match with `replacement`,
   * as the panel does: the search, "Replace all" worked out, applied, then Undo. Times the
   * search, the replace (worked out and written) and the undo, with the longest task of each.
   */
  async timeReplace(pattern: string, replacement: string) {
    const s = search!;
    const doneNotices = () => notices!.notices().length;
    const watchSearch = watchTasks();
    let started = performance.now();
    s.setQuery({ pattern, regex: true, caseSensitive: true });
    s.setReplacement(replacement);
    s.searchNow();
    await until(() => s.state().status === 'done');
    const state = s.state();
    const searchMs = performance.now() - started;
    const searchTask = watchSearch();
    const matched = state.status === 'done' ? state.result.total : 0;

    const before = doneNotices();
    const watchReplace = watchTasks();
    started = performance.now();
    const pending = await s.prepareReplace();
    if (!pending) throw new Error('nothing to replace');
    const prepareMs = performance.now() - started;
    const prepareTask = watchReplace();
    const watchApply = watchTasks();
    await pending.apply();
    const applyTask = watchApply();
    await until(() => doneNotices() > before);
    const replaceMs = performance.now() - started;
    const notice = notices!.notices().at(-1)!;
    if (notice.kind !== 'success') throw new Error(`replace: ${notice.text}`);
    const sample = async () =>
      (await store!.files.get(workspaceId, 'pkg_019/module_999.py'))?.content;
    const replaced = await sample();
    if (typeof replaced !== 'string' || !replaced.startsWith(replacement.replace('$1', '999')))
      throw new Error(`the replace wrote ${String(replaced).slice(0, 40)}`);

    const watchUndo = watchTasks();
    started = performance.now();
    notice.action!.run();
    await until(() => notices!.notices().some((n) => n.text === 'Replace undone.'));
    const undoMs = performance.now() - started;
    const undoTask = watchUndo();
    if (!String(await sample()).startsWith('def function_999(items)'))
      throw new Error('the undo did not put the text back');
    for (const n of notices!.notices()) notices!.dismiss(n.id);
    // The next round starts from the search's idle state, as a new query would.
    s.setQuery({ pattern: '' });
    s.searchNow();
    await until(() => s.state().status === 'idle');
    return {
      matched,
      files: pending.files,
      matches: pending.matches,
      searchMs,
      searchTask,
      replaceMs,
      replaceTask: Math.max(prepareTask, applyTask),
      prepareMs,
      prepareTask,
      applyTask,
      undoMs,
      undoTask,
      text: notice.text,
    };
  },
  /** `count` paths in folders, as Quick open ranks them. */
  preparePaths(count: number): number {
    paths = [];
    const words = ['src', 'lib', 'tests', 'utils', 'models', 'views', 'core', 'data', 'api'];
    for (let i = 0; i < count; i++) {
      const a = words[i % words.length]!;
      const b = words[(i * 7) % words.length]!;
      paths.push(`${a}/${b}_${i % 100}/${words[(i * 3) % words.length]}_module_${i}.py`);
    }
    return paths.length;
  },
  /** One ranking of the paths for `query`, as a keystroke in Quick open asks for it. */
  timeRank(query: string): { ms: number; total: number } {
    const started = performance.now();
    const ranked = rankPaths(query, paths, paths.slice(0, 20));
    return { ms: performance.now() - started, total: ranked.total };
  },
  close(): void {
    store?.close();
  },
};

(globalThis as unknown as { coveSearchBench: typeof api }).coveSearchBench = api;
