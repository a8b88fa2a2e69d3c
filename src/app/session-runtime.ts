/**
 * The sessions part of the composition root (services.ts builds it once): the session
 * engine over the store with the selected models and the chat options, the one session
 * state its events fold into (session-signals.ts), the agent service and the toolboxes its
 * runs get, the persister that writes growing nodes, the rewinds, the watch on other tabs'
 * locks, and the approval trace. The chat panel's actions (chat-service.ts) act on these.
 */
import type { MemoryService } from './memory-service';
import type { ApprovalDecision } from '../agent/approval-policy';
import { DEFAULT_AGENT_SETTINGS, type AgentSettings } from '../agent/agent-settings';
import type { SymbolLocator } from '../agent/context-builder';
import {
  createSessionEngine,
  type ReplyOutcome,
  type SessionEngine,
  type SessionEngineListener,
} from '../agent/session-engine';
import { createSessionPersister, type SessionPersister } from '../agent/session-persister';
import type { Clock } from '../base/clock';
import type { ChatClient } from '../llm/chat-client';
import type { CoveStore } from '../store/cove-store';
import { createAgentService, type AgentService } from './agent-service';
import {
  createAgentToolboxes,
  type AgentPython,
  type AgentToolboxes,
  type AgentWeb,
} from './agent-toolbox';
import type { EditorService } from './editor-service';
import type { McpAgentTools } from './mcp-agent-tools';
import type { NoticeService } from './notice-service';
import { parseModelRef, type ProviderService } from './provider-service';
import type { SessionLocks } from './session-locks';
import type { WorkspaceService } from './workspace-service';
import { createYielder } from './yield-to-page';
import { createSessionSignals, type SessionSignals } from './session-signals';
import { createRewindService, type RewindService } from './rewind-service';
import { watchLockElsewhere, type LockElsewhere } from './lock-elsewhere';
import { replyOutcomeNotice } from './outcome-notices';
import { selectedSession } from '../agent/session-selectors';
import type { SessionRecord } from '../store/records';

import type { KnowledgeToolHost } from '../tools/knowledge/search-knowledge-tool';
import type { GitToolHost } from '../tools/git/git-tool-context';
import type { PreviewHost } from '../tools/preview/preview-tool-context';

export interface SessionRuntimeDeps {
  store: CoveStore;
  workspaces: WorkspaceService;
  editor: EditorService;
  providers: ProviderService;
  client: ChatClient;
  clock: Clock;
  locks: SessionLocks;
  notices: NoticeService;
  locateSymbol?: SymbolLocator;
  /** Registers a listener for the page going away (`pagehide`); returns its removal. */
  onPageHide?: (listener: () => void) => () => void;
  /** Monotonic milliseconds, so a fast stream pauses to let the page paint; absent: never. */
  monotonicNow?: () => number;
  /** Python for the agent's run_python, lint_python and python_structure; absent: not offered. */
  agentPython?: AgentPython;
  /** The page's fetch and HTML parser for the agent's fetch_url; absent: not offered. */
  agentWeb?: AgentWeb;
  /** The enabled MCP servers' tools for agent runs; absent: none. */
  agentMcp?: McpAgentTools;
  /** The live preview for open_preview and read_preview_console; absent: not offered. */
  agentPreview?: PreviewHost;
  /** The open workspace's repository, for the agent's read-only git tools. */
  agentGit?: GitToolHost;
  /** The assistant's memory, for the memory tools and the prompt's index. */
  agentMemory?: MemoryService;
  /** The workspace's knowledge, for the agent's search_knowledge. */
  agentKnowledge?: KnowledgeToolHost;
  /** Settings → Agent (overrides, limits, private networks); absent: the defaults. */
  agentSettings?: () => AgentSettings;
  /** Also told every engine event (traces and the app log, trace-service.ts). */
  observe?: SessionEngineListener;
  /** A problem the engine worked around (a failed automatic compaction), for the app log. */
  onProblem?: (error: unknown, what: string) => void;
  /** Told the person's answer to each approval request and how long it took, in ms. */
  onApprovalDecision?: (
    sessionId: string,
    callId: string,
    decision: ApprovalDecision,
    waitMs: number,
  ) => void;
}

