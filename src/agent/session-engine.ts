/**
 * The session engine: one engine for chat and agent sessions (DESIGN.md, "The agent run").
 * Every way down from a person to the model is one run (engine-core.ts): take the session's
 * cross-tab lock, store the question (before any request, invariant 1), fit the context to
 * the window (context-fit.ts: compact, or refuse with a reason), then answer: a chat reply
 * (chat-reply.ts) or an agent run with its follow-ups (agent-reply.ts). It writes the
 * tree's structure itself (a node and the leaf's move are one transaction, invariant 4) and
 * publishes every step as an event: the persister stores growing nodes, the app mirrors
 * them. No Solid, no DOM, no timers of its own: it runs under Node in tests.
 *
 * Event order of one chat reply:
 *   activity{answering} → node_appended (question) → [activity{compacting} →
 *   node_appended (compaction) → activity{answering}] → context_fitted → [the request is
 *   sent] → node_appended (reply, streaming) → reply_start → node_event* →
 *   node_event{node_end} (awaited: stored and shown) → activity{idle}
 */

import type { NodeAttachment, NodeRecord, SessionRecord } from '../store/records';
import { retryingImport } from '../base/retrying-import';
import type { ChatWithTools } from './agent-reply';
import type { AgentToolbox } from './session-agent-run';
import { AGENT_OVERHEAD_TOKENS, CHAT_OVERHEAD_TOKENS } from './compaction-run';
import { createEngineCore, internalError, modelLimits } from './engine-core';
import type {
  CompactOutcome,
  ReplyModel,
  ReplyOutcome,
  SessionEngine,
  SessionEngineDeps,
} from './session-engine-types';
import { sessionTitle } from './session-title';
import { activePath, switchBranch as planBranchSwitch } from './session-tree';
import { agentError } from './agent-errors';

export type * from './session-engine-types';

/** Answering and compacting (reply-steps.ts) load at the first reply: the first screen does not. */
const loadReplySteps = retryingImport(() => import('./reply-steps'));

/** Replies that ended before their end: Continue goes on from their text. */
const CONTINUABLE: ReadonlySet<NodeRecord['status']> = new Set(['interrupted', 'aborted', 'error']);

/** Longest title a person may give a session, in characters. */
const MAX_TITLE_LENGTH = 120;

