// Tests of the store build databases as older Cove versions did, which needs Dexie; outside
// tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_V2_ADDED } from './schema-v2';
import { SCHEMA_V3_ADDED, V3_ROWS } from './schema-v3';

/**
 * Frozen copy of Cove's IndexedDB schema version 4 (version 3 plus the app log and the runs
 * `status` index) and rows as that version wrote them, one of each kind it wrote: a
 * session tree with a tool call and usage, a checkpoint over a blob, a finished run with a
 * model and a tool step, a log entry, and the settings the start reads (open tabs, unsaved
 * text, preferences). Never edit: migration tests open a database made with this and check
 * the current code upgrades it and that every row still passes the row guard.
 */
export const SCHEMA_V4_CHANGED = {
  runs: 'id, sessionId, startedAt, status',
  logs: '++seq, at',
} as const;

export const V4_ROWS = {
  ...V3_ROWS,
  settings: [
    ...V3_ROWS.settings,
    { key: 'editor.tabs.w1', value: { paths: ['src/app.py'], active: 'src/app.py' } },
    { key: 'editor.unsaved.w1', value: [{ path: 'src/app.py', text: 'x = 1\n', base: 1 }] },
    { key: 'ui.preferences', value: { theme: 'dark', layout: { sidebar: 240 } } },
    { key: 'app.lastWorkspace', value: 'w1' },
    { key: 'agent.policy.s1', value: 'auto-edit' },
  ],
  sessions: [{ ...V3_ROWS.sessions[0]!, leafId: 'n3', starred: true, model: 'p/m' }],
  nodes: [
    {
      id: 'n1',
      sessionId: 's1',
      parentId: null,
      role: 'user',
      content: 'Fix it',
      status: 'complete',
      startedAt: 3,
    },
    {
      id: 'n2',
      sessionId: 's1',
      parentId: 'n1',
      role: 'assistant',
      content: '',
      reasoning: 'Look first.',
      reasoningMs: 120,
      toolCalls: [{ id: 'call1', name: 'read_file', arguments: '{"path":"src/app.py"}' }],
      usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 },
      stopReason: 'tool_calls',
      model: 'p/m',
      status: 'complete',
      startedAt: 4,
      finishedAt: 5,
    },
    {
      id: 'n3',
      sessionId: 's1',
      parentId: 'n2',
      role: 'tool',
      content: 'def main():',
      toolCallId: 'call1',
      toolEffects: { changedFiles: [] },
      status: 'complete',
      startedAt: 6,
      finishedAt: 6,
    },
  ],
  checkpoints: [
    {
      id: 'c1',
      sessionId: 's1',
      workspaceId: 'w1',
      nodeId: 'n2',
      kind: 'turn',
      createdAt: 4,
      seq: 1,
      settledAt: 6,
      files: [
        {
          path: 'src/app.py',
          blobHash: 'hash-app',
          version: 1,
          binary: false,
          after: { blobHash: 'hash-app', version: 1, binary: false },
        },
      ],
    },
  ],
  blobs: [{ hash: 'hash-app', content: 'def main():\n    return 1\n' }],
  runs: [
    ...V3_ROWS.runs,
    {
      id: 'run-done',
      sessionId: 's1',
      sessionTitle: 'Old chat',
      model: 'p/m',
      providerName: 'Fake',
      status: 'done',
      startedAt: 4,
      finishedAt: 6,
      steps: 2,
      turns: 1,
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    },
  ],
  runSteps: [
    {
      kind: 'model',
      id: 'run-done:0',
      runId: 'run-done',
      seq: 0,
      turn: 1,
      startedAt: 4,
      finishedAt: 5,
      model: 'm',
      latencyMs: 900,
      retries: 0,
      text: '',
      reasoning: 'Look first.',
      toolCalls: [{ id: 'call1', name: 'read_file', arguments: '{}' }],
    },
    {
      kind: 'tool',
      id: 'run-done:1',
      runId: 'run-done',
      seq: 1,
      turn: 1,
      startedAt: 5,
      finishedAt: 6,
      callId: 'call1',
      toolName: 'read_file',
      args: { path: 'src/app.py' },
      outcome: 'ok',
      isError: false,
      result: 'def main():',
      truncatedChars: 0,
      durationMs: 3,
      approval: { decision: 'approved', waitMs: 10 },
    },
  ],
  logs: [{ at: 7, level: 'warn', source: 'provider', message: 'Rate limited; retrying' }],
};

/** Creates a database as Cove's schema version 4 left it. */
export async function createV4Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  db.version(3).stores(SCHEMA_V3_ADDED);
  db.version(4).stores(SCHEMA_V4_CHANGED);
  await db.open();
  for (const [table, rows] of Object.entries(V4_ROWS)) await db.table(table).bulkPut(rows);
  // Version 4 wrote every file's metadata beside it.
  await db.table('fileMeta').bulkPut(
    V4_ROWS.files.map(({ content, ...meta }) => ({
      ...meta,
      binary: typeof content !== 'string',
    })),
  );
  db.close();
}
