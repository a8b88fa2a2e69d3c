import { createSignal } from 'solid-js';
import { type ReplyOutcome, type SessionEngineEvent } from '../agent/session-engine';
import type { AgentEvent } from '../agent/agent-events';
import { IDLE_RUN, reduceRunState, type RetryState, type RunState } from '../agent/run-state';
import { replyParent } from '../agent/session-tree';
import { newId } from '../base/ids';
import type { SessionMode, SessionRecord } from '../store/records';
import { createRewindService } from './rewind-service';
import { contextMeter } from './context-meter';
import { createConversationView } from './conversation-view';
import { createSessionRuntime, type SessionRuntimeDeps } from './session-runtime';
import { compactOutcomeNotice, NO_MODEL, replyOutcomeNotice } from './outcome-notices';
import { AGENT_OVERHEAD_TOKENS, CHAT_OVERHEAD_TOKENS } from '../agent/compaction-run';
import { resolveModelSettings } from '../llm/provider-config';
import { parseModelRef } from './provider-service';
import type { ChatService } from './chat-service-types';
import { watchLockElsewhere } from './lock-elsewhere';

export type { SymbolLocator } from '../agent/context-builder';
export type { ChatMessageView } from './chat-message-view';

export type { RetryState } from '../agent/run-state';
export type { ChatService } from './chat-service-types';

/**
 * The chat panel's state over the session engine: the workspace's sessions, the path shown
 * (conversation-view.ts), what the engine is doing (one fold, run-state.ts), the draft.
 * The engine, agent and persister are built by session-runtime.ts.
 */
