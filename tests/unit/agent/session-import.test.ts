import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { exportSession, sessionMarkdown } from '../../../src/agent/session-export';
import { parseSessionImport } from '../../../src/agent/session-import';
import { activePath } from '../../../src/agent/session-tree';
import type { NodeRecord, SessionRecord } from '../../../src/store/records';

const session: SessionRecord = {
  id: 's1',
  workspaceId: 'w1',
  title: 'Sorting lists',
  mode: 'agent',
  leafId: 'a2',
  createdAt: 10,
  updatedAt: 20,
  starred: true,
  model: 'p/m',
};

const node = (id: string, parentId: string | null, extra: Partial<NodeRecord> = {}) =>
  ({
    id,
    sessionId: 's1',
    parentId,
    role: 'user',
    content: `text ${id}`,
    status: 'complete',
    startedAt: 1,
    ...extra,
  }) as NodeRecord;

const nodes = [
  node('q1', null, { startedAt: 1, content: 'How do I sort?' }),
  node('a1', 'q1', {
    role: 'assistant',
    startedAt: 2,
    content: 'Use ```sorted()```.',
    toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"a.py"}' }],
  }),
  node('t1', 'a1', { role: 'tool', toolCallId: 'c1', startedAt: 3, content: 'print(1)' }),
  node('a2', 't1', { role: 'assistant', startedAt: 4, content: 'Done.' }),
  node('a1b', 'q1', { role: 'assistant', startedAt: 5, content: 'Another answer' }),
];

function fileOf(value: unknown): string {
  return JSON.stringify(value);
}

function exported() {
  return JSON.parse(JSON.stringify(exportSession(session, nodes, Date.UTC(2026, 11, 3))));
}

let n = 0;
const target = { workspaceId: 'w2', newId: () => `id-${++n}` };

function refusal(text: string): CoveError {
  try {
    parseSessionImport(text, target);
  } catch (error) {
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).code).toBe('bad-import');
    expect((error as CoveError).hint).toMatch(/Nothing was imported/);
    return error as CoveError;
  }
  throw new Error('the import was accepted');
}

describe('session export and import', () => {
  // Invariant 14: export, wipe, import gives back the same files and tree.
  it('round-trips a tree: same messages, same shape, new ids, the target workspace', () => {
    const imported = parseSessionImport(fileOf(exported()), target);
    expect(imported.session.workspaceId).toBe('w2');
    expect(imported.session.title).toBe('Sorting lists');
    expect(imported.session.mode).toBe('agent');
    expect(imported.session.starred).toBe(true);
    expect(imported.nodes).toHaveLength(5);
    expect(imported.nodes.some((x) => nodes.some((y) => y.id === x.id))).toBe(false);
    expect(imported.nodes.every((x) => x.sessionId === imported.session.id)).toBe(true);
    const path = activePath(imported.nodes, imported.session.leafId);
    expect(path.map((x) => x.content)).toEqual([
      'How do I sort?',
      'Use ```sorted()```.',
      'print(1)',
      'Done.',
    ]);
    expect(path[1]?.toolCalls?.[0]?.name).toBe('read_file');
  });

  it('importing the same file twice gives two sessions with distinct ids', () => {
    const a = parseSessionImport(fileOf(exported()), target);
    const b = parseSessionImport(fileOf(exported()), target);
    expect(a.session.id).not.toBe(b.session.id);
    expect(a.nodes[0]?.id).not.toBe(b.nodes[0]?.id);
  });

  it('refuses text that is not JSON', () => {
    expect(refusal('{ not json').message).toMatch(/not JSON/);
  });

  it('refuses another format (a backup, say)', () => {
    expect(refusal(fileOf({ workspaces: [] })).message).toMatch(/not a Cove conversation/);
  });

  it('refuses a newer version and says to update', () => {
    const error = refusal(fileOf({ ...exported(), version: 2 }));
    expect(error.message).toMatch(/version 2; this Cove reads version 1/);
    expect(error.hint).toMatch(/reload Cove/);
  });

  it('refuses a missing version', () => {
    const { version: _v, ...rest } = exported();
    expect(refusal(fileOf(rest)).message).toMatch(/version undefined/);
  });

  it('refuses a damaged shape, naming where', () => {
    const file = exported();
    file.nodes[2].role = 'robot';
    expect(refusal(fileOf(file)).message).toMatch(/nodes\.2\.role/);
  });

  it('refuses duplicate ids', () => {
    const file = exported();
    file.nodes[3].id = 'q1';
    expect(refusal(fileOf(file)).message).toMatch(/same id "q1"/);
  });

  it('refuses a parent that is not in the file', () => {
    const file = exported();
    file.nodes[3].parentId = 'ghost';
    expect(refusal(fileOf(file)).message).toMatch(/"ghost" that is not in the file/);
  });

  it('refuses a cycle', () => {
    const file = exported();
    file.nodes[0].parentId = 'a2';
    expect(refusal(fileOf(file)).message).toMatch(/cycle/);
  });

  it('refuses a self-parent', () => {
    const file = exported();
    file.nodes[4].parentId = file.nodes[4].id;
    expect(refusal(fileOf(file)).message).toMatch(/cycle/);
  });

  it('refuses a leaf that is not in the file', () => {
    const file = exported();
    file.session.leafId = 'nowhere';
    expect(refusal(fileOf(file)).message).toMatch(/"nowhere" is not in the file/);
  });

  it('a compaction comes back naming the new id of the node it keeps', () => {
    const file = exported();
    file.nodes.push({
      id: 'k',
      parentId: 'a2',
      role: 'compaction',
      content: 'Summary',
      status: 'complete',
      startedAt: 9,
      compaction: { firstKeptId: 't1', automatic: false, tokensBefore: 5, tokensAfter: 2 },
    });
    const imported = parseSessionImport(fileOf(file), target);
    const kept = imported.nodes.find((x) => x.content === 'print(1)');
    const summary = imported.nodes.find((x) => x.role === 'compaction');
    expect(summary?.compaction?.firstKeptId).toBe(kept?.id);
  });

  it('a reply exported while streaming comes back interrupted', () => {
    const file = exported();
    file.nodes[4].status = 'streaming';
    const imported = parseSessionImport(fileOf(file), target);
    expect(imported.nodes[4]?.status).toBe('interrupted');
  });

  it('Markdown holds the active branch with tool calls, and fences survive backticks', () => {
    const text = sessionMarkdown(session, nodes, Date.UTC(2026, 11, 3));
    expect(text).toMatch(/^# Sorting lists\n/);
    expect(text).toContain('## You\n\nHow do I sort?');
    expect(text).toContain('**Tool call** `read_file`');
    expect(text).toContain('Done.');
    expect(text).not.toContain('Another answer');
    expect(text).toContain('4 messages on the active branch of 5');
  });
});