export function createSessionEngine(deps: SessionEngineDeps): SessionEngine {
  const core = createEngineCore(deps);
  const { sessions, clock } = deps;

  /** True when `sessionId` is answered by the agent loop. */
  async function isAgentSession(sessionId: string): Promise<boolean> {
    return Boolean(deps.agent) && (await sessions.get(sessionId))?.mode === 'agent';
  }

  /** Answers under `parent`, inside a run that holds the session's lock. */
  async function answer(
    sessionId: string,
    parent: NodeRecord,
    model: ReplyModel,
    signal: AbortSignal,
    continuation = false,
  ): Promise<void> {
    const { answerWithAgent, answerWithChat } = await loadReplySteps();
    if (await isAgentSession(sessionId)) {
      await answerWithAgent(core, { sessionId, parent, model, signal });
      return;
    }
    const chat = continuation ? undefined : await chatWithTools(sessionId, parent, model);
    if (chat) await answerWithAgent(core, { sessionId, parent, model, signal, chat });
    else await answerWithChat(core, { sessionId, parent, model, continuation, signal });
  }

  /**
   * The tools a chat reply under `parent` may use, with its chat prompt; undefined when it
   * gets none (memory is off for chat, or the model takes no tools through the API).
   */
  async function chatWithTools(
    sessionId: string,
    parent: NodeRecord,
    model: ReplyModel,
  ): Promise<ChatWithTools | undefined> {
    const agent = deps.agent;
    if (!agent?.chatToolbox) return undefined;
    // Called on the port: an implementation may be a class whose method needs its `this`.
    const chatToolbox = (id: string) => agent.chatToolbox?.(id);
    const settings = deps.settings();
    const { capabilities } = modelLimits(model, settings.maxTokens);
    if (capabilities.toolCalling !== 'native') return undefined;
    const first = await chatToolbox(sessionId);
    if (!first) return undefined;
    let next: AgentToolbox | undefined = first;
    const { buildChatSystem } = await loadReplySteps();
    const system = await buildChatSystem({
      path: activePath(await sessions.nodes(sessionId), parent.id),
      settings,
      sources: deps.context,
      contextWindow: capabilities.contextWindow,
      now: clock.now(),
    });
    return {
      system,
      // The first run takes the toolbox asked for here; a queued follow-up asks again.
      async toolbox() {
        const taken = next ?? (await chatToolbox(sessionId));
        next = undefined;
        // Turned off since: the follow-up is answered without tools.
        return taken ?? { tools: [], context: {}, dynamicPrompt: () => '' };
      },
    };
  }

  /**
   * Runs `work` as this engine's run in the session, with the model shown now. Nothing is
   * written when there is no model, another tab holds the session, or this tab is busy.
   */
  async function runReply(
    sessionId: string,
    work: (model: ReplyModel, signal: AbortSignal) => Promise<void>,
  ): Promise<ReplyOutcome> {
    const model = deps.models.current(sessionId);
    if (!model) return 'no_model';
    const held = await core.run(sessionId, (signal) => work(model, signal));
    if (held === 'busy') return 'busy';
    return held ? 'answered' : 'locked';
  }

  /**
   * Stores `content` as a user message under the parent `parentOf` names once the lock is
   * held, then answers it.
   */
  function ask(
    sessionId: string,
    parentOf: () => Promise<string | null>,
    content: string,
    onStored?: () => void,
    attachments?: readonly NodeAttachment[],
  ): Promise<ReplyOutcome> {
    return runReply(sessionId, async (model, signal) => {
      const now = clock.now();
      const question: NodeRecord = {
        id: core.newId(),
        sessionId,
        parentId: await parentOf(),
        role: 'user',
        content,
        ...(attachments?.length ? { attachments: attachments.map((a) => ({ ...a })) } : {}),
        status: 'complete',
        startedAt: now,
        finishedAt: now,
      };
      await core.append(question);
      onStored?.();
      await answer(sessionId, question, model, signal);
    });
  }

  async function compact(sessionId: string, focus?: string): Promise<CompactOutcome> {
    const model = deps.models.current(sessionId);
    if (!model) return { outcome: 'no_model' };
    let result: CompactOutcome = { outcome: 'nothing' };
    const held = await core.run(sessionId, async (signal) => {
      const leafId = (await sessions.get(sessionId))?.leafId;
      if (!leafId) return;
      core.setActivity(sessionId, 'compacting');
      try {
        const { compactAt } = await loadReplySteps();
        const node = await compactAt(core, {
          sessionId,
          path: activePath(await sessions.nodes(sessionId), leafId),
          model,
          force: true,
          automatic: false,
          minKept: 0,
          frameTokens: (await isAgentSession(sessionId))
            ? AGENT_OVERHEAD_TOKENS
            : CHAT_OVERHEAD_TOKENS,
          ...(focus?.trim() ? { focus: focus.trim() } : {}),
          signal,
        });
        if (node) result = { outcome: 'compacted', nodeId: node.id };
      } catch (failure) {
        result = signal.aborted
          ? { outcome: 'stopped' }
          : { outcome: 'failed', error: internalError(failure) };
      }
    });
    if (held === 'busy') return { outcome: 'busy' };
    return held ? result : { outcome: 'locked' };
  }

  return {
    subscribe: core.subscribe,
    inbox: core.inbox,
    list: (workspaceId) => sessions.list(workspaceId),
    async load(sessionId) {
      const opened = await sessions.open(sessionId);
      // Warms the store's cache for the next command; a failure here is met (and reported)
      // again by the command that needs the nodes.
      sessions.nodes(sessionId).catch(() => undefined);
      return opened;
    },
    async create(workspaceId, firstMessage, { model, mode = 'chat' } = {}) {
      const now = clock.now();
      const session: SessionRecord = {
        id: core.newId(),
        workspaceId,
        title: sessionTitle(firstMessage),
        mode,
        leafId: null,
        createdAt: now,
        updatedAt: now,
        starred: false,
        ...(model ? { model } : {}),
      };
      await sessions.put(session);
      return session;
    },
    send(sessionId, parentId, content, onStored, attachments) {
      const parentOf = async () =>
        parentId !== undefined ? parentId : ((await sessions.get(sessionId))?.leafId ?? null);
      return ask(sessionId, parentOf, content, onStored, attachments);
    },
    async regenerate(sessionId, nodeId) {
      const nodes = await sessions.nodes(sessionId);
      const target = nodes.find((n) => n.id === nodeId);
      const parent = target?.parentId ? nodes.find((n) => n.id === target.parentId) : undefined;
      if (!parent) return undefined;
      return runReply(sessionId, (model, signal) => answer(sessionId, parent, model, signal));
    },
    async continueReply(sessionId, nodeId) {
      const nodes = await sessions.nodes(sessionId);
      const partial = nodes.find((n) => n.id === nodeId && n.role === 'assistant');
      if (!partial || !CONTINUABLE.has(partial.status)) return undefined;
      return runReply(sessionId, (model, signal) =>
        answer(sessionId, partial, model, signal, true),
      );
    },
    async continueRun(sessionId) {
      if (!(await isAgentSession(sessionId))) return undefined;
      const session = await sessions.get(sessionId);
      const nodes = await sessions.nodes(sessionId);
      const leaf = nodes.find((n) => n.id === session?.leafId);
      if (!leaf) return undefined;
      return runReply(sessionId, (model, signal) => answer(sessionId, leaf, model, signal));
    },
    async edit(sessionId, nodeId, content) {
      const nodes = await sessions.nodes(sessionId);
      const original = nodes.find((n) => n.id === nodeId && n.role === 'user');
      if (!original) return undefined;
      // An edit changes the words; what was attached stays attached (never silently lost).
      return ask(
        sessionId,
        async () => original.parentId,
        content,
        undefined,
        original.attachments,
      );
    },
    async switchBranch(sessionId, nodeId, direction) {
      const nodes = await sessions.nodes(sessionId);
      const target = planBranchSwitch(nodes, nodeId, direction);
      if (!target) return undefined;
      // Only the leaf moves: reading another branch does not make the session newer.
      await sessions.update(sessionId, { leafId: target.leafId });
      await core.emit({ type: 'leaf_moved', sessionId, leafId: target.leafId, nodes });
      return target.leafId;
    },
    async moveLeaf(sessionId, nodeId) {
      const nodes = await sessions.nodes(sessionId);
      if (nodeId !== null && !nodes.some((n) => n.id === nodeId)) return false;
      await sessions.update(sessionId, { leafId: nodeId });
      await core.emit({ type: 'leaf_moved', sessionId, leafId: nodeId, nodes });
      return true;
    },
    compact,
    async rename(sessionId, title) {
      const clean = title.trim().replace(/\s+/g, ' ');
      if (!clean) throw agentError('bad-title');
      await sessions.update(sessionId, { title: clean.slice(0, MAX_TITLE_LENGTH) });
    },
    async setModel(sessionId, model) {
      await sessions.update(sessionId, { model });
    },
    async setMode(sessionId, mode) {
      await sessions.update(sessionId, { mode });
    },
    stop: core.stop,
    streaming: core.running,
  };
}