export function createChatService(
  deps: SessionRuntimeDeps & {
    /** Told once the first exchange of a session this tab created is over (automatic titles). */
    afterFirstExchange?: (sessionId: string) => void;
  },
): ChatService {
  const { store, workspaces, editor, providers, clock, locks, notices } = deps;
  const [sessions, setSessions] = createSignal<SessionRecord[]>([]);
  const [activeId, setActiveId] = createSignal<string | undefined>();
  const [draft, setDraft] = createSignal('');
  /** What this tab's engine does, folded from its events (src/agent/run-state.ts). */
  const [run, setRun] = createSignal<RunState>(IDLE_RUN);
  // Busy from the moment the engine holds the session until it lets go of it, across
  // compaction, replies, tool calls and follow-ups.
  const busy = () => run().activity !== 'idle';
  const compacting = () => run().activity === 'compacting';
  const retrying = (): RetryState | undefined => run().retry;
  const { engine, agent, persister, toolboxes } = createSessionRuntime(deps, {
    modelOf: (sessionId) => modelOf(sessions().find((s) => s.id === sessionId)),
    report: (outcome) => report(outcome),
  });
  const elsewhere = watchLockElsewhere({ locks, clock, busy, shown: activeId });
  const runningElsewhere = elsewhere.running;
  const showsRun = () => run().session === activeId() || runningElsewhere();
  const view = createConversationView(showsRun, toolboxes);
  const messages = view.messages;
  /** The mode of the session the next message creates (see newSession). */
  let newSessionMode: SessionMode = 'chat';
  const rewind = createRewindService({
    checkpoints: store.checkpoints,
    workspaces,
    notices,
    clock,
    hasUnsavedEdits: (path) =>
      editor.tabs().some((tab) => tab.path() === path && (tab.dirty() || tab.saving())),
    conversation: {
      sessionId: () => activeId(),
      messageIds: () => messages().map((m) => m.id),
      leafId: () => activeSession()?.leafId ?? undefined,
      message(id) {
        const view = messages().find((m) => m.id === id);
        return view && { role: view.role, parentId: view.parentId, content: view.content() };
      },
      async moveLeaf(sessionId, nodeId) {
        await engine.moveLeaf(sessionId, nodeId);
      },
      setDraft,
    },
  });
  // Rewind buttons follow the checkpoints a run records and the path shown.
  engine.subscribe((event) => {
    if (event.sessionId !== activeId()) return;
    if (
      event.type === 'leaf_moved' ||
      event.type === 'node_appended' ||
      (event.type === 'agent_event' &&
        (event.event.type === 'run_end' ||
          (event.event.type === 'tool_end' && Boolean(event.event.changedFiles?.length))))
    )
      void rewind.refresh();
  });
  engine.subscribe(mirror);

  const activeSession = () => sessions().find((s) => s.id === activeId());
  /** The conversation's own model while it is still set up, else the default. */
  function modelOf(session: SessionRecord | undefined): string | undefined {
    const own = session?.model;
    if (own && providers.models().some((choice) => choice.ref === own)) return own;
    return providers.selectedModel();
  }
  /** Mirrors a leaf this tab stored into the session list. */
  const markLeaf = (sessionId: string, leafId: string | null) =>
    setSessions((list) => list.map((s) => (s.id === sessionId ? { ...s, leafId } : s)));

  /** What the engine publishes, as signals. */
  function mirror(event: SessionEngineEvent): Promise<void> | undefined {
    const before = run();
    const after = reduceRunState(before, event, clock.now());
    if (after !== before) setRun(after);
    switch (event.type) {
      case 'node_appended':
        markLeaf(event.sessionId, event.node.id);
        if (activeId() === event.sessionId) view.append(event.node);
        return undefined;
      case 'leaf_moved':
        markLeaf(event.sessionId, event.leafId);
        if (activeId() === event.sessionId) view.show(event.nodes, event.nodes, event.leafId);
        return undefined;
      case 'activity':
        // Calls the run left without a result now say why (a cut stream, a failed write).
        if (event.activity === 'idle' && event.sessionId === activeId()) view.settle();
        return undefined;
      case 'context_fitted':
      case 'reply_start':
        return undefined;
      case 'agent_event':
        return mirrorAgent(event.sessionId, event.event);
      case 'node_event': {
        view.fold(event.nodeId, event.event, event.draft);
        if (event.event.type !== 'node_end' || after.agentRunning) return undefined;
        return loadSessions().then(() => undefined);
      }
    }
  }

  /** The loop's events: live tool state; the sessions again when a run ends. */
  function mirrorAgent(sessionId: string, happened: AgentEvent): Promise<void> | undefined {
    view.applyAgent(happened);
    agent.handle(sessionId, happened);
    return happened.type === 'run_end' ? loadSessions().then(() => undefined) : undefined;
  }

  async function loadSessions() {
    const workspace = workspaces.current();
    const list = workspace ? await engine.list(workspace.id) : [];
    setSessions(list);
    return list;
  }

  async function loadMessages(sessionId: string | undefined) {
    void agent.show(sessionId);
    void elsewhere.check(sessionId);
    if (!sessionId) {
      view.clear();
      return;
    }
    const { session, outline, path } = await engine.load(sessionId);
    if (activeId() !== sessionId) return;
    if (session) setSessions((list) => list.map((s) => (s.id === session.id ? session : s)));
    view.show(outline, path, session?.leafId ?? null);
    agent.restoreChanges(sessionId, path);
    await rewind.refresh();
  }

  async function refresh() {
    const list = await loadSessions();
    if (!list.some((s) => s.id === activeId())) setActiveId(list[0]?.id);
    if (engine.streaming() !== activeId()) await loadMessages(activeId());
  }

  let refreshTimer: (() => void) | undefined;
  store.changes.subscribe(({ change, local }) => {
    const workspace = workspaces.current();
    const relevant =
      (change.type === 'sessions' && change.workspaceId === workspace?.id) ||
      change.type === 'restored' ||
      change.type === 'workspaces';
    // This tab's own writes already show; other tabs' arrive here, a few at a time.
    if (!relevant || (local && change.type === 'sessions')) return;
    refreshTimer ??= clock.schedule(() => {
      refreshTimer = undefined;
      void refresh();
    }, 100);
  });

  let lastWorkspace: string | undefined;
  async function followWorkspace() {
    const id = workspaces.current()?.id;
    if (id === lastWorkspace) return;
    lastWorkspace = id;
    const list = await loadSessions();
    setActiveId(list[0]?.id);
    await loadMessages(list[0]?.id);
  }

  /** Says why a reply was not asked for; an answered one shows its own outcome. */
  function report(outcome: ReplyOutcome | undefined) {
    const notice = replyOutcomeNotice(outcome);
    if (notice) notices.show(notice);
  }

  const service: ChatService = {
    sessions,
    activeSession,
    messages,
    busy,
    runningElsewhere,
    retrying,
    draft,
    setDraft,
    async send(text) {
      const content = text.trim();
      if (!content || busy()) return;
      const workspace = workspaces.current();
      if (!workspace) {
        notices.show({
          kind: 'error',
          text: 'Open or create a workspace first; chats belong to a workspace.',
        });
        return;
      }
      if (!service.model()) {
        notices.show({ kind: 'error', text: NO_MODEL });
        return;
      }
      const compactCommand = /^\/compact(?:\s+([\s\S]*))?$/.exec(content);
      if (compactCommand) {
        await compactNow(compactCommand[1]);
        return;
      }
      try {
        let session = activeSession();
        const createdNow = !session;
        if (!session) {
          const model = service.model();
          const created = await engine.create(workspace.id, content, {
            ...(model ? { model } : {}),
            mode: newSessionMode,
          });
          newSessionMode = 'chat';
          setSessions((list) => [created, ...list]);
          setActiveId(created.id);
          void agent.adopt(created.id);
          session = created;
        }
        // The question follows what the person sees: the last message shown, and the tool
        // results its chips show (the model must read them too).
        const shownLeaf = replyParent(
          view.tree(),
          messages().at(-1)?.id,
          activeSession()?.leafId ?? null,
        );
        agent.begin();
        report(await engine.send(session.id, shownLeaf, content, () => setDraft('')));
        if (createdNow) deps.afterFirstExchange?.(session.id);
      } catch (error) {
        notices.error(error, 'Could not send the message');
      }
    },
    stop: () => engine.stop(),
    async regenerate(assistantId) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      // The earlier reply, and all that followed it, stays in the tree as a sibling branch.
      agent.begin();
      try {
        report(await engine.regenerate(session.id, assistantId));
      } catch (error) {
        notices.error(error, 'Could not ask again');
      }
    },
    async continueReply(assistantId) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      agent.begin();
      try {
        report(await engine.continueReply(session.id, assistantId));
      } catch (error) {
        notices.error(error, 'Could not continue the reply');
      }
    },
    async editMessage(userId, text) {
      const content = text.trim();
      if (!content || busy()) return;
      try {
        const session = activeSession();
        if (!session) return;
        agent.begin();
        report(await engine.edit(session.id, userId, content));
      } catch (error) {
        notices.error(error, 'Could not send the edited message');
      }
    },
    async switchBranch(nodeId, direction) {
      if (busy()) return;
      const session = activeSession();
      if (!session) return;
      try {
        await engine.switchBranch(session.id, nodeId, direction);
      } catch (error) {
        notices.error(error, 'Could not switch to that branch');
      }
    },
    async allowKeyAndRetry(assistantId) {
      const view = messages().find((m) => m.id === assistantId);
      const parsed = view?.model ? parseModelRef(view.model) : undefined;
      if (!parsed) return;
      await providers.confirmKeyOrigin(parsed.providerId);
      await service.regenerate(assistantId);
    },
    newSession(mode = 'chat') {
      newSessionMode = mode;
      setActiveId(undefined);
      view.clear();
      void agent.show(undefined);
    },
    async openSession(id) {
      setActiveId(id);
      await loadMessages(id);
    },
    async renameSession(id, title) {
      await engine.rename(id, title);
      await loadSessions();
    },
    async setMode(id, mode) {
      await engine.setMode(id, mode);
      await loadSessions();
    },
    async reloadSessions() {
      await loadSessions();
    },
    async deleteSession(id) {
      // Nothing more is written into it: a reply streaming there stops first.
      if (engine.streaming() === id) engine.stop();
      const entry = await store.trash.moveSession(newId(), id, clock.now());
      const list = await loadSessions();
      if (activeId() === id) {
        setActiveId(list[0]?.id);
        await loadMessages(list[0]?.id);
      }
      return entry;
    },
    flush: () => persister.flush(),
    agent,
    rewind,
    compacting,
    model: () => modelOf(activeSession()),
    async chooseModel(ref) {
      const session = activeSession();
      const before = session?.model;
      // Shown and used at once: a Send right after the choice goes to this model.
      if (session) {
        setSessions((list) => list.map((s) => (s.id === session.id ? { ...s, model: ref } : s)));
      }
      try {
        if (session) await engine.setModel(session.id, ref);
        await providers.selectModel(ref);
      } catch (error) {
        if (session) {
          setSessions((list) =>
            list.map((s) => (s.id === session.id ? { ...s, model: before } : s)),
          );
        }
        notices.error(error, 'Could not choose that model');
      }
    },
    context() {
      const model = selectedCapabilities();
      if (!model) return undefined;
      // The frame the last request of this session really carried, once one was sent.
      const frame = run().frame;
      const overhead =
        frame && frame.sessionId === activeId()
          ? frame.tokens
          : activeSession()?.mode === 'agent'
            ? AGENT_OVERHEAD_TOKENS
            : CHAT_OVERHEAD_TOKENS;
      return contextMeter(messages(), model.capabilities, model.maxOutputTokens, overhead);
    },
    async start() {
      await persister.recover();
      lastWorkspace = undefined;
      await followWorkspace();
    },
  };

  /** `/compact [focus]`: summarizes the older part of the conversation now. */
  async function compactNow(focus: string | undefined) {
    const session = activeSession();
    if (!session) {
      notices.show({ kind: 'info', text: 'Nothing to compact yet: start a conversation first.' });
      return;
    }
    // Busy and "compacting" follow the engine's activity, once it holds the session.
    try {
      const result = await engine.compact(session.id, focus);
      if (result.outcome === 'compacted') setDraft('');
      notices.show(compactOutcomeNotice(result));
    } catch (error) {
      notices.error(error, 'Could not compact');
    }
  }

  /** The selected model's capabilities and reply limit, for the meter. */
  function selectedCapabilities() {
    const ref = service.model();
    const parsed = ref ? parseModelRef(ref) : undefined;
    const provider = parsed && providers.providers().find((p) => p.id === parsed.providerId);
    if (!parsed || !provider) return undefined;
    const { capabilities } = resolveModelSettings(provider, parsed.modelId);
    const limit = providers.chatOptions().maxTokens ?? capabilities.maxOutputTokens;
    return { capabilities, maxOutputTokens: Math.min(limit, capabilities.maxOutputTokens) };
  }

  // Switching workspace shows that workspace's conversations.
  workspaces.onWorkspaceChanged(() => void followWorkspace());
  return service;
}
