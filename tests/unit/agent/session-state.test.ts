import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/agent-events';
import {
  INITIAL_SESSION_STATE,
  reduceSessionState,
  type PendingApproval,
  type SessionState,
  type SessionStateEvent,
} from '../../../src/agent/session-state';
import { shownApproval, toolCallsOf } from '../../../src/agent/session-selectors';
import { outlineOf } from '../../../src/store/node-outline';
import type { NodeRecord } from '../../../src/store/records';

const node = (
  id: string,
  parentId: string | null,
  extra: Partial<NodeRecord> = {},
): NodeRecord => ({
  id,
  sessionId: 's',
  parentId,
  role: id.startsWith('q') ? 'user' : id.startsWith('t') ? 'tool' : 'assistant',
  content: `text of ${id}`,
  status: 'complete',
  startedAt: 1,
  ...extra,
});

const fold = (events: readonly SessionStateEvent[], from = INITIAL_SESSION_STATE) =>
  events.reduce((state, event) => reduceSessionState(state, event, 100), from);

const agent = (event: AgentEvent, sessionId = 's'): SessionStateEvent => ({
  type: 'agent_event',
  sessionId,
  event,
});

const activity = (a: 'answering' | 'idle'): SessionStateEvent => ({
  type: 'activity',
  sessionId: 's',
  activity: a,
});

