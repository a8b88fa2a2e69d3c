/**
 * The session engine: one engine for chat and agent sessions (DESIGN.md, "The agent run").
 * It owns the way down from a message to the model: store the question (before any
 * request, invariant 1), take the session's cross-tab lock, append the reply, build the
 * context, stream, and fold each event into the reply with the pure reducer. It writes the
 * tree's structure itself (a node and the leaf's move are one transaction, invariant 4) and
 * publishes every step as an event: the persister stores growing nodes, the app mirrors them
 * into signals. No Solid, no DOM, no timers of its own: it runs under Node in tests.
 *
 * Event order of one reply:
 *   leaf_moved (question stored) → leaf_moved (reply stored, status streaming) → reply_start
 *   → node_event* (model events folded) → node_event{node_end} (awaited: stored and shown)
 */
import type { Clock } from '../base/clock';
import { CoveError, describeError } from '../base/errors';
import { newId as randomId } from '../base/ids';
import { resolveModelSettings, type ChatClient, type ProviderConfig } from '../llm';
import type { NodeRecord, SessionMode, SessionRecord, StoredError } from '../store/records';
import type { SessionStore } from '../store/session-store';
import type { AgentEvent } from './agent-events';
import { AgentInbox } from './agent-inbox';
import {
  buildAgentHistory,
  buildChatContext,
  type ContextSources,
  type PromptSettings,
} from './context-builder';
import {
  AGENT_OVERHEAD_TOKENS,
  CHAT_OVERHEAD_TOKENS,
  prepareCompaction,
  type CompactionModel,
} from './compaction-run';
import type { AgentPort, AgentToolbox } from './session-agent-run';
import { estimateTokens } from './token-estimate';
import type { SessionEvent } from './session-events';
import type { SessionLocks } from './session-locks';
import { draftOf, reduceNode, type NodeDraft } from './session-reducer';
import { sessionTitle } from './session-title';
import { activePath, switchBranch as planBranchSwitch } from './session-tree';

/**
 * Tokens kept free for the agent's static prompt and the tool schemas (about 20 tools of
 * 100-150 tokens each), besides the dynamic prompt, which is measured.
 */
const AGENT_PROMPT_RESERVE_TOKENS = 4_000;

/** How a `/compact` ended. */
/** Replies that ended before their end: Continue goes on from their text. */
const CONTINUABLE: ReadonlySet<NodeRecord['status']> = new Set(['interrupted', 'aborted', 'error']);

/** What a Continue request adds after the cut-off reply. */
export const CONTINUE_INSTRUCTION =
  'Your previous reply was cut off. Continue it from exactly where it stopped, without repeating what you already wrote.';

export type CompactOutcome =
  | { outcome: 'compacted'; nodeId: string }
  | { outcome: 'nothing' | 'no_model' | 'locked' }
  | { outcome: 'failed'; error: StoredError };

const DONE: Promise<void> = Promise.resolve();

/** Longest title a person may give a session, in characters. */
const MAX_TITLE_LENGTH = 120;

/** The model a reply is asked of. */
export interface ReplyModel {
  /** "providerId/modelId", stored on the reply. */
  ref: string;
  provider: ProviderConfig;
  modelId: string;
}

/** Where the engine learns which model to ask, and tells what it learned about a provider. */
export interface ReplyModels {
  /** The model new replies use; undefined when none is set up. */
  current(): ReplyModel | undefined;
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
  /** The session's leaf moved (a node was appended, or another branch was chosen). */
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
  | { type: 'agent_event'; sessionId: string; event: AgentEvent };

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
  | 'locked';

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
}