export interface SessionRuntime {
  engine: SessionEngine;
  rewind: RewindService;
  /** Looks whether another tab runs the session shown. */
  elsewhere: LockElsewhere;
  /** The model the next reply of a session goes to: its own while set up, else the default. */
  modelOf(session: SessionRecord | undefined): string | undefined;
  /** Reads the current workspace's sessions into the state. */
  loadSessions(): Promise<readonly SessionRecord[]>;
  /** Says why a reply was not asked for (as a notice); an answered one shows its own outcome. */
  report(outcome: ReplyOutcome | undefined): void;
  agent: AgentService;
  persister: SessionPersister;
  /** The agent's tools, which the conversation's tool call chips describe themselves by. */
  toolboxes: AgentToolboxes;
  /** The session state and its signals (src/agent/session-state.ts, session-signals.ts). */
  state: SessionSignals;
}

export function createSessionRuntime(deps: SessionRuntimeDeps): SessionRuntime {
  const { store, workspaces, editor, providers, clock, locks, notices } = deps;
  const agentSettings = deps.agentSettings ?? (() => DEFAULT_AGENT_SETTINGS);
  const toolboxes = createAgentToolboxes({
    workspaces,
    editor,
    clock,
    allowPrivateNetwork: () => agentSettings().allowPrivateNetwork,
    ...(deps.agentPython ? { python: deps.agentPython } : {}),
    ...(deps.agentWeb ? { web: deps.agentWeb } : {}),
    ...(deps.agentPreview ? { preview: deps.agentPreview } : {}),
    ...(deps.agentGit ? { git: deps.agentGit } : {}),
    ...(deps.agentMemory ? { memory: deps.agentMemory } : {}),
    ...(deps.agentKnowledge ? { knowledge: deps.agentKnowledge } : {}),
    ...(deps.agentMcp
      ? {
          mcp: deps.agentMcp,
          onMcpProblem: (text: string) => void notices.show({ kind: 'info', text }),
        }
      : {}),
    checkpoints: store.checkpoints,
    // read_attachment finds files attached anywhere in the conversation, in every branch.
    attachmentsOf: async (sessionId) =>
      (await store.sessions.nodes(sessionId))
        .filter((node) => node.role === 'user')
        .sort((a, b) => a.startedAt - b.startedAt)
        .flatMap((node) => node.attachments ?? []),
    onCheckpointError: (error) => notices.error(error, 'Could not finish a checkpoint'),
  });
  // The one state of the tab's conversations (src/agent/session-state.ts).
  const state = createSessionSignals(() => clock.now(), toolboxes);
  const hooks = {
    modelOf: (sessionId: string) =>
      modelOf(state.current().sessions.find((s) => s.id === sessionId)),
    report(outcome: ReplyOutcome | undefined) {
      const notice = replyOutcomeNotice(outcome);
      if (notice) notices.show(notice);
    },
  };
  function modelOf(session: SessionRecord | undefined): string | undefined {
    const own = session?.model;
    if (own && providers.models().some((choice) => choice.ref === own)) return own;
    return providers.selectedModel();
  }
  const agent: AgentService = createAgentService({
    state,
    toolboxes,
    settings: store.settings,
    agentSettings,
    onError: (error, what) => notices.error(error, what),
    control: () => ({
      stop: () => engine.stop(),
      async continueRun(sessionId) {
        try {
          hooks.report(await engine.continueRun(sessionId));
        } catch (error) {
          notices.error(error, 'Could not continue the run');
        }
      },
      steer: (text) => void engine.inbox.steer(text),
      queue: (text) => void engine.inbox.queue(text),
      pending: () => engine.inbox.pending,
      withdraw: (message) => engine.inbox.withdraw(message),
      onInboxChange: (listener) => engine.inbox.subscribe(listener),
    }),
  });

  if (deps.onApprovalDecision) {
    const ask = agent.port.approve.bind(agent.port);
    const tell = deps.onApprovalDecision;
    agent.port.approve = async (sessionId, request) => {
      const askedAt = clock.now();
      const decision = await ask(sessionId, request);
      // The person's answer stands whatever the trace does with it.
      try {
        tell(sessionId, request.callId, decision, clock.now() - askedAt);
      } catch (error) {
        notices.error(error, 'Could not record the approval in the trace');
      }
      return decision;
    };
  }

  const engine = createSessionEngine({
    sessions: store.sessions,
    clock,
    locks,
    client: deps.client,
    models: {
      current(sessionId) {
        const ref = hooks.modelOf(sessionId);
        const parsed = ref ? parseModelRef(ref) : undefined;
        const provider = parsed && providers.providers().find((p) => p.id === parsed.providerId);
        return ref && parsed && provider ? { ref, provider, modelId: parsed.modelId } : undefined;
      },
      streamOptionsUnsupported: (id) => void providers.markStreamOptionsUnsupported(id),
    },
    settings: () => providers.chatOptions(),
    context: {
      workspaceName: () => workspaces.current()?.name,
      activeDocument: () => editor.activeDocument(),
      async readFile(path) {
        const record = await workspaces.files()?.read(path);
        return typeof record?.content === 'string' ? record.content : undefined;
      },
      ...(deps.locateSymbol ? { locateSymbol: deps.locateSymbol } : {}),
    },
    ...(deps.monotonicNow ? { makeYielder: () => createYielder(deps.monotonicNow!) } : {}),
    agent: agent.port,
    ...(deps.onProblem
      ? {
          onProblem: deps.onProblem,
          onListenerError: (error: unknown) =>
            deps.onProblem!(error, 'Showing or storing a step of the conversation failed'),
        }
      : {}),
  });
  const persister = createSessionPersister({
    sessions: store.sessions,
    clock,
    locks,
    onError: (error, what) => notices.error(error, what),
    ...(deps.onPageHide ? { onPageHide: deps.onPageHide } : {}),
  });
  engine.subscribe((event) => persister.handle(event));
  if (deps.observe) engine.subscribe(deps.observe);

  const shownId = () => state.current().selected;
  const rewind = createRewindService({
    checkpoints: store.checkpoints,
    settings: store.settings,
    workspaces,
    notices,
    clock,
    hasUnsavedEdits: (path) =>
      editor.tabs().some((tab) => tab.path() === path && (tab.dirty() || tab.saving())),
    conversation: {
      sessionId: shownId,
      messageIds: () => state.messages().map((m) => m.id),
      leafId: () => selectedSession(state.current())?.leafId ?? undefined,
      message(id) {
        const view = state.messages().find((m) => m.id === id);
        return view && { role: view.role, parentId: view.parentId, content: view.content() };
      },
      async moveLeaf(sessionId, nodeId) {
        await engine.moveLeaf(sessionId, nodeId);
      },
      setDraft: (text) => state.dispatch({ type: 'draft_set', text }),
    },
  });
  // Rewind buttons follow the checkpoints a run records and the path shown.
  engine.subscribe((event) => {
    if (event.sessionId !== shownId()) return;
    if (
      event.type === 'leaf_moved' ||
      event.type === 'node_appended' ||
      (event.type === 'agent_event' &&
        (event.event.type === 'run_end' ||
          (event.event.type === 'tool_end' && Boolean(event.event.changedFiles?.length))))
    )
      void rewind.refresh();
  });

  async function loadSessions() {
    const workspace = workspaces.current();
    const list = workspace ? await engine.list(workspace.id) : [];
    state.dispatch({ type: 'sessions_listed', sessions: list });
    return list;
  }
  // Every event folds into the state; the list is read again once a reply or an agent run
  // is over (its title and time changed), and the engine awaits that read.
  engine.subscribe((event) => {
    state.dispatch(event);
    if (event.type === 'agent_event') {
      agent.handle(event.event);
      if (event.event.type === 'run_end') return loadSessions().then(() => undefined);
    }
    if (event.type !== 'node_event' || event.event.type !== 'node_end') return undefined;
    if (state.current().run.agentRunning) return undefined;
    return loadSessions().then(() => undefined);
  });

  const elsewhere = watchLockElsewhere({
    locks,
    clock,
    busy: () => state.current().run.activity !== 'idle',
    shown: shownId,
    onChange: (running) => state.dispatch({ type: 'elsewhere_changed', running }),
  });
  return {
    engine,
    agent,
    persister,
    toolboxes,
    state,
    rewind,
    elsewhere,
    modelOf,
    loadSessions,
    report: hooks.report,
  };
}