/** Session s shown with q1 → a1, a1 calling c1 (no result yet). */
const Q1 = node('q1', null);
const A1 = node('a1', 'q1', { toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{}' }] });
function shownWithCall(): SessionState {
  return fold([
    { type: 'sessions_listed', sessions: [] },
    { type: 'session_selected', sessionId: 's' },
    {
      type: 'session_shown',
      sessionId: 's',
      tree: [Q1, A1].map(outlineOf),
      bodies: [Q1, A1],
      leafId: 'a1',
    },
  ]);
}

const toolStart = (callId: string): SessionStateEvent =>
  agent({ type: 'tool_start', turn: 1, at: 1, callId, toolName: 'read_file', args: {} });

const toolEnd = (callId: string, changed: string[] = []): AgentEvent => ({
  type: 'tool_end',
  turn: 1,
  at: 5,
  callId,
  toolName: 'write_file',
  outcome: 'ok',
  isError: false,
  message: { role: 'tool', toolCallId: callId, content: 'done' },
  durationMs: 12,
  truncatedChars: 0,
  changedFiles: changed,
  details: { diff: '--- /dev/null\n+++ b/new.py\n+x' },
});

const card = (callId: string): PendingApproval => ({
  callId,
  toolName: 'write_file',
  argumentsText: '{}',
  title: `Write ${callId}`,
  view: { kind: 'arguments' },
});

describe('the session state', () => {
  it('folds the same events into the same state, and slices an event does not touch keep their identity', () => {
    const events: SessionStateEvent[] = [
      { type: 'session_selected', sessionId: 's' },
      {
        type: 'session_shown',
        sessionId: 's',
        tree: [Q1].map(outlineOf),
        bodies: [Q1],
        leafId: 'q1',
      },
      { type: 'draft_set', text: 'hello' },
      activity('answering'),
    ];
    expect(fold(events)).toEqual(fold(events));
    const before = fold(events);
    const after = reduceSessionState(before, { type: 'draft_set', text: 'hello again' }, 100);
    expect(after.shown).toBe(before.shown);
    expect(after.sessions).toBe(before.sessions);
    expect(after.run).toBe(before.run);
    // An event that changes nothing returns the state itself.
    expect(reduceSessionState(after, { type: 'draft_set', text: 'hello again' }, 100)).toBe(after);
  });

  it('appends a plain message by extending the path; the earlier path is left as it was', () => {
    const state = shownWithCall();
    const reply = node('a0', 'q1');
    const chat = fold(
      [
        {
          type: 'session_shown',
          sessionId: 's',
          tree: [Q1, reply].map(outlineOf),
          bodies: [Q1, reply],
          leafId: 'a0',
        },
      ],
      state,
    );
    const next = fold([{ type: 'node_appended', sessionId: 's', node: node('q3', 'a0') }], chat);
    expect(next.shown.extended).toBe(true);
    expect(next.shown.path.map((n) => n.id)).toEqual(['q1', 'a0', 'q3']);
    expect(chat.shown.path.map((n) => n.id)).toEqual(['q1', 'a0']);
  });

  it('leaves the conversation shown alone for another session, and starts over when another is chosen', () => {
    let state = fold([toolStart('c1')], shownWithCall());
    const other = fold(
      [{ type: 'node_appended', sessionId: 'x', node: { ...node('q9', null), sessionId: 'x' } }],
      state,
    );
    expect(other.shown).toBe(state.shown);
    state = fold(
      [{ type: 'todo_changed', sessionId: 's', items: [{ text: 'Plan', status: 'pending' }] }],
      state,
    );
    expect(state.todo).toHaveLength(1);
    const chosen = fold([{ type: 'session_selected', sessionId: 'x' }], state);
    expect(chosen.shown.path).toEqual([]);
    expect(chosen.calls.size).toBe(0);
    expect(chosen.todo).toEqual([]);
    // The plan of the session chosen shows at once, before its conversation is read.
    expect(
      fold(
        [{ type: 'todo_changed', sessionId: 'x', items: [{ text: 'X', status: 'pending' }] }],
        chosen,
      ).todo,
    ).toEqual([{ text: 'X', status: 'pending' }]);
    // The plan of a session not shown is not the one on screen.
    expect(fold([{ type: 'todo_changed', sessionId: 's', items: [] }], chosen).todo).toBe(
      chosen.todo,
    );
  });

  // Invariant 2: nothing is left waiting after a fault; what was shown is kept.
  it('a call without a result waits while a run goes on, and says it was interrupted once none does', () => {
    const state = shownWithCall();
    expect(toolCallsOf(state, 'a1').map((c) => c.status)).toEqual(['interrupted']);
    const running = fold([activity('answering')], state);
    expect(toolCallsOf(running, 'a1').map((c) => c.status)).toEqual(['pending']);
    const started = fold(
      [
        toolStart('c1'),
        agent({ type: 'tool_update', turn: 1, callId: 'c1', stream: 'stdout', text: 'line\n' }),
      ],
      running,
    );
    expect(toolCallsOf(started, 'a1')[0]).toMatchObject({ status: 'running', output: 'line\n' });
    const result = node('t1', 'a1', { toolCallId: 'c1', content: 'the file' });
    const answered = fold(
      [{ type: 'node_appended', sessionId: 's', node: result }, activity('idle')],
      started,
    );
    expect(toolCallsOf(answered, 'a1')[0]).toMatchObject({
      status: 'done',
      result: 'the file',
      output: 'line\n',
    });
    // A reply that failed before its call could run: the call is not run, not interrupted.
    const failed = fold(
      [
        {
          type: 'session_shown',
          sessionId: 's',
          tree: [Q1, A1].map(outlineOf),
          bodies: [Q1, { ...A1, status: 'error' }],
          leafId: 'a1',
        },
      ],
      state,
    );
    expect(toolCallsOf(failed, 'a1').map((c) => c.status)).toEqual(['not_run']);
  });

  it("keeps the run's changed files, tokens and end, and starts them over when the person sends again", () => {
    const ran = fold(
      [
        agent(toolEnd('c1', ['new.py'])),
        agent({
          type: 'message_end',
          turn: 1,
          at: 6,
          message: { role: 'assistant', content: 'ok' },
          reply: { content: 'ok', reasoning: '', toolCalls: [] } as never,
          usage: { inputTokens: 10, outputTokens: 2, totalTokens: 12 },
          stopReason: 'stop',
        }),
        agent({
          type: 'run_end',
          at: 7,
          reason: 'max_steps',
          turns: 1,
          messages: [],
          usage: { inputTokens: 10, outputTokens: 2, totalTokens: 12 },
        }),
      ],
      shownWithCall(),
    );
    expect(ran.changes).toEqual([
      { path: 'new.py', diff: '--- /dev/null\n+++ b/new.py\n+x', created: true, deleted: false },
    ]);
    expect(ran.usage).toEqual({ inputTokens: 10, outputTokens: 2, totalTokens: 12 });
    expect(ran.runEnd).toEqual({ reason: 'max_steps' });
    const again = fold([{ type: 'run_begun' }], ran);
    expect(again.changes).toEqual([]);
    expect(again.usage).toBeUndefined();
    expect(again.runEnd).toBeUndefined();
    // A failed request shows on the reply itself, not a second time under the run.
    const failed = fold(
      [
        agent({
          type: 'run_end',
          at: 8,
          reason: 'error',
          turns: 1,
          messages: [],
          usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
          error: { code: 'llm', message: 'm', hint: 'h' },
        }),
      ],
      again,
    );
    expect(failed.runEnd).toBeUndefined();
  });

  it('shows the approval of the session shown first, and drops an approval once it is answered', () => {
    const mine = card('c1');
    const theirs = card('c2');
    const state = fold(
      [
        { type: 'approval_asked', sessionId: 'x', card: theirs },
        { type: 'approval_asked', sessionId: 's', card: mine },
      ],
      shownWithCall(),
    );
    expect(shownApproval(state)).toBe(mine);
    const answered = fold([{ type: 'approval_settled', card: mine }], state);
    expect(shownApproval(answered)).toBe(theirs);
    expect(
      shownApproval(fold([{ type: 'approval_settled', card: theirs }], answered)),
    ).toBeUndefined();
  });

  // Invariant 2: what was shown is what is stored.
  it('a reply that finishes updates its node on the path and marks the leaf in the list', () => {
    const session = {
      id: 's',
      workspaceId: 'w',
      title: 'T',
      mode: 'chat' as const,
      leafId: 'a1',
      createdAt: 0,
      updatedAt: 0,
      starred: false,
    };
    const reply = node('a2', 'q2', { content: '', status: 'streaming' });
    const state = fold(
      [
        { type: 'sessions_listed', sessions: [session] },
        { type: 'node_appended', sessionId: 's', node: node('q2', 'a1') },
        { type: 'node_appended', sessionId: 's', node: reply },
      ],
      fold([{ type: 'sessions_listed', sessions: [session] }], shownWithCall()),
    );
    expect(state.sessions[0]!.leafId).toBe('a2');
    const draft = {
      id: 'a2',
      content: 'Hi',
      reasoning: '',
      toolCalls: [],
      status: 'streaming' as const,
    };
    const grown = fold(
      [
        {
          type: 'node_event',
          sessionId: 's',
          nodeId: 'a2',
          event: { type: 'text_delta', delta: 'Hi' },
          draft,
          at: 9,
        },
      ],
      state,
    );
    expect(grown.drafts.get('a2')!.content).toBe('Hi');
    expect(grown.shown).toBe(state.shown);
    const done = fold(
      [
        {
          type: 'node_event',
          sessionId: 's',
          nodeId: 'a2',
          event: { type: 'node_end' },
          draft: { ...draft, status: 'complete' },
          at: 10,
        },
      ],
      grown,
    );
    expect(done.drafts.has('a2')).toBe(false);
    expect(done.shown.path.at(-1)).toMatchObject({ id: 'a2', content: 'Hi', status: 'complete' });
  });
});
