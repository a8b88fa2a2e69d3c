/**
 * What the agent timeline renders: the UI-facing shapes of an agent run, as Solid signals.
 * The agent service fills them from the loop's events (and from stored nodes after a
 * reload); the UI only reads them and answers through {@link AgentControls}.
 */
import type { AgentToolSummary } from './agent-toolbox';
import type { Accessor } from 'solid-js';
import type { ApprovalMode } from '../agent/approval-policy';
import type { RunEndReason } from '../agent/agent-events';
import type { AgentUserMessage, InboxLane, PendingMessage } from '../agent/agent-inbox';
import type { ChangedFile } from '../agent/changed-files';
import type { PendingApproval, RunUsage } from '../agent/session-state';
import type { ToolCallStatus } from '../agent/tool-call-state';
import type { TodoItem } from '../tools/todo/todo-list';
import type { ToolImage, ToolReceipt } from '../tools/tool';

export type { ApprovalMode } from '../agent/approval-policy';
export type { TodoItem, TodoStatus } from '../tools/todo/todo-list';

export type { ToolCallStatus } from '../agent/tool-call-state';

/**
 * One tool call of an assistant message, with its result folded in (tool result nodes are
 * not shown as messages of their own). A chip with status and duration that expands to
 * arguments and output.
 */
export interface ToolCallView {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them (JSON text; grows while it streams). */
  readonly argumentsText: Accessor<string>;
  /** What the call is about in a few words (its tool's `summarize`): a path, a command. */
  readonly summary: Accessor<string>;
  /** True when its tool streams output worth watching while it runs (Python, bash, MCP). */
  readonly streamsOutput: Accessor<boolean>;
  /** What the finished call left that the conversation shows (a note saved to memory). */
  readonly receipt?: Accessor<ToolReceipt | undefined>;
  readonly status: Accessor<ToolCallStatus>;
  /** Milliseconds it ran, once it ended. */
  readonly durationMs: Accessor<number | undefined>;
  /** Live stdout/stderr/status lines while it runs (Python, bash); empty for other tools. */
  readonly output: Accessor<string>;
  /** What the model read as the call's result, once it ended. */
  readonly result: Accessor<string | undefined>;
  /** Workspace paths the call wrote, moved or deleted. */
  readonly changedFiles: Accessor<readonly string[]>;
  /** Unified diff of what a write or edit changed, when the tool reported one. */
  readonly diff: Accessor<string | undefined>;
  /**
   * Pictures the call returned (an MCP tool's images), while the session is shown; they are
   * not stored, so a reload shows the result's text only.
   */
  readonly images?: Accessor<readonly ToolImage[]>;
}

export type { PendingApproval } from '../agent/session-state';

/** The user's answer to a {@link PendingApproval}. */
export type ApprovalChoice =
  | { kind: 'approve' }
  /** Approve, and do not ask again for this tool in this session. */
  | { kind: 'approve_session' }
  /** Do not run it; the feedback becomes the call's result and the agent re-plans. */
  | { kind: 'reject'; feedback: string }
  /** Do not run it and stop the run (as the Stop button). */
  | { kind: 'stop' };

/** A file the last run changed (src/agent/changed-files.ts). */
export type ChangedFileView = ChangedFile;

/**
 * How the last run ended, when the user has something to decide or read: `max_steps` and
 * `repeated_failure` offer {@link AgentControls.continueRun}; `error` carries the message.
 */
export interface RunEndView {
  readonly reason: RunEndReason;
  readonly message?: string;
}

/** Tokens over the current (or last) run's requests. */
export type RunUsageView = RunUsage;

/** The agent state of the current session and the user's controls over it. */
/** A message typed during a run that waits in the inbox, as the composer lists it. */
export interface PendingView {
  /** The inbox's message (how it is taken back). */
  readonly message: AgentUserMessage;
  readonly lane: InboxLane;
  readonly text: string;
}

/** The composer's view of a waiting message. */
export function pendingView({ message, lane }: PendingMessage): PendingView {
  const text =
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { message, lane, text };
}

export interface AgentControls {
  /** The call waiting for a decision, if any (one at a time). */
  readonly approval: Accessor<PendingApproval | undefined>;
  /** Answers the pending approval; ignored when none is pending. */
  decide(choice: ApprovalChoice): void;
  /** The current session's approval mode. */
  readonly policy: Accessor<ApprovalMode>;
  setPolicy(mode: ApprovalMode): void;
  /** The agent's plan (todo_write), shown above the conversation. */
  readonly todo: Accessor<readonly TodoItem[]>;
  /** Files the last run changed (empty while none). */
  readonly changedFiles: Accessor<readonly ChangedFileView[]>;
  /** How the last run ended, when it did not simply answer. */
  readonly runEnd: Accessor<RunEndView | undefined>;
  /** Goes on after `max_steps` or `repeated_failure` (a new run over the same conversation). */
  continueRun(): void;
  /** During a run: deliver `text` to the model after the current tool batch. */
  steer(text: string): void;
  /** During a run: send `text` as the next message once this run ends. */
  queue(text: string): void;
  /** Messages typed during a run and not delivered yet: steering, queued, then held. */
  readonly pending: Accessor<readonly PendingView[]>;
  /** Takes a waiting message back (to edit, send or drop it); false once delivered. */
  takeBack(item: PendingView): boolean;
  /** Tokens of the current (or last) run. */
  readonly usage: Accessor<RunUsageView | undefined>;
  /** The tools a run offers, for Settings → Agent's per-tool approval (loaded on first use). */
  loadCatalog(): Promise<readonly AgentToolSummary[]>;
}
