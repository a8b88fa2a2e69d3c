// The page tests/bench/knowledge.bench.mjs builds and opens in Chromium: Cove's real
// IndexedDB store and the knowledge index in its worker (src/runtime/knowledge-client.ts),
// with no UI around them. It exposes `window.coveKnowledgeBench` for the suite.
import { systemClock } from '../../../src/base/clock';
import { createKnowledgeWorkerClient } from '../../../src/runtime/knowledge-client';
import type { KnowledgeBackend } from '../../../src/runtime/knowledge-protocol';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { FileChange } from '../../../src/store/file-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';
import { corpusPath, evaluationSet, fileText } from './knowledge-corpus';

/** The longest main-thread task (Long Tasks API: tasks over 50 ms), 0 when none. */
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

let store: CoveStore | undefined;
let index: KnowledgeBackend | undefined;
let files = 0;

const api = {
  /** One workspace of `count` handbooks (knowledge-corpus.ts); resolves with its bytes. */
  async prepare(count: number): Promise<number> {
    const name = `bench-knowledge-${Date.now()}`;
    store = await openDexieStore({ name });
    const workspace = await new WorkspaceCatalog(store, systemClock).create('Bench');
    const writer = new WorkspaceFiles(store.files, workspace.id, systemClock);
    let bytes = 0;
    for (let start = 0; start < count; start += 50) {
      const changes: FileChange[] = [];
      for (let i = start; i < Math.min(count, start + 50); i++) {
        const content = fileText(i);
        bytes += content.length;
        changes.push({ type: 'put', path: corpusPath(i), kind: 'file', content });
      }
      await writer.apply(changes);
    }
    files = count;
    index = createKnowledgeWorkerClient(name);
    await index.open(workspace.id);
    return bytes;
  },
  /** Adds the whole workspace to an emptied knowledge; times it with the longest task. */
  async timeIndex() {
    await index!.remove('');
    const longest = watchTasks();
    const started = performance.now();
    const state = await index!.add('');
    const ms = performance.now() - started;
    return { ms, longestTask: longest(), chunks: state.entries[0]?.chunks ?? 0 };
  },
  /** Times each query of the evaluation set and counts those answered in the top 5. */
  async timeQueries() {
    const times: number[] = [];
    let found = 0;
    const questions = evaluationSet(files);
    for (const { question, path, line } of questions) {
      const started = performance.now();
      const hits = await index!.search(question, 5);
      times.push(performance.now() - started);
      if (hits.some((hit) => hit.chunk.path === path && hit.chunk.startLine === line)) found++;
    }
    return { times, recall: found / questions.length, questions: questions.length };
  },
  close() {
    index?.close();
    store?.close();
  },
};

declare global {
  interface Window {
    coveKnowledgeBench: typeof api;
  }
}
window.coveKnowledgeBench = api;
