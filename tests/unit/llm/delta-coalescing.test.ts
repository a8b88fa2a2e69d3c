import { describe, expect, it } from 'vitest';
import { coalesceDeltas } from '../../../src/llm/delta-coalescing';
import type { LlmDeltaEvent } from '../../../src/llm/llm-events';

const text = (delta: string): LlmDeltaEvent => ({ type: 'text_delta', delta });
const thought = (delta: string): LlmDeltaEvent => ({ type: 'reasoning_delta', delta });
const call = (index: number, argumentsDelta: string, id = '', name = ''): LlmDeltaEvent => ({
  type: 'toolcall_delta',
  index,
  id,
  name,
  argumentsDelta,
});

describe('coalesceDeltas', () => {
  it('joins neighbours of a kind and keeps the order of kinds', () => {
    expect(
      coalesceDeltas([
        thought('a'),
        thought('b'),
        text('Hel'),
        text('lo'),
        thought('c'),
        text('!'),
      ]),
    ).toEqual([thought('ab'), text('Hello'), thought('c'), text('!')]);
  });

  it('joins a tool call’s arguments, keeping the id and name it was given, not across calls', () => {
    expect(
      coalesceDeltas([
        call(0, '{"pa', 'call_1', 'read_file'),
        call(0, 'th":1}', 'call_1', 'read_file'),
        call(1, '{', 'call_2', 'run_python'),
        call(1, '}'),
        call(0, ''),
      ]),
    ).toEqual([
      call(0, '{"path":1}', 'call_1', 'read_file'),
      call(1, '{}', 'call_2', 'run_python'),
      call(0, ''),
    ]);
  });

  it('loses no text, whatever the mix', () => {
    const events: LlmDeltaEvent[] = [];
    for (let i = 0; i < 500; i++) events.push(i % 7 === 3 ? thought(`r${i}`) : text(`t${i} `));
    const joined = coalesceDeltas(events);
    const of = (list: LlmDeltaEvent[], type: string) =>
      list.map((e) => (e.type === type && 'delta' in e ? e.delta : '')).join('');
    expect(of(joined, 'text_delta')).toBe(of(events, 'text_delta'));
    expect(of(joined, 'reasoning_delta')).toBe(of(events, 'reasoning_delta'));
    expect(joined.length).toBeLessThan(events.length / 3);
    expect(coalesceDeltas([])).toEqual([]);
  });
});
