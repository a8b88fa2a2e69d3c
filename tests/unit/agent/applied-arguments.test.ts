import { describe, expect, it } from 'vitest';
import { stubAppliedArguments } from '../../../src/agent/applied-arguments';
import { pathToMessages } from '../../../src/agent/context-builder';
import type { NodeRecord } from '../../../src/store/records';
import { calls, fakeTool, startRun } from './support/agent-kit';

const big = 'x'.repeat(1_000_000);

describe('arguments of a call that succeeded', () => {
  it('long strings become a note of their size; short fields and valid JSON stay', () => {
    const stubbed = stubAppliedArguments(JSON.stringify({ path: 'big.txt', content: big }));
    expect(JSON.parse(stubbed)).toEqual({
      path: 'big.txt',
      content: '[1,000,000 characters, sent in full earlier; the call succeeded]',
    });
    const small = '{"path":"a.py","content":"print(1)"}';
    expect(stubAppliedArguments(small)).toBe(small);
    // Arguments that are not JSON are left as the model wrote them.
    const broken = `{"path": "a", "content": "${big}`;
    expect(stubAppliedArguments(broken)).toBe(broken);
    // Nested strings too (edit_file's edits).
    const edits = JSON.parse(
      stubAppliedArguments(
        JSON.stringify({ path: 'a', edits: [{ old_text: 'a', new_text: big }] }),
      ),
    ) as { edits: { old_text: string; new_text: string }[] };
    expect(edits.edits[0]).toEqual({
      old_text: 'a',
      new_text: '[1,000,000 characters, sent in full earlier; the call succeeded]',
    });
  });

  it('a run sends a 1 MB write once: the next request carries the note, the reported messages the whole', async () => {
    const write = fakeTool('write_file', {
      approval: 'edit',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, content: { type: 'string' } },
        required: ['path', 'content'],
      },
    });
    const run = startRun(
      [
        calls(['write_file', { path: 'big.txt', content: big }]),
        calls(['write_file', { path: 'again.txt', content: big }]),
        { text: 'Done.' },
      ],
      { tools: [write] },
    );
    const end = await run.done;
    const sizes = run.client.requests.map((r) => JSON.stringify(r.messages).length);
    // Each later request is small: neither megabyte goes again.
    expect(sizes[1]).toBeLessThan(10_000);
    expect(sizes[2]).toBeLessThan(10_000);
    expect(JSON.stringify(run.client.requests[2]!.messages)).toContain('big.txt');
    const reported = end.messages.find((m) => m.role === 'assistant');
    expect(reported?.role === 'assistant' && reported.toolCalls?.[0]?.arguments.length).toBe(
      JSON.stringify({ path: 'big.txt', content: big }).length,
    );
  });

  it('from the stored tree: a call that succeeded is stubbed, one that failed is sent whole', () => {
    const node = (fields: Partial<NodeRecord> & Pick<NodeRecord, 'id' | 'role'>): NodeRecord => ({
      sessionId: 's',
      parentId: null,
      content: '',
      status: 'complete',
      startedAt: 1,
      ...fields,
    });
    const args = JSON.stringify({ path: 'a.txt', content: big });
    const history = pathToMessages([
      node({ id: 'q', role: 'user', content: 'write' }),
      node({
        id: 'a',
        role: 'assistant',
        toolCalls: [
          { id: 'ok', name: 'write_file', arguments: args },
          { id: 'bad', name: 'write_file', arguments: args },
        ],
      }),
      node({ id: 't1', role: 'tool', toolCallId: 'ok', content: 'Wrote a.txt' }),
      node({
        id: 't2',
        role: 'tool',
        toolCallId: 'bad',
        content: 'Error: disk full',
        status: 'error',
      }),
    ]);
    const asked = history[1]!;
    expect(asked.role === 'assistant' && asked.toolCalls?.map((c) => c.arguments.length)).toEqual([
      expect.any(Number),
      args.length,
    ]);
    expect(asked.role === 'assistant' && asked.toolCalls?.[0]?.arguments.length).toBeLessThan(200);
  });
});