export interface SessionEngine {
  /** Adds a listener; returns its removal. */
  subscribe(listener: SessionEngineListener): () => void;
  /** Every session of a workspace, chat and agent alike, most recently updated first. */
  list(workspaceId: string): Promise<SessionRecord[]>;
  /** A session as stored now and all its nodes. */
  load(sessionId: string): Promise<{ session: SessionRecord | undefined; nodes: NodeRecord[] }>;
  /** Creates and stores an empty chat session titled after its first message. */
  create(workspaceId: string, firstMessage: string, model?: string): Promise<SessionRecord>;
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
  /** Renames a session. Throws `bad-name` for a title that is only spaces. */
  rename(sessionId: string, title: string): Promise<void>;
  /**
   * Stores the session's mode; its nodes stay as they are, so a session can go from chat to
   * agent and back. In agent mode (with an agent port) a message starts an agent run: its
   * replies, tool results and delivered steering are stored as nodes as they come, and
   * follow-ups queued during the run run after it, one by one.
   */
  setMode(sessionId: string, mode: SessionMode): Promise<void>;
  /** Stops the session's reply if this engine streams it, then deletes it with its nodes. */
  delete(sessionId: string): Promise<void>;
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

function internalError(failure: unknown): StoredError {
  const error =
    failure instanceof CoveError
      ? failure
      : new CoveError(
          'internal',
          `Cove failed while answering: ${describeError(failure)}`,
          'Try again; if it keeps failing, reload the page.',
        );
  return { code: error.code, message: error.message, hint: error.hint };
}

export function createSessionEngine(deps: SessionEngineDeps): SessionEngine {
  const { sessions, clock, locks, client, models } = deps;
  const newId = deps.newId ?? randomId;
  const reportListenerError =
    deps.onListenerError ?? ((error: unknown) => console.error('A session listener threw:', error));
  const listeners = new Set<SessionEngineListener>();
  const inbox = new AgentInbox();
  let controller: AbortController | undefined;
  let streamingSessionId: string | undefined;

  /** Calls every listener; returns a promise only when one of them returned one. */
  function emit(event: SessionEngineEvent): Promise<void> | undefined {
    let waits: Promise<void>[] | undefined;
    for (const listener of [...listeners]) {
      try {
        const result = listener(event);
        if (result) (waits ??= []).push(result.catch(reportListenerError));
      } catch (error) {
        reportListenerError(error);
      }
    }
    return waits && Promise.all(waits).then(() => undefined);
  }

  /** Appends `node` and moves the leaf to it (one transaction), then says so. */
  async function append(node: NodeRecord): Promise<void> {
    await sessions.append(node, node.startedAt);
    const nodes = await sessions.nodes(node.sessionId);
    await emit({ type: 'leaf_moved', sessionId: node.sessionId, leafId: node.id, nodes });
  }

  async function ask(
    sessionId: string,
    parentId: string | null,
    content: string,
    onStored?: () => void,
  ): Promise<ReplyOutcome> {
    const now = clock.now();
    const question: NodeRecord = {
      id: newId(),
      sessionId,
      parentId,
      role: 'user',
      content,
      status: 'complete',
      startedAt: now,
      finishedAt: now,
    };
    await append(question);
    onStored?.();
    return (await isAgentSession(sessionId))
      ? agentReply(sessionId, question)
      : reply(sessionId, question);
  }

  /**
   * Appends a streaming reply under `parent` holding the session's lock, and streams it.
   * `continuation`: `parent` is a reply that was cut off, and the model is asked to go on.
   */
  async function reply(
    sessionId: string,
    parent: NodeRecord,
    continuation = false,
  ): Promise<ReplyOutcome> {
    const model = models.current();
    if (!model) return 'no_model';
    const answer: NodeRecord = {
      id: newId(),
      sessionId,
      parentId: parent.id,
      role: 'assistant',
      content: '',
      status: 'streaming',
      model: model.ref,
      startedAt: clock.now(),
    };
    const outcome = await locks.tryWith(sessionId, async () => {
      answer.parentId = await autoCompact(sessionId, parent.id, model, CHAT_OVERHEAD_TOKENS);
      // A sibling reply (regenerate) leaves the earlier one and what followed it in the tree.
      await append(answer);
      const ended = await stream(answer, model, continuation);
      // The provider said the request was over its window: compact once and ask again. The
      // failed reply stays in the tree, beside the compaction (a branch).
      if (ended.error?.code !== 'context_overflow') return;
      const node = await compactAt(sessionId, answer.parentId!, model, {
        force: true,
        automatic: true,
        minKept: 1,
        overhead: CHAT_OVERHEAD_TOKENS,
      }).catch(() => undefined);
      if (!node) return;
      const retry: NodeRecord = {
        ...answer,
        id: newId(),
        parentId: node.id,
        startedAt: clock.now(),
      };
      await append(retry);
      await stream(retry, model, continuation);
    });
    return outcome ? 'answered' : 'locked';
  }

  /** The model as compaction needs it: its window and the reply's output limit. */
  function compactionModel(model: ReplyModel): CompactionModel {
    const { capabilities } = resolveModelSettings(model.provider, model.modelId);
    const maxTokens = deps.settings().maxTokens ?? capabilities.maxOutputTokens;
    return {
      ...model,
      capabilities,
      maxOutputTokens: Math.min(maxTokens, capabilities.maxOutputTokens),
    };
  }

  /**
   * Compacts the context ending at `leafId` when it is over the limit (or `force`), holding
   * the session's lock already; appends and returns the compaction node. Throws only when
   * the summary failed (nothing is written then).
   */
  async function compactAt(
    sessionId: string,
    leafId: string,
    model: ReplyModel,
    options: {
      force: boolean;
      automatic: boolean;
      focus?: string;
      minKept: number;
      keepLastQuestion?: boolean;
      overhead: number;
    },
  ): Promise<NodeRecord | undefined> {
    const path = activePath(await sessions.nodes(sessionId), leafId);
    const node = await prepareCompaction(
      { client, clock, newId },
      {
        sessionId,
        path,
        model: compactionModel(model),
        automatic: options.automatic,
        force: options.force,
        minKept: options.minKept,
        ...(options.keepLastQuestion ? { keepLastQuestion: true } : {}),
        overheadTokens: options.overhead,
        ...(options.focus ? { focus: options.focus } : {}),
      },
    );
    if (node) await append(node);
    return node;
  }

  /**
   * Before a request: compacts on its own when the context passed the limit, keeping the
   * question verbatim. A failed summary leaves everything as it was (the request's sliding
   * window still keeps it inside the window). Returns the node to answer from.
   */
  async function autoCompact(
    sessionId: string,
    leafId: string,
    model: ReplyModel,
    overhead: number,
  ): Promise<string> {
    try {
      const node = await compactAt(sessionId, leafId, model, {
        force: false,
        automatic: true,
        minKept: 1,
        overhead,
      });
      return node?.id ?? leafId;
    } catch {
      return leafId;
    }
  }

  /** True when `sessionId` is answered by the agent loop. */
  async function isAgentSession(sessionId: string): Promise<boolean> {
    return Boolean(deps.agent) && (await sessions.get(sessionId))?.mode === 'agent';
  }

  /**
   * Runs the agent from `parent` holding the session's lock; then, while follow-ups were
   * queued and the run was not stopped, stores the next one and runs again.
   */
  async function agentReply(sessionId: string, parent: NodeRecord): Promise<ReplyOutcome> {
    const model = models.current();
    if (!model) return 'no_model';
    const held = await locks.tryWith(sessionId, async () => {
      let from = await autoCompact(sessionId, parent.id, model, AGENT_OVERHEAD_TOKENS);
      let overflowRetried = false;
      for (;;) {
        const end = await agentRun(sessionId, from, model);
        inbox.requeueUndelivered();
        // The provider said the request was over its window: compact once and go on.
        if (end?.reason === 'error' && end.error?.code === 'context_overflow' && !overflowRetried) {
          overflowRetried = true;
          const leaf = (await sessions.get(sessionId))?.leafId ?? from;
          const node = await compactAt(sessionId, leaf, model, {
            force: true,
            automatic: true,
            minKept: 0,
            keepLastQuestion: true,
            overhead: AGENT_OVERHEAD_TOKENS,
          }).catch(() => undefined);
          if (node) {
            from = node.id;
            continue;
          }
        }
        // After Stop, an error or a limit the person decides first; what is queued waits.
        if (end?.reason !== 'done') return;
        const next = inbox.takeQueued();
        if (!next) return;
        const now = clock.now();
        const question: NodeRecord = {
          id: newId(),
          sessionId,
          parentId: (await sessions.get(sessionId))?.leafId ?? from,
          role: 'user',
          content: typeof next.content === 'string' ? next.content : '',
          status: 'complete',
          startedAt: now,
          finishedAt: now,
        };
        await append(question);
        from = question.id;
      }
    });
    return held ? 'answered' : 'locked';
  }

  async function agentRun(sessionId: string, parentId: string, model: ReplyModel) {
    const port = deps.agent!;
    const abort = new AbortController();
    controller = abort;
    streamingSessionId = sessionId;
    const drafts = new Map<string, NodeDraft>();
    let ended = false;
    let toolbox: AgentToolbox | undefined;
    const publish = (event: AgentEvent) => {
      if (event.type === 'run_end') ended = true;
      void emit({ type: 'agent_event', sessionId, event });
    };
    try {
      const settings = deps.settings();
      const { capabilities } = resolveModelSettings(model.provider, model.modelId);
      const maxOutputTokens = Math.min(
        settings.maxTokens ?? capabilities.maxOutputTokens,
        capabilities.maxOutputTokens,
      );
      toolbox = await port.toolbox(sessionId);
      const path = activePath(await sessions.nodes(sessionId), parentId);
      const reserve = estimateTokens(toolbox.dynamicPrompt()) + AGENT_PROMPT_RESERVE_TOKENS;
      const messages = buildAgentHistory(
        path,
        capabilities.contextWindow - maxOutputTokens - reserve,
        { vision: capabilities.vision },
      );
      // The loop, its tool catalog and its schema checker load with the first agent run.
      const { runAgentInSession } = await import('./session-agent-run');
      return await runAgentInSession(
        {
          sessionId,
          parentId,
          modelRef: model.ref,
          clock,
          newId,
          append,
          fold(node, event) {
            const at = clock.now();
            const draft = reduceNode(drafts.get(node.id) ?? draftOf(node), event, at);
            if (event.type === 'node_end') drafts.delete(node.id);
            else drafts.set(node.id, draft);
            return (
              emit({ type: 'node_event', sessionId, nodeId: node.id, event, draft, at }) ?? DONE
            );
          },
          publish,
          beginTurn: (nodeId) => toolbox?.beginTurn?.(nodeId),
        },
        {
          client,
          provider: model.provider,
          model: model.modelId,
          tools: toolbox.tools,
          toolContext: toolbox.context,
          messages,
          dynamicPrompt: toolbox.dynamicPrompt,
          policy: port.policy(sessionId),
          approve: (request) => port.approve(sessionId, request),
          sessionApproved: port.sessionApproved(sessionId),
          signal: abort.signal,
          clock,
          steering: inbox,
          toolCalling: capabilities.toolCalling,
          seesImages: capabilities.vision,
          request: {
            maxOutputTokens: settings.maxTokens,
            temperature: settings.temperature,
          },
          onStreamOptionsUnsupported: () => models.streamOptionsUnsupported(model.provider.id),
          ...(port.maxSteps !== undefined ? { maxSteps: port.maxSteps } : {}),
          ...(port.toolResultCap !== undefined ? { toolResultCap: port.toolResultCap } : {}),
        },
      );
    } catch (failure) {
      // Building the history or the toolbox threw, or a write failed: the run is over, and
      // the app learns why from a run_end like any other (everything stored stays).
      const error = internalError(failure);
      if (!ended) {
        publish({
          type: 'run_end',
          at: clock.now(),
          reason: 'error',
          turns: 0,
          messages: [],
          usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
          error: { code: 'internal', message: error.message, hint: error.hint },
        });
      }
      return undefined;
    } finally {
      await toolbox?.finish?.();
      toolbox?.dispose?.();
      if (controller === abort) {
        controller = undefined;
        streamingSessionId = undefined;
      }
    }
  }

  async function stream(
    answer: NodeRecord,
    model: ReplyModel,
    continuation = false,
  ): Promise<NodeDraft> {
    const sessionId = answer.sessionId;
    let draft = draftOf(answer);
    const fold = (event: SessionEvent) => {
      const at = clock.now();
      draft = reduceNode(draft, event, at);
      return emit({ type: 'node_event', sessionId, nodeId: answer.id, event, draft, at });
    };
    const abort = new AbortController();
    controller = abort;
    streamingSessionId = sessionId;
    try {
      await emit({ type: 'reply_start', sessionId, node: answer });
      const settings = deps.settings();
      const { capabilities } = resolveModelSettings(model.provider, model.modelId);
      const maxOutputTokens = Math.min(
        settings.maxTokens ?? capabilities.maxOutputTokens,
        capabilities.maxOutputTokens,
      );
      const path = activePath(await sessions.nodes(sessionId), answer.parentId);
      const messages = await buildChatContext({
        path,
        settings,
        sources: deps.context,
        contextWindow: capabilities.contextWindow,
        maxOutputTokens,
        now: clock.now(),
        vision: capabilities.vision,
      });
      // Not stored: the instruction belongs to this request, the tree keeps only the replies.
      if (continuation) messages.push({ role: 'user', content: CONTINUE_INSTRUCTION });
      const events = client.stream({
        provider: model.provider,
        model: model.modelId,
        messages,
        maxOutputTokens: settings.maxTokens,
        temperature: settings.temperature,
        signal: abort.signal,
      });
      const maybeYield = deps.makeYielder?.();
      for await (const event of events) {
        // A fast stream delivers thousands of events per network read; let the page paint.
        const pause = maybeYield?.();
        if (pause) await pause;
        if (event.type === 'stream_options_unsupported') {
          models.streamOptionsUnsupported(model.provider.id);
        }
        fold(event);
      }
    } catch (failure) {
      // The client never throws; building the context might. Keep what arrived.
      fold({ type: 'node_failed', error: internalError(failure) });
    } finally {
      if (controller === abort) {
        controller = undefined;
        streamingSessionId = undefined;
      }
      await fold({ type: 'node_end' });
    }
    return draft;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: (workspaceId) => sessions.list(workspaceId),
    async load(sessionId) {
      const [session, nodes] = await Promise.all([
        sessions.get(sessionId),
        sessions.nodes(sessionId),
      ]);
      return { session, nodes };
    },
    async create(workspaceId, firstMessage, model) {
      const now = clock.now();
      const session: SessionRecord = {
        id: newId(),
        workspaceId,
        title: sessionTitle(firstMessage),
        mode: 'chat',
        leafId: null,
        createdAt: now,
        updatedAt: now,
        starred: false,
        ...(model ? { model } : {}),
      };
      await sessions.put(session);
      return session;
    },
    async send(sessionId, parentId, content, onStored) {
      const parent =
        parentId !== undefined ? parentId : ((await sessions.get(sessionId))?.leafId ?? null);
      return ask(sessionId, parent, content, onStored);
    },
    async regenerate(sessionId, nodeId) {
      const nodes = await sessions.nodes(sessionId);
      const target = nodes.find((n) => n.id === nodeId);
      const parent = target?.parentId ? nodes.find((n) => n.id === target.parentId) : undefined;
      if (!parent) return undefined;
      return (await isAgentSession(sessionId))
        ? agentReply(sessionId, parent)
        : reply(sessionId, parent);
    },
    async continueReply(sessionId, nodeId) {
      const nodes = await sessions.nodes(sessionId);
      const partial = nodes.find((n) => n.id === nodeId && n.role === 'assistant');
      if (!partial || !CONTINUABLE.has(partial.status)) return undefined;
      return (await isAgentSession(sessionId))
        ? agentReply(sessionId, partial)
        : reply(sessionId, partial, true);
    },
    async continueRun(sessionId) {
      if (!(await isAgentSession(sessionId))) return undefined;
      const session = await sessions.get(sessionId);
      const nodes = await sessions.nodes(sessionId);
      const leaf = nodes.find((n) => n.id === session?.leafId);
      return leaf ? agentReply(sessionId, leaf) : undefined;
    },
    inbox,
    async edit(sessionId, nodeId, content) {
      const nodes = await sessions.nodes(sessionId);
      const original = nodes.find((n) => n.id === nodeId && n.role === 'user');
      if (!original) return undefined;
      return ask(sessionId, original.parentId, content);
    },
    async switchBranch(sessionId, nodeId, direction) {
      const nodes = await sessions.nodes(sessionId);
      const target = planBranchSwitch(nodes, nodeId, direction);
      if (!target) return undefined;
      // Only the leaf moves: reading another branch does not make the session newer.
      await sessions.update(sessionId, { leafId: target.leafId });
      await emit({ type: 'leaf_moved', sessionId, leafId: target.leafId, nodes });
      return target.leafId;
    },
    async moveLeaf(sessionId, nodeId) {
      const nodes = await sessions.nodes(sessionId);
      if (nodeId !== null && !nodes.some((n) => n.id === nodeId)) return false;
      await sessions.update(sessionId, { leafId: nodeId });
      await emit({ type: 'leaf_moved', sessionId, leafId: nodeId, nodes });
      return true;
    },
    async compact(sessionId, focus) {
      const model = models.current();
      if (!model) return { outcome: 'no_model' };
      let result: CompactOutcome = { outcome: 'nothing' };
      const held = await locks.tryWith(sessionId, async () => {
        const leafId = (await sessions.get(sessionId))?.leafId;
        if (!leafId) return;
        try {
          const node = await compactAt(sessionId, leafId, model, {
            force: true,
            automatic: false,
            minKept: 0,
            overhead: (await isAgentSession(sessionId))
              ? AGENT_OVERHEAD_TOKENS
              : CHAT_OVERHEAD_TOKENS,
            ...(focus?.trim() ? { focus: focus.trim() } : {}),
          });
          if (node) result = { outcome: 'compacted', nodeId: node.id };
        } catch (failure) {
          result = { outcome: 'failed', error: internalError(failure) };
        }
      });
      return held ? result : { outcome: 'locked' };
    },
    async rename(sessionId, title) {
      const clean = title.trim().replace(/\s+/g, ' ');
      if (!clean) throw new CoveError('bad-name', 'A conversation needs a title.', 'Type a title.');
      await sessions.update(sessionId, { title: clean.slice(0, MAX_TITLE_LENGTH) });
    },
    async setMode(sessionId, mode) {
      await sessions.update(sessionId, { mode });
    },
    async delete(sessionId) {
      if (streamingSessionId === sessionId) controller?.abort();
      await sessions.delete(sessionId);
    },
    stop() {
      controller?.abort();
    },
    streaming: () => streamingSessionId,
  };
}
