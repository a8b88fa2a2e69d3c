/**
 * One agent run inside a session: drives `runAgent` and turns its events into the session
 * tree, as they come. Each reply of the model is an assistant node folded by the session
 * reducer (so the persister writes it while it grows, and in full when it ends); each tool
 * result is a `tool` node (with `toolCallId`) stored whole when the call ends; a steering
 * message the run delivered is a user node. Nothing produced is lost: Stop ends the run
 * through the loop's own abort path, which still ends every reply and call it started.
 */
import type { Clock } from '../base/clock';
import type { ChatMessage } from '../llm/chat-message';
import type { NodeRecord, StoredError } from '../store/records';
import type { ToolContext } from '../tools/tool';
import type { AgentEvent, RunEndEvent, ToolEndEvent, ToolOutcome } from './agent-events';
import type { SteeringSource } from './agent-inbox';
import { runAgent, type AgentRunOptions } from './agent-loop';
import type { ApprovalDecision, ApprovalPolicy } from './approval-policy';
import type { SessionEvent } from './session-events';
import type { ApprovalRequest } from './tool-batch';
import type { AgentTool } from './tool-catalog';
import { agentError } from './agent-errors';
import { toStoredError } from '../store/stored-error';

/** The tools of one run and what they work on, as the app assembles them for a session. */
export interface AgentToolbox {
  tools: readonly AgentTool<ToolContext>[];
  /** What the tools get besides `signal` and `update`. */
  context: Record<string, unknown>;
  /** The dynamic part of the system prompt, rebuilt before every request. */
  dynamicPrompt(): string;
  /** Called when the run is over (stops keeping the prompt's sources current). */
  dispose?(): void;
  /**
   * A turn of the loop begins; `nodeId` will be its reply's assistant node. Called as the
   * loop starts the turn (not when its events are stored, which may lag), so every tool call
   * of the turn runs after it: checkpoints record the calls' writes against `nodeId`.
   */
  beginTurn?(nodeId: string): void;
  /** The run is over (after its last tool call); awaited before `dispose`. Must not reject. */
  finish?(): Promise<void>;
}

/**
 * What the engine needs from the app to run the agent in a session: its tools, its policy,
 * and a person to ask. Implemented by the app (src/app/agent-service.ts), faked in tests.
 */
export interface AgentPort {
  /** The tools for a run in this session, assembled now (before the run starts). */
  toolbox(sessionId: string): Promise<AgentToolbox>;
  policy(sessionId: string): ApprovalPolicy;
  /** Shows the request and resolves with the person's answer (never rejects). */
  approve(sessionId: string, request: ApprovalRequest): Promise<ApprovalDecision>;
  /** Tools approved "for the rest of the session"; the run adds to it. */
  sessionApproved(sessionId: string): Set<string>;
  /**
   * The tools a chat reply in this session may use (memory, when the person turned it on
   * for chat mode); undefined: the reply is a plain chat reply, without tools.
   */
  chatToolbox?(sessionId: string): Promise<AgentToolbox | undefined>;
  /** Turns per run before it ends with `max_steps`; default the loop's (50). */
  maxSteps?: number;
  /** Longest tool result the model reads, in characters; default the loop's (10,000). */
  toolResultCap?: number;
}

/** What a run needs from the engine that hosts it. */
export interface SessionAgentRunEnv {
  sessionId: string;
  /** The node the run continues from (the question, or the leaf when going on). */
  parentId: string;
  /** "providerId/modelId", stored on each reply. */
  modelRef: string;
  clock: Clock;
  newId(): string;
  /** Stores `node` and moves the leaf to it, then announces it. */
  append(node: NodeRecord): Promise<void>;
  /** Folds `event` into reply `node` (reducer, persister, views); awaits node ends. */
  fold(node: NodeRecord, event: SessionEvent): Promise<void>;
  /** Publishes the loop's event as it is, for the app's live state. */
  publish(event: AgentEvent): void;
  /** A turn begins whose reply will be node `nodeId` (see AgentToolbox.beginTurn). */
  beginTurn?(nodeId: string): void;
}

