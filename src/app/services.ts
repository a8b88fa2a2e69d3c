import type { Clock } from '../base/clock';
import { createSecretRedactor, secretVariants } from '../base/redact-credentials';
import { createRedactingStore } from '../store/redacting-store';
import type { FetchLike } from '../llm/fetch-like';
import type { CoveStore } from '../store/cove-store';
import { WorkspaceCatalog } from '../workspace/workspace-catalog';
import type { ZipImporter } from '../workspace/zip-import';
import { createBackupService, type BackupService } from './backup-service';
import type { AgentWeb } from './agent-toolbox';
import {
  AGENT_SETTINGS_KEY,
  createAgentSettingsService,
  type AgentSettingsService,
} from './agent-settings-service';
import { createChatService, type ChatService } from './chat-service';
import { createCommandRegistry, type CommandRegistry } from './commands/command-registry';
import { createSessionRuntime } from './session-runtime';
import { createSessionListService, type SessionListService } from './session-list-service';
import { createModelClients, type LocalModelPlace, type LocalModels } from './local-model-wiring';
import { createMemorySessionLocks, createWebSessionLocks } from './session-locks';
import { createEditorService, type EditorService } from './editor-service';
import type { UnloadJournal } from './unload-journal';
import { createFileActions, type FileActions } from './file-actions';
import { createProjectSearchService, type ProjectSearchService } from './project-search-service';
import { createPreviewService, type PreviewService } from './preview-service';
import { lazySymbolLocator } from './python-parser';
import { createRunService, PYTHON_SETTINGS_KEY, type RunService } from './run-service';
import type { PythonRuntime } from '../runtime/python-runtime';
import type { PythonRuntimeSettings } from '../runtime/runtime-settings';
import type { PythonLinter } from '../runtime/lint-protocol';
import { createNoticeService, type NoticeService } from './notice-service';
import { createAppLog, type AppLog } from './app-log';
import { setAsideWarning } from '../store/set-aside-store';
import { captureConsole, type ConsoleLike } from './app-log-console';
import { createTraceService, type TraceService } from './trace-service';
import { parseModelRef } from '../llm/model-ref';
import { resolveModelSettings } from '../llm/provider-config';
import { mcpSecretValues, providerSecretValues } from './secret-sources';
import { createLazyMcpAgentTools } from './lazy-mcp-agent-tools';
import { createMcpServerStore } from './mcp-server-store';
import { createMcpService, type McpOAuthDeps, type McpService } from './mcp-service';
import { selectedModelSampler } from './mcp-sampling-model';
import { selectedModelOf } from './selected-model';
import { createSealedOAuthStore } from './mcp-oauth-store';
import {
  alwaysOnline,
  createConnectivityService,
  type ConnectivityService,
  type ConnectivitySource,
} from './connectivity-service';
import { createPreferencesService, type PreferencesService } from './preferences-service';
import { createProviderService, type ProviderService } from './provider-service';
import {
  createStorageService,
  type PersistentStorage,
  type StorageService,
} from './storage-service';
import type { UpdateService } from './update-service';
import { createWorkspaceService, type WorkspaceService } from './workspace-service';
import {
  createNetworkGateService,
  type GateServiceWorker,
  type NetworkGateService,
} from './network-gate-service';
import { createTerminalService, type TerminalService } from './terminal-service';
import { createGitService, type GitService } from './git-service';
import { createMemoryService, type MemoryService } from './memory-service';
import { createKnowledgeService, type KnowledgeService } from './knowledge-service';
import { createBottomPanelService, type BottomPanelService } from './bottom-panel-service';

