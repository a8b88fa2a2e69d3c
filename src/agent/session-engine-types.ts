/**
 * What the session engine is to the rest of Cove: its dependencies, the events it
 * publishes and its commands. The engine itself is session-engine.ts.
 */
import type { ChatClient, ProviderConfig } from '../llm';
import type {
  NodeAttachment,
  NodeRecord,
  SessionMode,
  SessionRecord,
  StoredError,
} from '../store/records';
import type { OpenedSession, SessionStore } from '../store/session-store';
import type { Clock } from '../base/clock';
import type { AgentEvent } from './agent-events';
import type { AgentInbox } from './agent-inbox';
import type { ContextBudget } from './context-budget';
import type { ContextSources, PromptSettings } from './context-builder';
import type { AgentPort } from './session-agent-run';
import type { SessionEvent } from './session-events';
import type { SessionLocks } from './session-locks';
import type { NodeDraft } from './session-reducer';

export type CompactOutcome =
  | { outcome: 'compacted'; nodeId: string }
  | { outcome: 'nothing' | 'no_model' | 'locked' | 'busy' | 'stopped' }
  | { outcome: 'failed'; error: StoredError };

/** The model a reply is asked of. */
export interface ReplyModel {
  /** "providerId/modelId", stored on the reply. */
  ref: string;
  provider: ProviderConfig;
  modelId: string;
}

/** Where the engine learns which model to ask, and tells what it learned about a provider. */
export interface ReplyModels {
  /**
   * The model the session's next reply uses (the one the person sees chosen for it);
   * undefined when none is set up.
   */
  current(sessionId: string): ReplyModel | undefined;
  /** The provider refused `stream_options`; remember not to send it again. */
  streamOptionsUnsupported(providerId: string): void;
}

/** The person's settings for replies. */
export interface ReplySettings extends PromptSettings {
  /** Output limit per reply; undefined uses the model's. */
  maxTokens?: number;
  temperature?: number;
}

/** What the engine publishes. Listeners see them in order, synchronously. */
export type SessionEngineEvent =
  /**
   * A node was stored and the session's leaf moved to it (one transaction). Only the new
   * node travels: appending to a long session costs the same as to a short one.
   */
  | { type: 'node_appended'; sessionId: string; node: NodeRecord }
  /** Another branch was chosen, or the conversation rewound: the leaf moved, nothing new. */
  | {
      type: 'leaf_moved';
      sessionId: string;
      leafId: string | null;
      /** Every node of the session after the move. */
      nodes: readonly NodeRecord[];
    }
  /** A reply is stored as `streaming` and about to be asked for. */
  | { type: 'reply_start'; sessionId: string; node: NodeRecord }
  /** An event was folded into node `nodeId` at clock time `at`, giving `draft`. */
  | {
      type: 'node_event';
      sessionId: string;
      nodeId: string;
      event: SessionEvent;
      draft: NodeDraft;
      at: number;
    }
  /** An event of the agent run in this session, as the loop sent it (live tool state). */
  | { type: 'agent_event'; sessionId: string; event: AgentEvent }
  /**
   * What this engine is doing in the session: `compacting` (summarizing before a request),
   * `answering` (a reply or an agent run), `idle` (its lock is released). From the first
   * to the `idle`, Stop ends what runs and a Send is not "another tab".
   */
  | { type: 'activity'; sessionId: string; activity: SessionActivity }
  /** A request's context was fitted: how its window is shared (the meter's frame). */
  | { type: 'context_fitted'; sessionId: string; budget: ContextBudget };

export type SessionActivity = 'compacting' | 'answering' | 'idle';

/**
 * A listener of the engine. It may return a promise: for the event that ends a node
 * (`node_end`), the engine waits for every listener's promise before the reply counts as
 * done, which is how "stored and shown" is awaited. A listener that throws or rejects is
 * reported and the others still run.
 */
export type SessionEngineListener = (event: SessionEngineEvent) => void | Promise<void>;

/** How asking for a reply went. Errors and Stop are `answered`: the reply holds them. */
export type ReplyOutcome =
  /** The reply ran to its end (complete, error or aborted). */
  | 'answered'
  /** No model is set up: nothing was appended. */
  | 'no_model'
  /** Another tab is answering in this session: nothing was appended. */
  | 'locked'
  /** This tab is already answering in this session: nothing was appended. */
  | 'busy';