/** What a tool call changed, kept with its result so the run's changes outlive the page. */
function toolEffectsOf(event: ToolEndEvent): Pick<NodeRecord, 'toolEffects'> {
  const changedFiles = event.changedFiles ?? [];
  if (!changedFiles.length) return {};
  const diff = event.details?.['diff'];
  return {
    toolEffects: {
      changedFiles: [...changedFiles],
      ...(typeof diff === 'string' ? { diff } : {}),
      ...(event.deletedFiles?.length ? { deleted: [...event.deletedFiles] } : {}),
    },
  };
}

/** How a tool call's outcome is stored: a status, and for failures an error with a code. */
function toolNodeState(
  outcome: ToolOutcome,
  content: string,
): { status: NodeRecord['status']; error?: StoredError } {
  const firstLine = content.split('\n', 1)[0] ?? '';
  switch (outcome) {
    case 'ok':
      return { status: 'complete' };
    case 'aborted':
      return { status: 'aborted' };
    case 'rejected':
      return { status: 'error', error: toStoredError(agentError('rejected', { text: firstLine })) };
    case 'error':
    case 'invalid':
      return {
        status: 'error',
        error: toStoredError(agentError(`tool-${outcome}`, { text: firstLine })),
      };
  }
}

/** A user message's text as stored (images are not kept in the tree). */
function userText(message: Extract<ChatMessage, { role: 'user' }>): string {
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * Runs the agent once from `env.parentId` and stores what it produces; returns the run's
 * end (undefined only if the loop broke its contract and never sent one).
 */
export async function runAgentInSession(
  env: SessionAgentRunEnv,
  options: Omit<AgentRunOptions<ToolContext>, 'approve' | 'steering'> & {
    approve: AgentRunOptions['approve'];
    steering?: SteeringSource;
  },
): Promise<RunEndEvent | undefined> {
  const { sessionId, clock } = env;
  let leaf = env.parentId;
  /** The reply that is streaming now, if any. */
  let open: NodeRecord | undefined;
  const started = new Map<string, number>();
  let end: RunEndEvent | undefined;

  const closeOpen = async (event?: SessionEvent) => {
    const node = open;
    if (!node) return;
    open = undefined;
    if (event) await env.fold(node, event);
    await env.fold(node, { type: 'node_end' });
  };

  /** Node ids named as the loop starts each turn (see AgentToolbox.beginTurn). */
  const turnNodes = new Map<number, string>();
  const onTurnStart = (turn: number) => {
    const id = env.newId();
    turnNodes.set(turn, id);
    env.beginTurn?.(id);
    options.onTurnStart?.(turn);
  };

  try {
    for await (const event of runAgent({ ...options, onTurnStart })) {
      env.publish(event);
      switch (event.type) {
        case 'message_start': {
          await closeOpen();
          const node: NodeRecord = {
            id: turnNodes.get(event.turn) ?? env.newId(),
            sessionId,
            parentId: leaf,
            role: 'assistant',
            content: '',
            status: 'streaming',
            model: env.modelRef,
            startedAt: event.at,
          };
          await env.append(node);
          leaf = node.id;
          open = node;
          break;
        }
        case 'text_delta':
        case 'reasoning_delta':
        case 'toolcall_delta':
          if (open) await env.fold(open, event);
          break;
        case 'message_end':
          await closeOpen(event);
          break;
        case 'tool_start':
          started.set(event.callId, event.at);
          break;
        case 'tool_end': {
          const node: NodeRecord = {
            id: env.newId(),
            sessionId,
            parentId: leaf,
            role: 'tool',
            content: event.message.content,
            toolCallId: event.callId,
            ...toolNodeState(event.outcome, event.message.content),
            ...toolEffectsOf(event),
            startedAt: started.get(event.callId) ?? event.at,
            finishedAt: event.at,
          };
          await env.append(node);
          leaf = node.id;
          break;
        }
        case 'user_message': {
          const now = clock.now();
          const node: NodeRecord = {
            id: env.newId(),
            sessionId,
            parentId: leaf,
            role: 'user',
            content: userText(event.message),
            status: 'complete',
            startedAt: now,
            finishedAt: now,
          };
          await env.append(node);
          leaf = node.id;
          break;
        }
        case 'run_end':
          end = event;
          break;
        default:
          break;
      }
    }
  } finally {
    // Only a broken contract or a failed write leaves a reply open: end it, keeping its text.
    await closeOpen();
  }
  return end;
}

export type { ApprovalRequest };
