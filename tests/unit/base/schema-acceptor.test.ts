import { describe, expect, it } from 'vitest';
import { z } from '../../../src/base/schema';
import { acceptorOf } from '../../../src/base/schema-acceptor';
import { ROW_SCHEMAS } from '../../../src/store/row-schemas';

/** A sound row of every checked table, as Cove writes them. */
const SOUND: Record<keyof typeof ROW_SCHEMAS, unknown> = {
  trash: {
    id: 't1',
    workspaceId: 'w1',
    sessionId: 's1',
    title: 'T',
    deletedAt: 5,
    kind: 'branch',
    rootId: 'n2',
    parentId: 'n1',
    leafId: null,
    nodes: [
      {
        id: 'n2',
        sessionId: 's1',
        parentId: 'n1',
        role: 'user',
        content: 'Q',
        status: 'complete',
        startedAt: 2,
      },
    ],
  },
  workspaces: { id: 'w1', name: 'A', createdAt: 1, updatedAt: 2 },
  files: {
    workspaceId: 'w1',
    path: 'src/a.py',
    kind: 'file',
    size: 3,
    mtime: 1,
    version: 1,
    content: new Uint8Array([1, 2, 3]),
  },
  fileMeta: { workspaceId: 'w1', path: 'a', kind: 'folder', size: 0, mtime: 1, version: 1 },
  settings: { key: 'editor.tabs.w1', value: { paths: ['a.py'], active: 'a.py' } },
  sessions: {
    id: 's1',
    workspaceId: 'w1',
    title: 'T',
    mode: 'agent',
    leafId: null,
    createdAt: 1,
    updatedAt: 2,
    starred: true,
  },
  nodes: {
    id: 'n1',
    sessionId: 's1',
    parentId: null,
    role: 'assistant',
    content: 'Hi',
    status: 'complete',
    startedAt: 1,
    toolCalls: [{ id: 'c', name: 'read_file', arguments: '{}' }],
    usage: { inputTokens: 1, outputTokens: 2 },
    compaction: null,
    model: 'p/m',
  },
  checkpoints: {
    id: 'c1',
    sessionId: 's1',
    workspaceId: 'w1',
    nodeId: 'n1',
    createdAt: 1,
    seq: 1,
    files: [{ path: 'a', blobHash: null, version: 2, after: { blobHash: 'h', version: 3 } }],
  },
  blobs: { hash: 'h', content: 'text' },
  runs: {
    id: 'r1',
    sessionId: 's1',
    model: 'm',
    status: 'done',
    startedAt: 1,
    steps: 2,
    turns: 1,
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  },
  runSteps: {
    id: 'st',
    runId: 'r1',
    seq: 1,
    turn: 1,
    startedAt: 1,
    kind: 'tool',
    callId: 'c',
    toolName: 'read_file',
    args: { path: 'a' },
    outcome: 'ok',
    isError: false,
    result: 'x',
    truncatedChars: 0,
    durationMs: 3,
  },
  logs: { at: 1, level: 'warn', source: 'app', message: 'm' },
  profileKeys: { id: 'secrets', key: {}, createdAt: 1 },
};

/** Damage as older versions or other programs left it, one field at a time. */
function damaged(row: Record<string, unknown>): unknown[] {
  const out: unknown[] = [null, 'row', [row], 7];
  for (const key of Object.keys(row)) {
    for (const bad of [undefined, null, 5, '', 'x', [], {}, Number.NaN, Infinity, true]) {
      out.push({ ...row, [key]: bad });
    }
  }
  return out;
}

describe('the quick check of a schema', () => {
  it('passes every sound row of every table without asking zod', () => {
    for (const [table, row] of Object.entries(SOUND)) {
      const schema = ROW_SCHEMAS[table as keyof typeof ROW_SCHEMAS];
      expect(z.safeParse(schema, row).success, table).toBe(true);
      expect(acceptorOf(schema)(row), table).toBe(true);
    }
  });

  it('never passes a row zod refuses', () => {
    let refused = 0;
    for (const [table, row] of Object.entries(SOUND)) {
      const schema = ROW_SCHEMAS[table as keyof typeof ROW_SCHEMAS];
      const accepts = acceptorOf(schema);
      for (const value of damaged(row as Record<string, unknown>)) {
        if (z.safeParse(schema, value).success) continue;
        refused++;
        expect(accepts(value), `${table}: ${JSON.stringify(value)}`).toBe(false);
      }
    }
    expect(refused).toBeGreaterThan(200);
  });

  it('says "not sure" for checks it does not know, so zod decides', () => {
    const email = z.string().check(z.email());
    expect(acceptorOf(email)('a@b.example')).toBe(false);
    expect(acceptorOf(z.string().check(z.minLength(2)))('ab')).toBe(true);
    expect(acceptorOf(z.string().check(z.minLength(2)))('a')).toBe(false);
  });
});