/** Everything the UI may call. Built once, in the composition root, and handed down. */
export interface AppServices {
  readonly clock: Clock;
  readonly notices: NoticeService;
  readonly preferences: PreferencesService;
  readonly providers: ProviderService;
  readonly localModels: LocalModels;
  readonly workspaces: WorkspaceService;
  readonly editor: EditorService;
  /** Project search and replace (Ctrl/Cmd+Shift+F) and which view the left column shows. */
  readonly search: ProjectSearchService;
  readonly chat: ChatService;
  /** The sessions list (search, star, delete with Undo, fork, export, import) and tree. */
  readonly sessions: SessionListService;
  readonly runs: RunService;
  /** The terminal: a shell over the workspace for the person. */
  readonly terminal: TerminalService;
  /** Which view the panel under the editor shows: output, terminal or preview. */
  readonly bottom: BottomPanelService;
  /** Ruff, for lint-as-you-type and Format. */
  readonly linter: PythonLinter;
  /**
   * Resolves once Python's start, and a Run made during it, are over (whenStartSettles), and
   * then typing pauses (TypingPause): work that only competes for the CPU, such as warming
   * the Markdown renderer, waits for it.
   */
  readonly startSettled: Promise<void>;
  readonly fileActions: FileActions;
  readonly storage: StorageService;
  readonly backup: BackupService;
  readonly updates: UpdateService;
  /** Online or not, for the header's offline indicator. */
  readonly connectivity: ConnectivityService;
  /** The user's MCP servers (Settings → MCP servers; their tools in agent runs). */
  readonly mcp: McpService;
  /** Settings → Agent. */
  readonly agentSettings: AgentSettingsService;
  /** Errors and warnings of every layer, persisted (the Logs panel). */
  readonly log: AppLog;
  /** Traces of agent runs (the Traces panel). */
  readonly traces: TraceService;
  /** The hosts the page may reach (Settings → Network), enforced by the service worker. */
  readonly network: NetworkGateService;
  /** Every action by name, for the command palette; the panels register their own. */
  readonly commands: CommandRegistry;
  /** The live preview of an HTML file and its console (also the agent's preview tools). */
  readonly preview: PreviewService;
  /** The open workspace's git repository (the Source Control panel, the agent's git tools). */
  readonly git: GitService;
  /** The assistant's memory (Settings → Memory, the memory tools, saved-note receipts). */
  readonly memory: MemoryService;
  /** The open workspace's knowledge (the Knowledge panel, #knowledge, search_knowledge). */
  readonly knowledge: KnowledgeService;
}

/**
 * Wires the services over a store. `updates` and `python` are passed in because they need
 * the page (a service worker, Web Workers); tests and demos pass inert or in-memory ones.
 */
