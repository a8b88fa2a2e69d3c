import { describe, expect, it } from 'vitest';
import { replayFrames } from '../../../src/agent/run-recorder-replay';
import type { RunTrace } from '../../../src/store/run-store';

const trace: RunTrace = {
  run: {
    id: 'r',
    sessionId: 's',
    model: 'p/m',
    status: 'done',
    startedAt: 0,
    steps: 3,
    turns: 2,
    usage: { inputTokens: 30, outputTokens: 6, totalTokens: 36 },
  },
  // Stored order is not guaranteed: the replay orders by seq.
  steps: [
    {
      kind: 'model',
      id: 'r:2',
      runId: 'r',
      seq: 2,
      turn: 2,
      startedAt: 3,
      model: 'm',
      retries: 0,
      text: 'Done.',
      reasoning: '',
      toolCalls: [],
      usage: { inputTokens: 20, outputTokens: 2, totalTokens: 22 },
    },
    {
      kind: 'model',
      id: 'r:0',
      runId: 'r',
      seq: 0,
      turn: 1,
      startedAt: 1,
      model: 'm',
      retries: 0,
      text: '',
      reasoning: '',
      toolCalls: [{ id: 'c', name: 'read_file', arguments: '{"path":"a"}' }],
      usage: { inputTokens: 10, outputTokens: 4, totalTokens: 14 },
    },
    {
      kind: 'tool',
      id: 'r:1',
      runId: 'r',
      seq: 1,
      turn: 1,
      startedAt: 2,
      callId: 'c',
      toolName: 'read_file',
      args: { path: 'a' },
      outcome: 'ok',
      isError: false,
      result: 'text',
      truncatedChars: 0,
      durationMs: 1,
    },
  ],
};

describe('replayFrames', () => {
  it('gives one frame per step in run order, each with the transcript so far and its tokens', () => {
    const frames = replayFrames(trace);
    expect(frames.map((f) => f.step.id)).toEqual(['r:0', 'r:1', 'r:2']);
    expect(frames.map((f) => f.shown.length)).toEqual([1, 2, 3]);
    expect(frames.map((f) => f.tokensSoFar)).toEqual([14, 14, 36]);
  });

  it('changes nothing in the trace it replays', () => {
    const before = JSON.stringify(trace);
    replayFrames(trace);
    expect(JSON.stringify(trace)).toBe(before);
  });
});
