/**
 * A message of the chat panel as signals: what the session engine publishes about a node
 * (its draft while it streams) goes into these, and the renderers read them.
 */
import { batch, createSignal, type Accessor, type Setter } from 'solid-js';
import type { NodeDraft } from '../agent/session-reducer';
import { branchPosition, type BranchPosition } from '../agent/session-tree';
import { Listeners } from '../base/listeners';
import { compactedPath } from '../agent/compaction';
import type { NodeOutline } from '../store/node-outline';
import type {
  CompactionInfo,
  NodeAttachment,
  NodeRecord,
  NodeStatus,
  StoredError,
  StoredUsage,
} from '../store/records';
import type { ToolCallView } from './agent-views';
import { describeError, type ErrorView } from './messages/describe-error';

/** One message of the active conversation; the parts that change while streaming are signals. */
export interface ChatMessageView {
  readonly id: string;
  readonly parentId: string | null;
  /** `compaction`: a compaction marker; `content` is its summary, `compaction` its details. */
  readonly role: 'user' | 'assistant' | 'compaction';
  readonly compaction?: CompactionInfo;
  /**
   * True when a later compaction summarized this message: it stays readable and
   * branchable, but the model's context holds only the summary of it.
   */
  readonly outside: Accessor<boolean>;
  readonly content: Accessor<string>;
  /** Of a user message: its mentions as sent (fixed once stored); empty otherwise. */
  readonly attachments: readonly NodeAttachment[];
  readonly reasoning: Accessor<string>;
  /** Milliseconds the model spent reasoning, once known. */
  readonly reasoningMs: Accessor<number | undefined>;
  readonly status: Accessor<NodeStatus>;
  /** The reply's error as the person reads it (worded by the catalog, old codes mapped). */
  readonly error: Accessor<ErrorView | undefined>;
  readonly usage: Accessor<StoredUsage | undefined>;
  /** "providerId/modelId" of the reply. */
  readonly model: string | undefined;
  /** Where this message stands among its siblings (other replies or edits), for "2 / 3". */
  readonly branch: Accessor<BranchPosition | undefined>;
  /**
   * The tool calls of an assistant message in agent mode, each with its result folded in
   * (tool result nodes are not messages of their own); empty otherwise.
   */
  readonly toolCalls: Accessor<readonly ToolCallView[]>;
  /**
   * Text as it streams in, delta by delta; `content` holds the sum. Renderers subscribe here
   * so they never re-read (and flatten) the whole growing string per token.
   */
  onTextDelta(listener: (delta: string) => void): () => void;
}

/** A view with its setters, for the chat service only. */
export interface MutableView extends ChatMessageView {
  textDeltas: Listeners<string>;
  setContent: Setter<string>;
  setReasoning: Setter<string>;
  setReasoningMs: Setter<number | undefined>;
  setStatus: Setter<NodeStatus>;
  setError: Setter<ErrorView | undefined>;
  setUsage: Setter<StoredUsage | undefined>;
  setBranch: Setter<BranchPosition | undefined>;
  setToolCalls: Setter<readonly ToolCallView[]>;
  setOutside: Setter<boolean>;
}

/** A new view showing `node`. */
export function viewOf(node: NodeRecord, branch?: BranchPosition): MutableView {
  const [content, setContent] = createSignal(node.content);
  const [reasoning, setReasoning] = createSignal(node.reasoning ?? '');
  const [reasoningMs, setReasoningMs] = createSignal(node.reasoningMs);
  const [status, setStatus] = createSignal<NodeStatus>(node.status);
  const [error, setError] = createSignal(errorViewOf(node.error));
  const [usage, setUsage] = createSignal(node.usage);
  const [branchAt, setBranch] = createSignal(branch);
  const [toolCalls, setToolCalls] = createSignal<readonly ToolCallView[]>([]);
  const [outside, setOutside] = createSignal(false);
  const textDeltas = new Listeners<string>();
  return {
    textDeltas,
    onTextDelta: (listener) => textDeltas.subscribe(listener),
    id: node.id,
    parentId: node.parentId,
    role: node.role === 'user' ? 'user' : node.role === 'compaction' ? 'compaction' : 'assistant',
    ...(node.compaction ? { compaction: node.compaction } : {}),
    outside,
    setOutside,
    model: node.model,
    content,
    setContent,
    attachments: node.attachments ?? [],
    reasoning,
    setReasoning,
    reasoningMs,
    setReasoningMs,
    status,
    setStatus,
    error,
    setError,
    usage,
    setUsage,
    branch: branchAt,
    setBranch,
    toolCalls,
    setToolCalls,
  };
}

/**
 * A stored error as the view shows it: the one place a node's error (a row of any version,
 * or a live draft's) is turned back into words.
 */
function errorViewOf(error: StoredError | undefined): ErrorView | undefined {
  return error && describeError(error);
}

/** Copies a draft into a view's signals (a signal set to its own value notifies nobody). */
export function showDraft(view: MutableView, draft: NodeDraft) {
  batch(() => {
    view.setContent(draft.content);
    view.setReasoning(draft.reasoning);
    view.setReasoningMs(draft.reasoningMs);
    view.setStatus(draft.status);
    view.setError(errorViewOf(draft.error));
    view.setUsage(draft.usage);
  });
}

/** A stored node with what this tab's stream has added to it since it was last written. */
function withDraft(node: NodeRecord, draft: NodeDraft | undefined): NodeRecord {
  if (!draft) return node;
  return { ...node, content: draft.content, reasoning: draft.reasoning, status: draft.status };
}

/** True when a view still shows what `node` holds (so it can be kept rather than redrawn). */
function showsNode(view: MutableView, node: NodeRecord): boolean {
  return (
    view.content() === node.content &&
    view.status() === node.status &&
    view.reasoning() === (node.reasoning ?? '') &&
    view.error()?.message === errorViewOf(node.error)?.message
  );
}

/** Whether a node of the path is shown as a message (tool results show in their call's chip). */
export function isMessage(node: NodeRecord): boolean {
  return (
    node.role === 'user' ||
    node.role === 'assistant' ||
    (node.role === 'compaction' && node.compaction !== undefined)
  );
}

/** Copies a stored node into a view's signals (a reply just finished). */
export function showNode(view: MutableView, node: NodeRecord) {
  batch(() => {
    view.setContent(node.content);
    view.setReasoning(node.reasoning ?? '');
    view.setReasoningMs(node.reasoningMs);
    view.setStatus(node.status);
    view.setError(errorViewOf(node.error));
    view.setUsage(node.usage);
  });
}

/**
 * The views of `path` (root first) in `tree`, its user and assistant messages and
 * compaction markers. Messages already shown in `shown` with the same text keep their views
 * (and their rendered Markdown); the rest are made anew. A reply this tab is streaming
 * shows its `live` draft, which is ahead of what is stored.
 */
export function viewsForPath(
  shown: readonly MutableView[],
  tree: readonly NodeOutline[],
  path: readonly NodeRecord[],
  live: ReadonlyMap<string, NodeDraft>,
): MutableView[] {
  const byId = new Map(shown.map((view) => [view.id, view]));
  const { outside } = compactedPath(path);
  return path.filter(isMessage).map((stored) => {
    const node = withDraft(stored, live.get(stored.id));
    const branch = branchPosition(tree, node.id);
    const kept = byId.get(node.id);
    if (kept && showsNode(kept, node)) {
      kept.setBranch(branch);
      kept.setOutside(outside.has(node.id));
      return kept;
    }
    const view = viewOf(node, branch);
    view.setOutside(outside.has(node.id));
    return view;
  });
}
