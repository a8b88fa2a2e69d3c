/**
 * The conversation of the session state (src/agent/session-state.ts) as the views the chat
 * panel renders: one {@link MutableView} per message of the path shown, with signals for
 * what changes while a reply streams, and its tool call chips. It holds nothing the state
 * does not; after each event it brings the views in step with what changed, by identity:
 * one more message, a reply grown or finished, a tool call moved on, or (rarely) the whole
 * path again.
 */
import type { Accessor } from 'solid-js';
import { createSignal } from 'solid-js';
import type { SessionState, SessionStateEvent } from '../agent/session-state';
import { runsShown, toolCallsOf } from '../agent/session-selectors';
import { callIdOf } from '../agent/tool-call-state';
import { branchPosition } from '../agent/session-tree';
import type { NodeRecord } from '../store/records';
import { ToolCallViews, type ToolCallTools } from './agent-tool-calls';
import { showDraft, showNode, viewOf, viewsForPath, type MutableView } from './chat-message-view';

export interface ConversationView {
  readonly messages: Accessor<MutableView[]>;
  /** Brings the views in step with `after`, the state `event` made of `before`. */
  update(before: SessionState, after: SessionState, event: SessionStateEvent): void;
}

/** `tools`: what the tool call chips describe their calls by (see agent-tool-calls.ts). */
export function createConversationView(tools?: ToolCallTools): ConversationView {
  const [messages, setMessages] = createSignal<MutableView[]>([]);
  const byId = new Map<string, MutableView>();
  /** The message each tool call belongs to, for the calls shown. */
  const ownerOfCall = new Map<string, string>();
  const toolCalls = new ToolCallViews(tools);

  function setViews(views: MutableView[]) {
    byId.clear();
    for (const view of views) byId.set(view.id, view);
    setMessages(views);
  }

  /** Brings message `id`'s chips in step with the state. */
  function showCalls(state: SessionState, id: string) {
    const view = byId.get(id);
    if (!view || view.role !== 'assistant') return;
    const states = toolCallsOf(state, id);
    for (const call of states) ownerOfCall.set(call.id, id);
    const shown = view.toolCalls();
    const next = toolCalls.show(states);
    const same = shown.length === next.length && shown.every((call, i) => call === next[i]);
    if (!same) view.setToolCalls(next);
  }

  function showAllCalls(state: SessionState) {
    for (const view of messages()) showCalls(state, view.id);
  }

  /** The path changed in place (a reply finished): only the nodes that changed. */
  function showChangedNodes(before: readonly NodeRecord[], state: SessionState) {
    state.shown.path.forEach((node, i) => {
      if (node === before[i]) return;
      const view = byId.get(node.id);
      if (!view) return;
      showNode(view, node);
      showCalls(state, node.id);
    });
  }

  return {
    messages,
    update(before, after, event) {
      const was = before.shown;
      const now = after.shown;
      if (now !== was) {
        const sameSession = now.sessionId === was.sessionId;
        if (!sameSession) {
          toolCalls.clear();
          ownerOfCall.clear();
        }
        const last = now.path.at(-1);
        if (sameSession && now.extended && last && now.path.length === was.path.length + 1) {
          // One more message under the last one: one view, no walk over the path.
          const view = viewOf(last, branchPosition([last], last.id));
          byId.set(view.id, view);
          setMessages([...messages(), view]);
          showCalls(after, view.id);
        } else if (
          sameSession &&
          now.tree === was.tree &&
          now.leafId === was.leafId &&
          now.path.length === was.path.length
        ) {
          showChangedNodes(was.path, after);
        } else {
          setViews(viewsForPath(sameSession ? messages() : [], now.tree, now.path, after.drafts));
          showAllCalls(after);
        }
      }
      if (after.drafts !== before.drafts) {
        for (const [id, draft] of after.drafts) {
          if (draft === before.drafts.get(id)) continue;
          const view = byId.get(id);
          if (!view) continue;
          showDraft(view, draft);
          if (draft.toolCalls.length) showCalls(after, id);
        }
      }
      if (after.calls !== before.calls && event.type === 'agent_event') {
        const callId = callIdOf(event.event);
        const owner = callId === undefined ? undefined : ownerOfCall.get(callId);
        if (owner) showCalls(after, owner);
      }
      // A run began or ended: calls left without a result now say why (or wait again).
      if (runsShown(after) !== runsShown(before)) showAllCalls(after);
      if (event.type === 'node_event' && event.event.type === 'text_delta') {
        byId.get(event.nodeId)?.textDeltas.emit(event.event.delta);
      }
    },
  };
}
