import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/agent-events';
import type { SessionEvent } from '../../../src/agent/session-events';
import {
  draftOf,
  finalPatch,
  growsNode,
  progressPatch,
  reduceNode,
  type NodeDraft,
} from '../../../src/agent/session-reducer';
import { LlmError, type AssistantReply } from '../../../src/llm';
import type { NodeRecord } from '../../../src/store/records';

const reply: NodeRecord = {
  id: 'a',
  sessionId: 's',
  parentId: 'u',
  role: 'assistant',
  content: '',
  status: 'streaming',
  model: 'p1/m1',
  startedAt: 1000,
};

function message(fields: Partial<AssistantReply>): AssistantReply {
  return {
    role: 'assistant',
    content: '',
    reasoning: '',
    toolCalls: [],
    stopReason: 'stop',
    timing: { startedAt: 1000, finishedAt: 2000 },
    attempts: 1,
    ...fields,
  };
}

/** Folds `[at, event]` pairs into the draft of `reply`. */
function fold(events: [number, SessionEvent][]): NodeDraft {
  return events.reduce((draft, [at, event]) => reduceNode(draft, event, at), draftOf(reply));
}

const refused = LlmError.fromJSON({
  kind: 'auth',
  message: 'The API key was refused.',
  hint: 'Check the key in Settings.',
});
const stopped = LlmError.fromJSON({ kind: 'aborted', message: 'Stopped.', hint: '' });

