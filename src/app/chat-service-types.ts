import type { Accessor } from 'solid-js';
import type { RetryState } from '../agent/run-state';
import type { NodeAttachment, SessionMode, SessionRecord } from '../store/records';
import type { TrashEntry } from '../store/trash-store';
import type { AgentControls } from './agent-views';
import type { ChatMessageView } from './chat-message-view';
import type { ContextMeterView } from './context-meter';
import type { RewindControls } from './rewind-service';

/** What a message carries besides its text. */
export interface SendExtras {
  /** Mentions to attach; stored on the message's node. */
  attachments?: readonly NodeAttachment[];
  /** Runs once the message is stored (the composer lets go of its mentions then). */
  onStored?: () => void;
}

/**
 * The chat panel's state over the session engine (src/agent/session-engine.ts): the
 * sessions of the current workspace, the active path as views with signals, the composer's
 * draft. Every action goes down to the engine; what it publishes comes back as signals.
 */
export interface ChatService {
  /** Sessions of the current workspace (chat and agent), most recent first. */
  readonly sessions: Accessor<readonly SessionRecord[]>;
  readonly activeSession: Accessor<SessionRecord | undefined>;
  /** The active path of the session's tree, root first. */
  readonly messages: Accessor<readonly ChatMessageView[]>;
  /** True while this tab streams a reply. */
  readonly busy: Accessor<boolean>;
  /** True while another tab runs the shown session (holds its lock): its reply shows as it is written. */
  readonly runningElsewhere: Accessor<boolean>;
  readonly retrying: Accessor<RetryState | undefined>;
  /** The composer's text; "Debug with AI" fills it. */
  readonly draft: Accessor<string>;
  setDraft(text: string): void;
  /** Stores the message, then streams the reply. Reports problems as notices or inline errors. */
  send(text: string, extras?: SendExtras): Promise<void>;
  /** Stops the reply being streamed; what arrived is kept. */
  stop(): void;
  /**
   * Asks again for a reply to the same message: the new reply is a sibling of the old one,
   * which stays in the tree with everything that followed it (see `switchBranch`).
   */
  regenerate(assistantId: string): Promise<void>;
  /**
   * Goes on with a reply that was cut off (interrupted by a reload, stopped or failed): a
   * new reply follows it, asked to continue where the text stopped; the partial one stays.
   */
  continueReply(assistantId: string): Promise<void>;
  /**
   * Sends `text` in place of the user message `userId`, as its sibling, and streams a reply
   * to it. The original message and its replies stay in the tree. Empty text is ignored.
   */
  editMessage(userId: string, text: string): Promise<void>;
  /**
   * Shows the previous or next sibling of `nodeId` and the newest conversation under it
   * (moves the session's leaf and stores it). Does nothing while a reply streams.
   */
  switchBranch(nodeId: string, direction: 'previous' | 'next'): Promise<void>;
  /** Allows the provider's key to go to its new host, then asks again. */
  allowKeyAndRetry(assistantId: string): Promise<void>;
  /**
   * Shows an empty conversation; the current one stays in the list as it is. The session
   * the next message creates is in `mode` (default chat).
   */
  newSession(mode?: SessionMode): void;
  openSession(id: string): Promise<void>;
  renameSession(id: string, title: string): Promise<void>;
  /** Switches a session between chat and agent mode (stored; its messages stay). */
  setMode(id: string, mode: SessionMode): Promise<void>;
  /**
   * Moves a session to Recently deleted (its nodes, runs and settings; its checkpoints wait
   * there with it), after stopping a reply this tab streams into it, and shows another
   * session if it was shown. Returns the entry; undefined when it was already gone.
   */
  deleteSession(id: string): Promise<TrashEntry | undefined>;
  /** Reads the workspace's sessions again (after a star, fork, import or undo elsewhere). */
  reloadSessions(): Promise<void>;
  /** Writes the growing reply now (the page is going away). */
  flush(): void;
  /** Marks replies that a closed tab left "streaming" as interrupted; loads sessions. */
  start(): Promise<void>;
  /**
   * The agent of the active session (agent mode): approval, plan, policy, changed files,
   * how the run ended, steering and queueing. `send` in an agent session starts a run;
   * `stop` stops it at once, keeping what it produced.
   */
  readonly agent: AgentControls;
  /** Rewinds of the files the agent changed (and of the conversation) to a message. */
  readonly rewind: RewindControls;
  /**
   * The token meter: the context the next request would use against the selected model's
   * window (and the cost where it has prices); undefined without a model.
   */
  context(): ContextMeterView | undefined;
  /** True while `/compact` summarizes. */
  readonly compacting: Accessor<boolean>;
  /**
   * The model the next message of the conversation shown goes to (its own choice, else the
   * default): what the picker shows and what the engine asks, always the same.
   */
  readonly model: Accessor<string | undefined>;
  /** Chooses the model of the conversation shown, and the default for new ones. */
  chooseModel(ref: string): Promise<void>;
}