export function createAppServices(
  rawStore: CoveStore,
  clock: Clock,
  updates: UpdateService,
  python: {
    runtime: PythonRuntime & { configure?(settings: Partial<PythonRuntimeSettings>): void };
    linter: PythonLinter;
    /** See AppServices.startSettled; default: settled already. */
    startSettled?: Promise<void>;
  },
  /** What only the page knows; absent in tests and demos (then always online). */
  environment: {
    connectivity?: ConnectivitySource;
    unloadJournal?: UnloadJournal;
    /** Registers a listener for `pagehide`; returns its removal. */
    onPageHide?: (listener: () => void) => () => void;
    /** Monotonic milliseconds (`performance.now`), so a fast stream lets the page paint. */
    monotonicNow?: () => number;
    /** The network, for model requests; absent: every request fails as if offline. */
    fetch?: FetchLike;
    /** The page's origin (`location.origin`), for CORS and local-network advice. */
    pageOrigin?: string;
    /** The Web Locks of the origin's tabs (`navigator.locks`); absent: locks within this page. */
    locks?: LockManager;
    /** `navigator.storage`, to ask that Cove's data be kept; absent: never persisted. */
    storage?: PersistentStorage;
    /** Where models run in this browser are kept (OPFS) and their threads; absent: in memory. */
    localModels?: LocalModelPlace;
    /** Parses HTML for the agent's fetch_url (DOMParser); absent: fetch_url is not offered. */
    parseHtml?: AgentWeb['parseHtml'];
    /** The page's console: its errors and warnings are also logged (the Logs panel). */
    console?: ConsoleLike;
    /**
     * Where MCP OAuth sign-ins come back (Cove's callback page), Cove's Client ID Metadata
     * Document where this deployment serves one, and the full-page redirect to an
     * authorization server; absent: servers that ask for OAuth say so and cannot sign in.
     */
    mcpSignIn?: Pick<McpOAuthDeps, 'redirectUrl' | 'clientMetadataUrl' | 'navigate'>;
    /** `navigator.serviceWorker`, which keeps the page's network to an allow-list. */
    serviceWorker?: GateServiceWorker;
    /** Imports .zip archives off the page's thread; absent: on this thread. */
    zipImporter?: ZipImporter;
    /** Starts the knowledge index off the page's thread; absent: on this thread. */
    knowledge?: Parameters<typeof createKnowledgeService>[0]['knowledge'];
  } = {},
): AppServices {
  // The page's console errors and warnings also go to the log; the log's own failures go
  // to the console it had before (never back into the log).
  let consoleBefore: ConsoleLike | undefined;
  // The secrets Cove knows: the providers' keys and secret header values, the MCP servers'
  // header values and tokens, the git tokens (each source added once its service exists).
  // Whatever a server echoes of them is removed from everything Cove keeps: the
  // conversations and traces (the store below), their exports and backups, and the log.
  const secretSources: (() => string[])[] = [];
  const secrets = createSecretRedactor(() =>
    secretSources.flatMap((source) => source()).flatMap(secretVariants),
  );
  const store = createRedactingStore(rawStore, secrets);
  const log = createAppLog({
    store: store.logs,
    clock,
    knownSecrets: () => secrets.secrets(),
    fallback: (message, error) => consoleBefore?.warn(message, error),
  });
  if (environment.console) consoleBefore = captureConsole(environment.console, log).original;
  // A damaged row the store set aside is said in the log (the Logs panel), once, by the tab
  // that moved it; Settings → Storage lists it.
  store.setAside.subscribe((record) => log.warn('store', setAsideWarning(record)));
  const notices = createNoticeService(clock, (error, context) =>
    log.report('error', 'app', error, context),
  );
  const preferences = createPreferencesService(store.settings, (e) =>
    notices.error(e, 'Could not save preferences'),
  );
  const network = environment.fetch ?? offline;
  const { pageOrigin } = environment;
  const providers = createProviderService({
    settings: store.settings,
    clock,
    fetch: network,
    ...(pageOrigin ? { pageOrigin } : {}),
    changes: store.changes,
    notices,
  });
  secretSources.push(() => providerSecretValues(providers.providers()));
  // Filled once the gate exists (it reads the providers, MCP servers and Python settings).
  const gateRef: { current?: NetworkGateService } = {};
  const mcp = createMcpService({
    store: createMcpServerStore(store.settings),
    changes: store.changes,
    fetch: network,
    clock,
    ...(pageOrigin ? { pageOrigin } : {}),
    allowOnce: (url) => gateRef.current?.grant(url),
    sampleWith: (request, signal) =>
      selectedModelSampler(client, () => selectedModelOf(providers))(request, signal),
    workspaceName: () => workspaces.current()?.name,
    serverLog: (server, entry) => log.write(entry.level, `mcp ${server}`, entry.message),
    ...(environment.mcpSignIn
      ? { oauth: { ...environment.mcpSignIn, store: createSealedOAuthStore(store.settings) } }
      : {}),
  });
  secretSources.push(() => mcpSecretValues(mcp));
  const catalog = new WorkspaceCatalog(store, clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  const editor = createEditorService({
    workspaces,
    settings: store.settings,
    notices,
    clock,
    ...(environment.unloadJournal ? { unloadJournal: environment.unloadJournal } : {}),
  });
  const fileActions = createFileActions({
    workspaces,
    editor,
    notices,
    ...(environment.zipImporter ? { zipImporter: environment.zipImporter } : {}),
  });
  const search = createProjectSearchService({ workspaces, editor, notices, clock });
  const git = createGitService({
    workspaces,
    settings: store.settings,
    changes: store.changes,
    notices,
    clock,
    allowOnce: (url) => gateRef.current?.grant(url),
    writer: { client: () => client, model: () => selectedModelOf(providers) },
  });
  secretSources.push(() => git.remote.secrets());
  const { settings: memorySettings, changes } = store;
  const memory = createMemoryService({ settings: memorySettings, changes, now: () => clock.now() });
  const knowledgeDeps = { workspaces, notices, clock, store, providers };
  const knowledge = createKnowledgeService(environment, knowledgeDeps);
  const deps = { network, clock, pageOrigin, secrets, providers, notices, ...environment };
  const { client, localModels } = createModelClients(deps);
  const locks = environment.locks
    ? createWebSessionLocks(environment.locks)
    : createMemorySessionLocks();
  const traces = createTraceService({
    runs: store.runs,
    clock,
    locks,
    log,
    // Read when a run starts: the chosen model, its price and the session's title.
    describe(sessionId) {
      const model = providers.selectedModel() ?? '';
      const parsed = model ? parseModelRef(model) : undefined;
      const provider = parsed && providers.providers().find((p) => p.id === parsed.providerId);
      const price =
        provider && parsed
          ? resolveModelSettings(provider, parsed.modelId).capabilities.price
          : undefined;
      const title = chat.sessions().find((session) => session.id === sessionId)?.title;
      return { model, ...(price ? { price } : {}), ...(title ? { sessionTitle: title } : {}) };
    },
  });
  const runs = createRunService({
    runtime: python.runtime,
    workspaces,
    editor,
    settingsStore: store.settings,
    notices,
    clock,
  });
  const terminal = createTerminalService({
    workspaces,
    editor,
    settings: store.settings,
    // The terminal's `python` runs in the same runtime as the editor's Run, on the open workspace.
    python: {
      run(request, options) {
        const files = workspaces.files();
        return python.runtime.run(request, { ...options, ...(files ? { files } : {}) });
      },
    },
    onError: (error, what) => log.report('warn', 'app', error, what),
  });
  // The preview's network follows Python's setting: one answer to what code Cove runs may reach.
  const preview = createPreviewService({
    workspaces,
    clock,
    network: () => runs.settings().network,
  });
  const agentSettings = createAgentSettingsService(store.settings);
  const sessionRuntime = createSessionRuntime({
    store,
    agentSettings: agentSettings.settings,
    observe: (event) => traces.observe(event),
    onProblem: (error, what) => log.report('warn', 'agent', error, what),
    onApprovalDecision: (sessionId, callId, decision, waitMs) =>
      traces.noteDecision(sessionId, callId, decision, waitMs),
    workspaces,
    editor,
    providers,
    client,
    clock,
    locks,
    notices,
    locateSymbol: lazySymbolLocator((error, what) => log.report('warn', 'agent', error, what)),
    // The agent's Python tools run in the same runtime as the editor's Run, on the open workspace.
    agentPython: {
      runner: {
        run(request, options) {
          const files = options.files ?? workspaces.files();
          return python.runtime.run(request, { ...options, ...(files ? { files } : {}) });
        },
      },
      linter: python.linter,
    },
    ...(environment.fetch && environment.parseHtml
      ? {
          agentWeb: {
            // fetch_url decided (its URL policy, the person's approval) before it asks:
            // each request it makes, redirect hops included, may then go out once.
            fetch: (input: Parameters<FetchLike>[0], init?: Parameters<FetchLike>[1]) =>
              network(gateRef.current?.grant(String(input)) ?? input, init),
            parseHtml: environment.parseHtml,
          },
        }
      : {}),
    ...(environment.onPageHide ? { onPageHide: environment.onPageHide } : {}),
    ...(environment.monotonicNow ? { monotonicNow: environment.monotonicNow } : {}),
    agentMcp: createLazyMcpAgentTools(mcp, secrets),
    agentPreview: preview.host,
    agentGit: git,
    agentMemory: memory,
    agentKnowledge: knowledge,
  });
  const chat = createChatService(sessionRuntime, {
    store,
    knowledge,
    workspaces,
    providers,
    clock,
    notices,
    afterFirstExchange: (sessionId) => void sessions.autoTitle(sessionId),
  });
  const sessions = createSessionListService({
    store,
    chat,
    workspaces,
    providers,
    client,
    clock,
    notices,
  });
  const gate = createNetworkGateService({
    configured: () => [
      ...providers.providers().map((p) => ({ origin: p.baseURL, reason: `Provider ${p.name}` })),
      ...mcp
        .servers()
        .map((server) => ({ origin: server.url, reason: `MCP server ${server.name}` })),
      ...mcp
        .authorizationServers()
        .map(({ origin, server }) => ({ origin, reason: `Sign-in of MCP server ${server}` })),
      { origin: runs.settings().packageIndexUrl, reason: "Python's package index" },
      ...(runs.settings().lockFileUrl
        ? [{ origin: runs.settings().lockFileUrl!, reason: "Python's lock file" }]
        : []),
    ],
    serviceWorker: environment.serviceWorker,
    pageOrigin: pageOrigin ?? '',
    log,
    clock,
  });
  gateRef.current = gate;
  store.changes.subscribe(({ change, local }) => {
    // A saved network setting applies to the preview shown at once (its policy is rebuilt),
    // after the run service has taken the new value (it sets it once the write is done).
    if (local && change.type === 'settings' && change.key === PYTHON_SETTINGS_KEY)
      clock.schedule(() => void preview.reload(), 0);
    if (!local && change.type === 'settings' && change.key === 'ui.preferences')
      void preferences.load();
    if (!local && change.type === 'settings' && change.key === AGENT_SETTINGS_KEY)
      void agentSettings
        .load()
        .catch((e: unknown) => notices.error(e, 'Could not read the agent settings'));
  });
  return {
    clock,
    notices,
    preferences,
    providers,
    localModels,
    workspaces,
    editor,
    search,
    chat,
    sessions,
    runs,
    terminal,
    bottom: createBottomPanelService(),
    linter: python.linter,
    startSettled: python.startSettled ?? Promise.resolve(),
    fileActions,
    storage: createStorageService(store, environment.storage),
    backup: createBackupService(store, clock),
    updates,
    mcp,
    connectivity: createConnectivityService(environment.connectivity ?? alwaysOnline),
    agentSettings,
    log,
    traces,
    network: gate,
    commands: createCommandRegistry({
      settings: store.settings,
      onError: (error, context) => notices.error(error, context),
    }),
    preview,
    git,
    memory,
    knowledge,
  };
}

/** The network of a page without one (tests, demos): every request fails as offline does. */
const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch: no network here'));
