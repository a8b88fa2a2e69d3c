import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/agent-events';
import { IDLE_RUN, reduceRunState, type RunState } from '../../../src/agent/run-state';
import type { SessionEngineEvent } from '../../../src/agent/session-engine-types';
import type { SessionEvent } from '../../../src/agent/session-events';
import type { NodeDraft } from '../../../src/agent/session-reducer';

const draft: NodeDraft = {
  id: 'r',
  content: '',
  reasoning: '',
  toolCalls: [],
  status: 'streaming',
};
const nodeEvent = (event: SessionEvent, at = 0): SessionEngineEvent => ({
  type: 'node_event',
  sessionId: 's',
  nodeId: 'r',
  event,
  draft,
  at,
});
const agentEvent = (event: AgentEvent): SessionEngineEvent => ({
  type: 'agent_event',
  sessionId: 's',
  event,
});
const activity = (a: 'idle' | 'compacting' | 'answering', sessionId = 's'): SessionEngineEvent => ({
  type: 'activity',
  sessionId,
  activity: a,
});
const failure = { code: 'rate_limited', message: 'Too many requests' } as never;

function fold(events: SessionEngineEvent[], now = 1000): RunState {
  return events.reduce((state, event) => reduceRunState(state, event, now), IDLE_RUN);
}

describe('the run state', () => {
  it('is busy with the session from its first activity until idle, compacting while it compacts', () => {
    const compacting = fold([activity('compacting')]);
    expect(compacting).toMatchObject({ session: 's', activity: 'compacting' });
    const answering = reduceRunState(compacting, activity('answering'), 0);
    expect(answering).toMatchObject({ session: 's', activity: 'answering' });
    const idle = reduceRunState(answering, activity('idle'), 0);
    expect(idle.activity).toBe('idle');
    expect(idle.session).toBeUndefined();
  });

  it('shows a retry’s wait until output arrives or the reply ends', () => {
    const waiting = fold([
      activity('answering'),
      nodeEvent({ type: 'retry_scheduled', attempt: 2, delayMs: 4000, error: failure }, 500),
    ]);
    expect(waiting.retry).toEqual({ attempt: 2, at: 4500, reason: 'Too many requests' });
    expect(reduceRunState(waiting, nodeEvent({ type: 'text_delta', delta: 'Hi' }), 0).retry).toBe(
      undefined,
    );
    expect(reduceRunState(waiting, nodeEvent({ type: 'node_end' }), 0).retry).toBeUndefined();
  });

  it('keeps the same state for deltas that change nothing (nothing to publish)', () => {
    const answering = fold([activity('answering')]);
    expect(reduceRunState(answering, nodeEvent({ type: 'text_delta', delta: 'a' }), 0)).toBe(
      answering,
    );
    expect(
      reduceRunState(answering, agentEvent({ type: 'text_delta', delta: 'a' } as AgentEvent), 0),
    ).toBe(answering);
  });

  it('follows an agent run across its replies, and its retries by the clock', () => {
    const running = fold([agentEvent({ type: 'run_start', at: 1, maxSteps: 5 } as AgentEvent)]);
    expect(running.agentRunning).toBe(true);
    const retrying = reduceRunState(
      running,
      agentEvent({
        type: 'retry_scheduled',
        turn: 1,
        attempt: 1,
        delayMs: 2000,
        error: failure,
      }),
      7000,
    );
    expect(retrying.retry?.at).toBe(9000);
    const ended = reduceRunState(
      retrying,
      agentEvent({ type: 'run_end', at: 2, reason: 'done', turns: 1 } as AgentEvent),
      0,
    );
    expect(ended).toMatchObject({ agentRunning: false });
    expect(ended.retry).toBeUndefined();
  });

  it('keeps the frame of the last request for the meter', () => {
    const state = fold([
      { type: 'context_fitted', sessionId: 's', budget: { frame: 2400 } } as SessionEngineEvent,
    ]);
    expect(state.frame).toEqual({ sessionId: 's', tokens: 2400 });
  });
});
