/**
 * What a tab's session engine is doing, folded from its events by a pure function: which
 * session it holds and how (compacting, answering), whether an agent run is on, the wait
 * before a retried request, and the frame (system prompt and tools) of the last request.
 * The chat panel shows it; the same events always give the same state.
 */
import type { AgentEvent } from './agent-events';
import type { SessionActivity, SessionEngineEvent } from './session-engine-types';

/** A wait before the next attempt of a failed request. */
export interface RetryState {
  attempt: number;
  /** Clock time at which the next attempt starts. */
  at: number;
  reason: string;
}

export interface RunState {
  /** The session the engine holds, from its first activity until it is idle again. */
  readonly session?: string;
  readonly activity: SessionActivity;
  /** An agent run is on (busy across its replies and tool calls). */
  readonly agentRunning: boolean;
  readonly retry?: RetryState;
  /** Tokens of the system prompt and tool definitions the last request carried. */
  readonly frame?: { readonly sessionId: string; readonly tokens: number };
}

export const IDLE_RUN: RunState = { activity: 'idle', agentRunning: false };

/**
 * Folds one engine event into the state at clock time `now`. An event that changes nothing
 * (most deltas) returns the same object, so a caller can skip publishing it.
 */
export function reduceRunState(state: RunState, event: SessionEngineEvent, now: number): RunState {
  switch (event.type) {
    case 'activity': {
      const { session: _held, ...rest } = state;
      return event.activity === 'idle'
        ? { ...rest, activity: 'idle' }
        : { ...rest, session: event.sessionId, activity: event.activity };
    }
    case 'context_fitted':
      return { ...state, frame: { sessionId: event.sessionId, tokens: event.budget.frame } };
    case 'node_event': {
      const happened = event.event;
      if (happened.type === 'retry_scheduled') {
        return withRetry(state, {
          attempt: happened.attempt,
          at: event.at + happened.delayMs,
          reason: happened.error.message,
        });
      }
      if (isOutput(happened.type) || happened.type === 'node_end') return withRetry(state);
      return state;
    }
    case 'agent_event':
      return reduceAgent(state, event.event, now);
    default:
      return state;
  }
}

function reduceAgent(state: RunState, happened: AgentEvent, now: number): RunState {
  switch (happened.type) {
    case 'run_start':
      return state.agentRunning ? state : { ...state, agentRunning: true };
    case 'retry_scheduled':
      return withRetry(state, {
        attempt: happened.attempt,
        at: now + happened.delayMs,
        reason: happened.error.message,
      });
    case 'run_end':
      return withRetry({ ...state, agentRunning: false });
    default:
      return isOutput(happened.type) ? withRetry(state) : state;
  }
}

/** Output arrived: a retry's wait is over. */
const isOutput = (type: string) => type === 'text_delta' || type === 'reasoning_delta';

function withRetry(state: RunState, retry?: RetryState): RunState {
  if (!retry) {
    if (!state.retry) return state;
    const { retry: _over, ...rest } = state;
    return rest;
  }
  return { ...state, retry };
}