describe('session reducer', () => {
  it.each<[string, [number, SessionEvent][], Partial<NodeDraft>]>([
    [
      'text deltas add up',
      [
        [1100, { type: 'text_delta', delta: 'Hel' }],
        [1200, { type: 'text_delta', delta: 'lo' }],
      ],
      { content: 'Hello', reasoning: '', status: 'streaming' },
    ],
    [
      'reasoning time runs from the first reasoning delta to the first text delta',
      [
        [1100, { type: 'reasoning_delta', delta: 'hm' }],
        [1500, { type: 'reasoning_delta', delta: 'm' }],
        [1900, { type: 'text_delta', delta: 'Yes' }],
        [2500, { type: 'text_delta', delta: '.' }],
      ],
      { reasoning: 'hmm', content: 'Yes.', reasoningMs: 800 },
    ],
    [
      'reasoning still open at the end is measured to the end',
      [
        [1100, { type: 'reasoning_delta', delta: 'thinking' }],
        [1600, { type: 'node_end' }],
      ],
      { reasoningMs: 500, finishedAt: 1600 },
    ],
    [
      'tool-call deltas build the call by index',
      [
        [
          1100,
          { type: 'toolcall_delta', index: 0, id: 'c1', name: 'read_file', argumentsDelta: '{"pa' },
        ],
        [1200, { type: 'toolcall_delta', index: 0, id: '', name: '', argumentsDelta: 'th":"a"}' }],
      ],
      { toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"a"}' }] },
    ],
    [
      'done replaces the text with the final message and keeps the usage',
      [
        [1100, { type: 'text_delta', delta: 'Hel' }],
        [
          1900,
          {
            type: 'done',
            message: message({ content: 'Hello', reasoning: 'r' }),
            usage: { inputTokens: 10, outputTokens: 3, totalTokens: 13, cost: 0.1 },
            finishReason: 'stop',
          },
        ],
      ],
      {
        content: 'Hello',
        reasoning: 'r',
        status: 'complete',
        stopReason: 'stop',
        usage: { inputTokens: 10, outputTokens: 3 },
      },
    ],
    [
      'an error keeps what arrived and says what went wrong',
      [
        [1100, { type: 'text_delta', delta: 'Half' }],
        [
          1200,
          {
            type: 'error',
            message: message({ content: 'Half', stopReason: 'error' }),
            error: refused,
          },
        ],
      ],
      {
        content: 'Half',
        status: 'error',
        stopReason: 'error',
        error: {
          code: 'auth',
          message: 'The API key was refused.',
          hint: 'Check the key in Settings.',
        },
      },
    ],
    [
      'Stop is aborted, without an error',
      [
        [1100, { type: 'text_delta', delta: 'one two ' }],
        [
          1200,
          {
            type: 'error',
            message: message({ content: 'one two ', stopReason: 'aborted' }),
            error: stopped,
          },
        ],
      ],
      { content: 'one two ', status: 'aborted', error: undefined },
    ],
    [
      "a failure in Cove keeps the text and marks the node with Cove's error",
      [
        [1100, { type: 'text_delta', delta: 'some' }],
        [
          1200,
          { type: 'node_failed', error: { code: 'internal', message: 'Boom.', hint: 'Retry.' } },
        ],
        [1300, { type: 'node_end' }],
      ],
      {
        content: 'some',
        status: 'error',
        error: { code: 'internal', message: 'Boom.', hint: 'Retry.' },
        finishedAt: 1300,
      },
    ],
    [
      'a stream that ends without done or error leaves the node interrupted, not streaming',
      [
        [1100, { type: 'text_delta', delta: 'cut' }],
        [1200, { type: 'node_end' }],
      ],
      { content: 'cut', status: 'interrupted', finishedAt: 1200 },
    ],
  ])('%s', (_name, events, expected) => {
    const draft = fold(events);
    for (const [key, value] of Object.entries(expected)) {
      expect(draft[key as keyof NodeDraft], key).toEqual(value);
    }
  });

  it('events that do not change the node return the same draft', () => {
    const draft = draftOf(reply);
    const retry: SessionEvent = {
      type: 'retry_scheduled',
      attempt: 1,
      delayMs: 2000,
      error: refused,
    };
    expect(reduceNode(draft, retry, 1100)).toBe(draft);
    expect(reduceNode(draft, { type: 'stream_options_unsupported' }, 1100)).toBe(draft);
  });

  it('does not change the draft it is given', () => {
    const draft = draftOf(reply);
    reduceNode(draft, { type: 'text_delta', delta: 'x' }, 1100);
    expect(draft.content).toBe('');
  });

  it("the agent run's deltas fold as they are (its events widen the same union)", () => {
    const agentDeltas: Extract<
      AgentEvent,
      { type: 'text_delta' | 'reasoning_delta' | 'toolcall_delta' }
    >[] = [
      { type: 'reasoning_delta', turn: 1, delta: 'plan' },
      {
        type: 'toolcall_delta',
        turn: 1,
        index: 0,
        id: 'c1',
        name: 'list_files',
        argumentsDelta: '{}',
      },
      { type: 'text_delta', turn: 1, delta: 'Looking.' },
    ];
    const draft = agentDeltas.reduce<NodeDraft>(
      (next, event, i) => reduceNode(next, event, 1100 + i * 100),
      draftOf(reply),
    );
    expect(draft).toMatchObject({
      reasoning: 'plan',
      content: 'Looking.',
      reasoningMs: 100,
      toolCalls: [{ id: 'c1', name: 'list_files', arguments: '{}' }],
    });
  });

  it('growing events are the ones that add text', () => {
    expect(growsNode({ type: 'text_delta', delta: 'x' })).toBe(true);
    expect(growsNode({ type: 'reasoning_delta', delta: 'x' })).toBe(true);
    expect(growsNode({ type: 'node_end' })).toBe(false);
    expect(growsNode({ type: 'stream_options_unsupported' })).toBe(false);
  });

  it('a growing node is stored with its text; a finished one with everything', () => {
    const growing = fold([
      [1100, { type: 'reasoning_delta', delta: 'r' }],
      [1200, { type: 'text_delta', delta: 'Hi' }],
    ]);
    expect(progressPatch(growing)).toEqual({ content: 'Hi', reasoning: 'r' });
    const finished = reduceNode(
      reduceNode(
        growing,
        {
          type: 'done',
          message: message({ content: 'Hi!', reasoning: 'r' }),
          usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
          finishReason: 'stop',
        },
        1300,
      ),
      { type: 'node_end' },
      1400,
    );
    expect(finalPatch(finished)).toEqual({
      content: 'Hi!',
      reasoning: 'r',
      status: 'complete',
      stopReason: 'stop',
      usage: { inputTokens: 1, outputTokens: 2 },
      reasoningMs: 100,
      finishedAt: 1400,
    });
  });
});
