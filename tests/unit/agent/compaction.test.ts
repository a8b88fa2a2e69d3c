import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactedPath,
  compactionRequest,
  contextTokens,
  filesTouched,
  planCompactionCut,
} from '../../../src/agent/compaction';
import { pathToMessages } from '../../../src/agent/context-builder';
import type { NodeRecord } from '../../../src/store/records';

let seq = 0;
function node(fields: Partial<NodeRecord> & Pick<NodeRecord, 'role'>): NodeRecord {
  const id = fields.id ?? `n${++seq}`;
  return {
    id,
    sessionId: 's',
    parentId: null,
    content: '',
    status: 'complete',
    startedAt: 1,
    ...fields,
  };
}

/** A random active path: questions, replies calling 0-3 tools, their results, steering. */
const pathArb = fc
  .array(
    fc.record({
      question: fc.string({ maxLength: 200 }),
      replies: fc.array(
        fc.record({
          text: fc.string({ maxLength: 300 }),
          calls: fc.integer({ min: 0, max: 3 }),
          resultSize: fc.integer({ min: 0, max: 800 }),
          answered: fc.boolean(),
          steer: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((turns) => {
    const path: NodeRecord[] = [];
    let call = 0;
    for (const turn of turns) {
      path.push(node({ role: 'user', content: `q ${turn.question}` }));
      for (const reply of turn.replies) {
        const ids = Array.from({ length: reply.calls }, () => `c${++call}`);
        path.push(
          node({
            role: 'assistant',
            content: reply.text,
            toolCalls: ids.map((id) => ({ id, name: 'read_file', arguments: '{"path":"a.py"}' })),
          }),
        );
        // A closed tab may leave the last call without a result.
        const answered = reply.answered ? ids : ids.slice(0, -1);
        for (const id of answered)
          path.push(node({ role: 'tool', toolCallId: id, content: 'r'.repeat(reply.resultSize) }));
        if (reply.steer) path.push(node({ role: 'user', content: 'also this' }));
      }
    }
    return path;
  });

/** No kept tool result answers a call that was summarized. */
function pairsKept(summarized: readonly NodeRecord[], kept: readonly NodeRecord[]): boolean {
  const before = new Set(summarized.flatMap((n) => (n.toolCalls ?? []).map((c) => c.id)));
  return kept.every((n) => n.toolCallId === undefined || !before.has(n.toolCallId));
}

describe('compaction cut (properties)', () => {
  // Invariant 17: nothing is silently left out of what the model sees.
  it('never separates a tool call from its result, and summary plus kept tail is the whole path', () => {
    fc.assert(
      fc.property(
        pathArb,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 1 }),
        (path, keep, minKept) => {
          const cut = planCompactionCut(path, keep, { minKept });
          if (!cut) return true;
          expect([...cut.summarized, ...cut.kept]).toEqual(path);
          expect(pairsKept(cut.summarized, cut.kept)).toBe(true);
          expect(cut.kept.length).toBeGreaterThanOrEqual(minKept);
          expect(cut.summarized.length).toBeGreaterThanOrEqual(2);
          // The kept tail never starts with a tool result.
          expect(cut.kept[0]?.role).not.toBe('tool');
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('after the compaction node, the context is the summary and the kept tail; the rest is outside, not gone', () => {
    fc.assert(
      fc.property(pathArb, fc.integer({ min: 0, max: 3000 }), (path, keep) => {
        const cut = planCompactionCut(path, keep);
        if (!cut) return true;
        const marker = node({
          role: 'compaction',
          content: 'SUMMARY',
          compaction: {
            firstKeptId: cut.kept[0]?.id ?? null,
            automatic: false,
            tokensBefore: 0,
            tokensAfter: 0,
          },
        });
        const after = node({ role: 'user', content: 'next question' });
        const full = [...path, marker, after];
        const view = compactedPath(full);
        expect(view.nodes).toEqual([...cut.kept, after]);
        expect([...view.outside]).toEqual(cut.summarized.map((n) => n.id));
        // Covered: every node of the path is either outside (summarized) or in the context.
        expect(cut.summarized.length + cut.kept.length).toBe(path.length);

        const messages = pathToMessages(full);
        expect(messages[0]).toMatchObject({ role: 'user' });
        expect(String(messages[0]!.content)).toContain('SUMMARY');
        // Every tool message directly follows the call it answers (with its siblings).
        let open = new Set<string>();
        for (const m of messages) {
          if (m.role === 'assistant') open = new Set((m.toolCalls ?? []).map((c) => c.id));
          else if (m.role === 'tool') expect(open.has(m.toolCallId)).toBe(true);
          else open = new Set();
        }
        expect(contextTokens(full)).toBeLessThanOrEqual(contextTokens([...path, after]) + 30);
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('compaction cut (examples)', () => {
  it('prefers a tail that starts with the person’s message and keeps the question', () => {
    const path = [
      node({ role: 'user', content: 'one '.repeat(100) }),
      node({ role: 'assistant', content: 'a '.repeat(100) }),
      node({ role: 'user', content: 'two '.repeat(100) }),
      node({ role: 'assistant', content: 'b '.repeat(100) }),
      node({ role: 'user', content: 'three' }),
    ];
    const cut = planCompactionCut(path, 250, { minKept: 1 })!;
    expect(cut.kept.map((n) => n.content.slice(0, 3))).toEqual(['two', 'b b', 'thr']);
    // Nothing fits but the question: it is still kept.
    const tight = planCompactionCut(path, 0, { minKept: 1 })!;
    expect(tight.kept.map((n) => n.content)).toEqual(['three']);
  });

  it('does not compact a path too short to summarize', () => {
    expect(planCompactionCut([node({ role: 'user', content: 'hi' })], 0)).toBeUndefined();
  });

  it('asks for goal, decisions, files touched, state and next steps, with the focus and the files', () => {
    const summarized = [
      node({ role: 'user', content: 'fix the parser' }),
      node({
        role: 'assistant',
        content: 'Editing.',
        toolCalls: [
          { id: 'w', name: 'write_file', arguments: '{"path":"src/parser.py","content":"x"}' },
          { id: 'm', name: 'move_path', arguments: '{"from":"a.txt","to":"b.txt"}' },
        ],
      }),
      node({ role: 'tool', toolCallId: 'w', content: 'Wrote src/parser.py' }),
    ];
    expect(filesTouched(summarized)).toEqual(['a.txt', 'b.txt', 'src/parser.py']);
    const [system, user] = compactionRequest({
      previousSummary: 'Earlier: set up the project.',
      summarized,
      focus: 'the parser bug',
      maxChars: 10_000,
    });
    for (const section of ['Goal', 'Decisions', 'Files touched', 'Current state', 'Next steps'])
      expect(system!.content).toContain(`## ${section}`);
    expect(user!.content).toContain('EARLIER SUMMARY:\nEarlier: set up the project.');
    expect(user!.content).toContain('USER: fix the parser');
    expect(user!.content).toContain('→ write_file(');
    expect(user!.content).toContain('TOOL RESULT: Wrote src/parser.py');
    expect(user!.content).toContain('Focus the summary on: the parser bug');
    expect(user!.content).toContain('src/parser.py');
  });
});
