import { describe, expect, it } from 'vitest';
import type { CheckpointRecord } from '../../../src/store/checkpoint-store';
import type { NodeRecord } from '../../../src/store/records';
import type { RunStepRecord } from '../../../src/store/run-store';
import { makeUsageTally, nodeBytes, utf8Length } from '../../../src/store/usage-tally';

const node = (id: string, sessionId: string, content: string): NodeRecord => ({
  id,
  sessionId,
  parentId: null,
  role: 'user',
  content,
  status: 'complete',
  startedAt: 1,
});

const toolStep = (runId: string, result: string): RunStepRecord => ({
  kind: 'tool',
  id: `${runId}:${result}`,
  runId,
  seq: 0,
  turn: 1,
  startedAt: 1,
  callId: 'c',
  toolName: 'read_file',
  args: {},
  outcome: 'ok',
  isError: false,
  result,
  truncatedChars: 0,
  durationMs: 1,
});

const checkpoint = (id: string, workspaceId: string, hashes: string[]): CheckpointRecord => ({
  id,
  sessionId: 's',
  workspaceId,
  nodeId: 'n',
  kind: 'turn',
  createdAt: 1,
  seq: 1,
  files: hashes.map((hash, i) => ({ path: `f${i}`, blobHash: hash, version: 1, binary: false })),
});

describe('utf8Length', () => {
  it('counts the bytes UTF-8 needs, as TextEncoder would', () => {
    for (const text of ['', 'abc', 'é', '€uro', '😀 ok', 'naïve 日本語 🎉🎉', '\ud800x']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('counts a message’s reasoning, tool calls and attachments too', () => {
    expect(
      nodeBytes({
        ...node('n', 's', 'hi'),
        reasoning: 'hmm',
        toolCalls: [{ id: 'c', name: 'ls', arguments: '{}' }],
        attachments: [{ name: 'a.txt', text: 'four' }],
      }),
    ).toBe(2 + 3 + 2 + 2 + 4);
  });
});

describe('makeUsageTally', () => {
  it('sums each workspace and conversation, biggest first, whatever order rows come in', () => {
    const tally = makeUsageTally();
    // Rows of a conversation may come before the conversation itself (table order).
    tally.node(node('n1', 'small', 'hi'));
    tally.node(node('n2', 'big', 'x'.repeat(300)));
    tally.node(node('n3', 'big', 'y'.repeat(200)));
    tally.workspace({ id: 'w1', name: 'Alpha' });
    tally.workspace({ id: 'w2', name: 'Beta' });
    tally.workspace({ id: 'w3', name: 'Empty' });
    tally.session({ id: 'small', workspaceId: 'w1', title: 'Small', updatedAt: 2 });
    tally.session({ id: 'big', workspaceId: 'w1', title: 'Big', updatedAt: 1 });
    tally.session({ id: 'quiet', workspaceId: 'w1', title: 'Quiet', updatedAt: 3 });
    tally.file({ workspaceId: 'w2', size: 4000 });
    tally.file({ workspaceId: 'w2', size: 1000 });
    tally.file({ workspaceId: 'w1', size: 10 });
    tally.step(toolStep('r1', 'z'.repeat(50)));
    tally.run({ id: 'r1', sessionId: 'small' });
    tally.run({ id: 'r2', sessionId: 'small' });

    const { workspaces } = tally.result();
    expect(workspaces.map((w) => [w.name, w.bytes])).toEqual([
      ['Beta', 5000],
      ['Alpha', 10 + 502 + 52],
      ['Empty', 0],
    ]);
    const alpha = workspaces[1]!;
    expect(alpha.files).toEqual({ count: 1, bytes: 10 });
    expect(alpha.conversations).toEqual({ count: 3, bytes: 502 });
    // Each step's result plus its arguments as JSON ("{}").
    expect(alpha.runs).toEqual({ count: 2, bytes: 52 });
    expect(
      alpha.sessions.map((s) => [s.title, s.messages.count, s.messages.bytes, s.runs.count]),
    ).toEqual([
      ['Big', 2, 500, 0],
      ['Small', 1, 2, 2],
      ['Quiet', 0, 0, 0],
    ]);
  });

  it('counts the blobs each workspace’s checkpoints use, shared ones in each, and the rest apart', () => {
    const tally = makeUsageTally();
    tally.workspace({ id: 'w1', name: 'One' });
    tally.workspace({ id: 'w2', name: 'Two' });
    tally.checkpoint(checkpoint('c1', 'w1', ['a', 'b']));
    tally.checkpoint(checkpoint('c2', 'w1', ['a']));
    tally.checkpoint(checkpoint('c3', 'w2', ['b']));
    tally.blob('a', 100);
    tally.blob('b', 10);
    tally.blob('orphan', 7);
    const { workspaces, unreferencedBlobs } = tally.result();
    const one = workspaces.find((w) => w.name === 'One')!;
    const two = workspaces.find((w) => w.name === 'Two')!;
    expect([one.checkpoints, one.blobs]).toEqual([2, { count: 2, bytes: 110 }]);
    expect([two.checkpoints, two.blobs]).toEqual([1, { count: 1, bytes: 10 }]);
    expect(unreferencedBlobs).toEqual({ count: 1, bytes: 7 });
  });

  it('still counts rows whose workspace row is missing, under its id', () => {
    const tally = makeUsageTally();
    tally.file({ workspaceId: 'gone', size: 5 });
    expect(tally.result().workspaces).toMatchObject([{ workspaceId: 'gone', name: 'gone' }]);
  });
});