export interface SessionEngineDeps {
  sessions: SessionStore;
  clock: Clock;
  locks: SessionLocks;
  client: ChatClient;
  models: ReplyModels;
  settings(): ReplySettings;
  context: ContextSources;
  /** Runs agent-mode sessions; without it an agent session is answered like a chat. */
  agent?: AgentPort;
  newId?: () => string;
  /**
   * Makes a yielder for one stream: called per event, it returns a promise when the stream
   * should let the page paint first. Absent under Node.
   */
  makeYielder?: () => () => Promise<void> | undefined;
  /** A listener threw; the default logs it. */
  onListenerError?: (error: unknown) => void;
  /**
   * A problem the engine worked around without failing the request (an automatic
   * compaction that failed while the conversation still fit); the default logs it.
   */
  onProblem?: (error: unknown, what: string) => void;
}

export interface SessionEngine {
  /** Adds a listener; returns its removal. */
  subscribe(listener: SessionEngineListener): () => void;
  /** Every session of a workspace, chat and agent alike, most recently updated first. */
  list(workspaceId: string): Promise<SessionRecord[]>;
  /**
   * A session as stored now: its tree without bodies and its active path with them (all
   * a conversation needs to be shown). The rest of its nodes are read meanwhile, so what
   * follows (a send, a branch switch) finds them in memory.
   */
  load(sessionId: string): Promise<OpenedSession>;
  /**
   * Creates and stores an empty session titled after its first message, in one write: its
   * mode (chat unless said) and its model ("providerId/modelId") as chosen.
   */
  create(
    workspaceId: string,
    firstMessage: string,
    options?: { model?: string; mode?: SessionMode },
  ): Promise<SessionRecord>;
  /**
   * Stores `content` as a user message under `parentId` (a new sibling when that parent has
   * children; null for a root; undefined for the session's stored leaf) and asks for the
   * reply. `onStored` runs once the message is
   * in the store, before any request.
   */
  send(
    sessionId: string,
    parentId: string | null | undefined,
    content: string,
    onStored?: () => void,
    /** Mentions attached to the message, stored on its node. */
    attachments?: readonly NodeAttachment[],
  ): Promise<ReplyOutcome>;
  /** Asks again for the reply `nodeId` answered: a sibling; the old reply stays. */
  regenerate(sessionId: string, nodeId: string): Promise<ReplyOutcome | undefined>;
  /**
   * Goes on with a reply that was cut off (interrupted by a reload, stopped, or failed
   * mid-way): a new reply under it, asked to continue where the text stopped. The partial
   * reply stays as it is. In an agent session the run goes on from there instead.
   */
  continueReply(sessionId: string, nodeId: string): Promise<ReplyOutcome | undefined>;
  /** Sends `content` as a sibling of the user message `nodeId`. */
  edit(sessionId: string, nodeId: string, content: string): Promise<ReplyOutcome | undefined>;
  /**
   * Moves the leaf to the newest leaf under the previous or next sibling of `nodeId` and
   * stores it; returns the new leaf, undefined at either end. The session's updatedAt stays.
   */
  switchBranch(
    sessionId: string,
    nodeId: string,
    direction: 'previous' | 'next',
  ): Promise<string | undefined>;
  /**
   * Makes `nodeId` the session's leaf (a rewind of the conversation): its active path ends
   * there and what followed stays in the tree. Null shows the conversation before its
   * first message. False when there is no such node.
   */
  moveLeaf(sessionId: string, nodeId: string | null): Promise<boolean>;
  /**
   * Compacts the session's context now (`/compact [focus]`): the oldest part of the active
   * path is summarized into a compaction node appended at the leaf; the tail stays verbatim
   * and nothing is deleted. A failed summary changes nothing (outcome `failed`).
   */
  compact(sessionId: string, focus?: string): Promise<CompactOutcome>;
  /** Stores the model the session's next replies use ("providerId/modelId"). */
  setModel(sessionId: string, model: string): Promise<void>;
  /** Renames a session. Throws `bad-name` for a title that is only spaces. */
  rename(sessionId: string, title: string): Promise<void>;
  /**
   * Stores the session's mode; its nodes stay as they are, so a session can go from chat to
   * agent and back. In agent mode (with an agent port) a message starts an agent run: its
   * replies, tool results and delivered steering are stored as nodes as they come, and
   * follow-ups queued during the run run after it, one by one.
   */
  setMode(sessionId: string, mode: SessionMode): Promise<void>;
  /** Stops the reply being streamed (or the agent run, at once); what arrived is kept. */
  stop(): void;
  /**
   * Goes on with the agent from the session's leaf without a new message (after the run
   * ended at its step limit or on a repeated failure).
   */
  continueRun(sessionId: string): Promise<ReplyOutcome | undefined>;
  /** Messages typed during an agent run: steering (delivered after the tool batch) or queued. */
  readonly inbox: AgentInbox;
  /** The session whose reply this engine streams now, if any. */
  streaming(): string | undefined;
}
