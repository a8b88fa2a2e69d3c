/**
 * The one Solid adapter of the session state (src/agent/session-state.ts): it holds the
 * state, folds every event into it with the pure reducer, and publishes each slice as a
 * signal that changes only when that slice does (by identity). The conversation's messages
 * go through the conversation view, which keeps one view per message. Nothing else in the
 * app keeps session state of its own.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import {
  INITIAL_SESSION_STATE,
  reduceSessionState,
  type SessionState,
  type SessionStateEvent,
} from '../agent/session-state';
import { createConversationView, type ConversationView } from './conversation-view';
import type { ToolCallTools } from './agent-tool-calls';

export interface SessionSignals {
  /** The state as it is now (not reactive: read the slices below in the UI). */
  current(): SessionState;
  dispatch(event: SessionStateEvent): void;
  /** Reactive: the slice `pick` returns, as a signal that changes when the slice does. */
  slice<T>(pick: (state: SessionState) => T): Accessor<T>;
  readonly messages: ConversationView['messages'];
}

export function createSessionSignals(now: () => number, tools?: ToolCallTools): SessionSignals {
  let state = INITIAL_SESSION_STATE;
  const view = createConversationView(tools);
  /** Each slice read so far, with its last value and its setter. */
  const slices: { pick(state: SessionState): unknown; set(value: unknown): void }[] = [];

  return {
    current: () => state,
    dispatch(event) {
      const before = state;
      const after = reduceSessionState(before, event, now());
      state = after;
      batch(() => {
        // A signal set to its own value notifies nobody: only the slices that changed move.
        if (after !== before) for (const slice of slices) slice.set(slice.pick(after));
        view.update(before, after, event);
      });
    },
    slice<T>(pick: (state: SessionState) => T): Accessor<T> {
      const [value, setValue] = createSignal<T>(pick(state));
      slices.push({ pick, set: (next) => setValue(() => next as T) });
      return value;
    },
    messages: view.messages,
  };
}
