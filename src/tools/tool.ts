/**
 * The contract between the agent loop and the things it can do (DESIGN.md, "src/tools").
 * A tool is plain data plus one function: the loop offers `name`, `description` and
 * `parameters` to the model, validates the model's arguments against `parameters` before
 * `execute` is called, and asks for approval according to `approval`. Tools reach the
 * world only through the context they are given, so each runs the same under Node tests
 * (in-memory store, scripted Python) and in the page.
 *
 * A tool also carries everything else Cove needs of it, so no other module keeps facts
 * about a tool by its name: the line the system prompt says about it (`promptHint`), what
 * its chip says (`summarize`), what its approval request shows (`describeApproval`, as
 * data), whether its output streams (`streamsOutput`), and which capability of the page it
 * needs (`needs`). The built-in tools are listed once, in tool-registry.ts.
 */
import type { MemoryScope } from '../store/assistant-memory-store';
import type { ApprovalCard } from './approval-card';

/** What kind of effect a tool has; the approval policy decides per kind. */
export type ToolApprovalKind =
  /** Reads only: never asks. */
  | 'read'
  /** Changes workspace files: runs without asking in auto-edit and auto. */
  | 'edit'
  /** Runs code (Python, bash): asks unless the policy is auto. */
  | 'code'
  /** Reaches the network (fetch_url, MCP): asks unless the policy is auto. */
  | 'network';

/** A picture a tool produced (a matplotlib figure), for models that can see. */
export interface ToolImage {
  /** A data: URL (image/png). */
  url: string;
  alt: string;
}

/**
 * What a tool hands back. `content` is what the model reads; `isError` tells the model
 * (and the timeline) that the call failed, with `content` saying why and what to do.
 * `changedFiles` lists workspace paths the call wrote, moved or deleted; `deletedFiles`
 * those of them that are gone after it (deleted, or moved away).
 */
export interface ToolResult {
  content: string;
  isError?: boolean;
  images?: ToolImage[];
  changedFiles?: string[];
  deletedFiles?: string[];
  /** Structured detail for the UI (a diff, a run's status); never sent to the model. */
  details?: Record<string, unknown>;
}

/**
 * What a call would do, computed without doing it, for its approval request: a file edit's
 * real diff before the user approves it.
 */
export interface ToolPreview {
  /** One line for the request: "Edit main.py (+2 −1)". */
  summary: string;
  /** Unified diff of the text it would change, when it changes a text file. */
  diff?: string;
  /** Why the call would fail as it stands; running it gives the model this text. */
  error?: string;
}

/** Streams partial output of a long call (Python's stdout) to the timeline. */
export type ToolUpdateSink = (update: {
  stream: 'stdout' | 'stderr' | 'status';
  text: string;
}) => void;

/**
 * Everything a tool may use. Tools that need a capability take it from here; a context
 * built for tests provides in-memory implementations. Extended by each tool family
 * (files, Python, shell, web) through its own interface in its own module.
 */
export interface ToolContext {
  /** Aborted on Stop: a tool must end promptly and report what it did so far. */
  signal: AbortSignal;
  /** Partial output for the timeline while the call runs. */
  update: ToolUpdateSink;
  /**
   * Characters of `content` the model will read before the loop cuts the rest (default
   * 10,000). Tools that can page (read_file) or cap (list_files, search_files) stay under
   * it, so their own "read on from here" notes stay exact.
   */
  resultCap?: number;
}

/**
 * A capability of the page a built-in tool needs beyond the workspace files and the plan:
 * the app leaves a tool out when it cannot serve what it needs (no Python runtime, no web,
 * no preview pane, no git, no knowledge index), or when a run has nothing for it
 * (`attachments`: a conversation with no file attached).
 */
export type ToolNeed =
  'python' | 'shell' | 'web' | 'preview' | 'git' | 'memory' | 'knowledge' | 'attachments';

/**
 * What a finished call left that the conversation shows beside its chip, with a way back:
 * a note saved to memory ("Saved to memory: <title>", View, Undo).
 */
export type ToolReceipt = {
  kind: 'memory';
  scope: MemoryScope;
  title: string;
  /** The write's revision, which Undo names (see AssistantMemoryStore.undo). */
  revision: number;
  /** The tool whose outside text came before the write in its run, when one did. */
  flagged?: string;
};

/** One tool. `Args` is the type its JSON Schema describes. */
export interface Tool<Args = Record<string, unknown>, Context extends ToolContext = ToolContext> {
  name: string;
  /** For the model: what it does and when to use it, in a sentence or three. */
  description: string;
  /** JSON Schema (draft-07 subset that ajv and OpenAI accept) of the arguments object. */
  parameters: Record<string, unknown>;
  approval: ToolApprovalKind;
  /**
   * Runs the call with arguments already validated against `parameters`. Should not throw
   * for failures the model can act on (return `isError`); a throw is turned into an error
   * result by the loop.
   */
  execute(args: Args, context: Context): Promise<ToolResult>;
  /**
   * Optional: what `execute` would do with these arguments, for the approval request,
   * computed without side effects. Like `execute`, returns failures (`error`) rather than
   * throwing them. The state may change between preview and execute; execute re-checks.
   */
  preview?(args: Args, context: Context): Promise<ToolPreview>;
  /**
   * Optional: what the approval request shows of a call, as data (see approval-card.ts);
   * without it the request shows "Run <name>" over the arguments. Side-effect free like
   * `preview`; a problem the call would run into is returned as `problem`, not thrown.
   */
  describeApproval?(args: Args, context: Context): Promise<ApprovalCard>;
  /**
   * Optional: the sentence the agent's system prompt says about the tool (when to use it,
   * how), said only while the tool is offered.
   */
  promptHint?: string;
  /**
   * Optional: what the call is about in a few words, for its chip ("main.py", "ls -la",
   * "3 steps"), from the arguments as parsed so far (not validated: they may be partial
   * while they stream) and the result once there. Pure. Default: the `path` argument.
   */
  summarize?(args: Readonly<Record<string, unknown>>, result?: string): string;
  /** True when a running call streams output worth watching (`context.update`). */
  streamsOutput?: boolean;
  /**
   * Optional: how the model reads a part of what a cut result left out with this tool
   * ("call read_file with a line range"); the truncation marker names it while it is
   * offered.
   */
  readsRest?: string;
  /**
   * True when the result carries text from outside the conversation (a file, a fetched page,
   * an MCP server): a memory write after it in the same run is flagged, since that text
   * may be what it saves.
   */
  outsideText?: boolean;
  /** Optional: what a successful call left, from its arguments and result (pure). */
  receipt?(args: Readonly<Record<string, unknown>>, result: string): ToolReceipt | undefined;
  /** What the page must offer for this tool to be offered; absent: files only. */
  needs?: ToolNeed;
}

/** True for tools that only read, which run in parallel and never ask. */
export function isReadOnly(tool: Pick<Tool, 'approval'>): boolean {
  return tool.approval === 'read';
}
