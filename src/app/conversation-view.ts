/**
 * The conversation shown in the chat panel, as signals: the message views of the active
 * path, kept in step with the engine's events without reading the store back. Only the
 * nodes of the session shown are kept; a reply still streaming shows its live draft, and
 * its tool calls show the loop's live state until their results are stored.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { AgentEvent } from '../agent/agent-events';
import type { SessionEvent } from '../agent/session-events';
import { finalPatch, type NodeDraft } from '../agent/session-reducer';
import { outlineOf, type NodeOutline } from '../store/node-outline';
import type { NodeRecord } from '../store/records';
import { ToolCallViews, type ToolCallTools } from './agent-tool-calls';
import { showDraft, viewOf, viewsForPath, type MutableView } from './chat-message-view';
import { branchPosition } from '../agent/session-tree';

export interface ConversationView {
  readonly messages: Accessor<MutableView[]>;
  /** The tree of the session shown (without bodies), as far as this tab knows it. */
  tree(): readonly NodeOutline[];
  /**
   * Shows the path to `leafId` in `tree`, keeping the views that did not change. `bodies`
   * hold at least the nodes of that path (the store opens a session with no more).
   */
  show(tree: readonly NodeOutline[], bodies: readonly NodeRecord[], leafId: string | null): void;
  /** Shows nothing (a new conversation). */
  clear(): void;
  /** A node of the session shown was stored and the leaf moved to it. */
  append(node: NodeRecord): void;
  /** An event was folded into node `nodeId`, giving `draft`. */
  fold(nodeId: string, event: SessionEvent, draft: NodeDraft): void;
  /** A live event of the agent loop (tool call states). */
  applyAgent(event: AgentEvent): void;
  /** After a run: calls that nothing will answer say why (interrupted, not run). */
  settle(): void;
}

/** The tool result nodes known, by the id of the call they answer. */
function resultsOf(nodes: Iterable<NodeRecord>): Map<string, NodeRecord> {
  const results = new Map<string, NodeRecord>();
  for (const node of nodes) {
    if (node.role === 'tool' && node.toolCallId) results.set(node.toolCallId, node);
  }
  return results;
}

/**
 * Whether `node` continues the path shown to `leaf` as one more message, changing nothing
 * before it: a question or reply without tool calls, the leaf's only child.
 */
function isPlainNext(node: NodeRecord, leaf: string | null, tree: readonly NodeOutline[]): boolean {
  if (leaf === null || node.parentId !== leaf) return false;
  if (node.role !== 'user' && node.role !== 'assistant') return false;
  if (node.toolCalls?.length) return false;
  return !tree.some((n) => n.parentId === leaf);
}

/** `running()`: a run that may still answer a call goes on in the session shown. */
/** `tools`: what the tool call chips describe their calls by (see agent-tool-calls.ts). */
export function createConversationView(
  running: () => boolean,
  tools?: ToolCallTools,
): ConversationView {
  const [messages, setMessages] = createSignal<MutableView[]>([]);
  /** Replies this tab streams now, as far as they have grown. */
  const live = new Map<string, NodeDraft>();
  /** The session shown, its tree, and the bodies known of it (at least its path's). */
  let shownSession: string | undefined;
  let shownTree: readonly NodeOutline[] = [];
  let bodies = new Map<string, NodeRecord>();
  /** The leaf of the path shown. */
  let shownLeaf: string | null = null;
  const toolCalls = new ToolCallViews(tools);

  /** What a call of reply `view` without a result is: still pending, or why it never will be. */
  function unanswered(view: MutableView): 'pending' | 'interrupted' | 'not_run' {
    const status = view.status();
    if (live.has(view.id) || status === 'streaming') return 'pending';
    if (status !== 'complete') return 'not_run';
    return running() ? 'pending' : 'interrupted';
  }

  function render(leafId: string | null) {
    shownLeaf = leafId;
    const views = viewsForPath(messages(), shownTree, bodies, leafId, live);
    const results = resultsOf(bodies.values());
    for (const view of views) {
      const calls = live.get(view.id)?.toolCalls ?? bodies.get(view.id)?.toolCalls;
      view.setToolCalls(
        calls?.length ? toolCalls.forMessage(calls, results, unanswered(view)) : [],
      );
    }
    setMessages(views);
  }

  return {
    messages,
    tree: () => shownTree,
    show(tree, known, leafId) {
      shownTree = tree;
      bodies = new Map(known.map((node) => [node.id, node]));
      shownSession = known[0]?.sessionId;
      render(leafId);
    },
    clear() {
      setMessages([]);
    },
    append(node) {
      // Only the new node travels; the rest of the session is what is shown already.
      if (shownSession !== undefined && shownSession !== node.sessionId) {
        shownTree = [];
        bodies = new Map();
      }
      shownSession = node.sessionId;
      const known = shownTree.some((n) => n.id === node.id);
      const extendsPath = !known && isPlainNext(node, shownLeaf, shownTree);
      shownTree = [
        ...(known ? shownTree.filter((n) => n.id !== node.id) : shownTree),
        outlineOf(node),
      ];
      bodies.set(node.id, node);
      if (!extendsPath) return render(node.id);
      // The common case (a question or a reply under the message shown last) adds one view
      // without walking the tree again, so a long conversation appends as fast as a short one.
      shownLeaf = node.id;
      setMessages([...messages(), viewOf(node, branchPosition([node], node.id))]);
    },
    fold(nodeId, event, draft) {
      const view = messages().find((m) => m.id === nodeId);
      if (view) showDraft(view, draft);
      if (view && draft.toolCalls.length) {
        view.setToolCalls(toolCalls.forMessage(draft.toolCalls, resultsOf(bodies.values())));
      }
      if (view && event.type === 'text_delta') view.textDeltas.emit(event.delta);
      if (event.type !== 'node_end') {
        live.set(nodeId, draft);
        return;
      }
      live.delete(nodeId);
      // The node as stored now, so the nodes shown stay true without reading them back.
      const done = finalPatch(draft);
      const body = bodies.get(nodeId);
      if (body) bodies.set(nodeId, { ...body, ...done });
    },
    applyAgent: (event) => toolCalls.apply(event),
    settle() {
      for (const view of messages()) {
        const waiting = view.toolCalls().filter((call) => call.status() === 'pending');
        const why = waiting.length ? unanswered(view) : 'pending';
        if (why !== 'pending') toolCalls.settle(waiting, why);
      }
    },
  };
}
