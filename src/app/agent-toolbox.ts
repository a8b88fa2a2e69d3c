/**
 * The agent's tools as the app assembles them for one run: the registry's built-in tools
 * (src/tools/tool-registry.ts) whose needs the page serves, over the open workspace
 * (refusing to touch a file with unsaved text in an editor tab), the session's plan
 * (todo_write), the Python runtime when one is given, the MCP servers' tools, and the
 * dynamic prompt (date, workspace tree, open file and selection, AGENTS.md), rebuilt before
 * every request from what is current then.
 */
import { createSignal } from 'solid-js';
import { buildAgentDynamicPrompt, type AgentOpenFile } from '../agent/agent-prompt';
import { formatMemoryIndex } from '../agent/memory-prompt';
import type { AgentToolbox } from '../agent/session-agent-run';
import type { AgentTool } from '../agent/tool-catalog';
import type { Clock } from '../base/clock';
import { retryingImport } from '../base/retrying-import';
import type { FileMeta, NodeAttachment } from '../store/records';
import type { AttachmentToolHost } from '../tools/attachments/read-attachment-tool';
import type { FileToolContext } from '../tools/files/file-tool-context';
import { ReadTracker } from '../tools/files/read-tracker';
import type { PythonToolLinter } from '../tools/python/python-tool-linter';
import type { PythonToolRunner } from '../tools/python/python-tool-runner';
import type { PreviewHost } from '../tools/preview/preview-tool-context';
import type { GitToolHost } from '../tools/git/git-tool-context';
import type { KnowledgeToolHost } from '../tools/knowledge/search-knowledge-tool';
import type { WebToolContext } from '../tools/web/web-tool-context';
import { TodoList } from '../tools/todo/todo-list';
import type { ToolApprovalKind, ToolContext } from '../tools/tool';
import type { ToolRegistry } from '../tools/tool-registry';
import type { RunWorkspace } from '../runtime/python-runtime';
import type { CheckpointStore } from '../store/checkpoint-store';
import { CheckpointService } from '../workspace/checkpoints';
import { renderTreeListing } from '../workspace/tree-listing';
import { createRunCheckpoints } from './checkpoint-recorder';
import type { EditorService } from './editor-service';
import type { McpAgentTools } from './mcp-agent-tools';
import { mergeMcpOverrides } from './mcp-approval-overrides';
import type { ToolApprovalOverride } from '../agent/approval-policy';
import type { WorkspaceService } from './workspace-service';
import type { MemoryService } from './memory-service';
import { createRunMemory, type RunMemory } from './run-memory';

/** Lines of the workspace tree the prompt shows; list_files shows the rest on request. */
const TREE_SUMMARY_ENTRIES = 200;
/** Lines of the open file shown around the cursor (the whole file when shorter). */
const OPEN_FILE_EXCERPT_LINES = 80;

/**
 * The Python runtime as the tools use it (the app passes the real one, tests a fake). A run
 * of the agent passes `files`: the workspace through its checkpoints (see below), so what
 * the code writes back is recorded first.
 */
export interface AgentPython {
  runner: {
    run(
      request: Parameters<PythonToolRunner['run']>[0],
      options: Parameters<PythonToolRunner['run']>[1] & { files?: RunWorkspace },
    ): ReturnType<PythonToolRunner['run']>;
  };
  linter: PythonToolLinter;
}

/** What fetch_url needs from the page: its fetch and an HTML parser (DOMParser). */
export type AgentWeb = Pick<WebToolContext, 'fetch' | 'parseHtml'>;

export interface AgentToolboxDeps {
  workspaces: WorkspaceService;
  editor: EditorService;
  clock: Clock;
  /** Absent: no Python tools and no bash are offered (and the prompt names none). */
  python?: AgentPython;
  /** Absent: fetch_url is not offered. */
  web?: AgentWeb;
  /** The live preview pane; absent: open_preview and read_preview_console are not offered. */
  preview?: PreviewHost;
  /** The open workspace's repository and commit author, for git_status, git_diff, git_log and git_commit. */
  git?: GitToolHost;
  /** The workspace's knowledge index, for search_knowledge; absent: not offered. */
  knowledge?: KnowledgeToolHost;
  /** Settings → Agent: fetch_url may reach loopback and private addresses (read per run). */
  allowPrivateNetwork?: () => boolean;
  /**
   * Where a run's checkpoints go: every write of a run's tools (file tools, bash, Python's
   * write-back) is recorded first against the turn's assistant node. Absent: none recorded.
   */
  checkpoints?: CheckpointStore;
  /** Settling a checkpoint failed. */
  onCheckpointError?(error: unknown): void;
  /** The assistant's memory; absent: the memory tools are not offered. */
  memory?: MemoryService;
  /** The files attached to a session's messages (read_attachment); absent: none. */
  attachmentsOf?: (sessionId: string) => Promise<readonly NodeAttachment[]>;
  /** The enabled MCP servers' tools; absent: none are offered. */
  mcp?: McpAgentTools;
  /** Told when an MCP server offers no tools to a run (it could not connect). */
  onMcpProblem?: (text: string) => void;
  /**
   * The built-in tools; default: Cove's registry, loaded at the first run, listing or
   * shown tool call (a chunk of its own: the tools' regex, diff and HTML libraries stay
   * off the first page). Tests pass a registry with tools of their own.
   */
  registry?: () => Promise<ToolRegistry>;
}

/** A tool as Settings lists it. */
export interface AgentToolSummary {
  name: string;
  description: string;
  approval: ToolApprovalKind;
}

/** Builds toolboxes per session and keeps each session's plan and reads between runs. */
export interface AgentToolboxes {
  /** The toolbox for a run in `sessionId`, over the workspace open now. */
  toolbox(sessionId: string): Promise<AgentToolbox>;
  /** The memory tools of a chat reply, when memory is on for chat mode (AgentPort.chatToolbox). */
  chatToolbox(sessionId: string): Promise<AgentToolbox | undefined>;
  /** The session's plan (todo_write writes it); the same list across runs. */
  todos(sessionId: string): TodoList;
  /**
   * The tool of that name a run offers (built-in or of an MCP server's newest run), for
   * approvals and chips; undefined until the built-in tools are loaded (reactive: a
   * Solid computation reading it runs again once they are). See `load`.
   */
  tool(name: string): AgentTool<ToolContext> | undefined;
  /** Loads the built-in tools if not yet; never rejects (a failed load is tried again). */
  load(): void;
  /** Every tool a run offers, for Settings → Agent's per-tool approval. */
  catalog(): readonly AgentToolSummary[];
  /** The same, once the built-in tools are loaded (they load at the first run or listing). */
  loadCatalog(): Promise<readonly AgentToolSummary[]>;
  /** The context a tool of `sessionId` gets, for a side-effect-free `preview`. */
  previewContext(sessionId: string): Record<string, unknown> | undefined;
  /**
   * The per-tool approval overrides of `sessionId`: the user's (`base`, Settings → Agent)
   * with the MCP servers' own settings for the session's newest run (mcp-agent-tools.ts).
   */
  approvalOverrides(
    sessionId: string,
    base?: Readonly<Record<string, ToolApprovalOverride>>,
  ): Readonly<Record<string, ToolApprovalOverride>>;
  /** Tools whose approval for the session no longer holds (they changed since). */
  revokedApprovals(sessionId: string): readonly string[];
  /** The user approved `toolName` for the rest of the session. */
  approvedForSession(sessionId: string, toolName: string): void;
}

// The chunk is loaded again under a fresh URL after a failed load (see retryingImport).
const loadRegistryModule = retryingImport(() => import('../tools/tool-registry'));
const loadBuiltinRegistry = async () =>
  (await loadRegistryModule()).builtinToolRegistry as unknown as ToolRegistry;

export function createAgentToolboxes(deps: AgentToolboxDeps): AgentToolboxes {
  const { workspaces, editor, clock, python, web, mcp } = deps;
  const plans = new Map<string, TodoList>();
  /** What the agent read per session and workspace: a new workspace starts unread. */
  const reads = new Map<string, ReadTracker>();
  /** Each session's newest run's memory: its approvals see what that run read. */
  const memories = new Map<string, RunMemory>();
  /** The built-in tools this page can serve, once loaded (a signal: chips follow it). */
  const [builtins, setBuiltins] = createSignal<{
    tools: AgentTool<ToolContext>[];
    byName: ReadonlyMap<string, AgentTool<ToolContext>>;
  }>({ tools: [], byName: new Map() });
  let loading: Promise<AgentTool<ToolContext>[]> | undefined;
  const loadTools = () =>
    (loading ??= (async () => {
      const registry = await (deps.registry ?? loadBuiltinRegistry)();
      // Python serves bash too: its `python` command runs in the same runtime.
      const tools = registry.offered({
        python: !!python,
        shell: !!python,
        web: !!web,
        preview: !!deps.preview,
        git: !!deps.git,
        memory: !!deps.memory,
        knowledge: !!deps.knowledge,
        attachments: !!deps.attachmentsOf,
      }) as AgentTool<ToolContext>[];
      setBuiltins({ tools, byName: new Map(tools.map((tool) => [tool.name, tool])) });
      return tools;
    })().catch((error: unknown) => {
      // A chunk that failed to load (offline before it was cached, a new deployment) is
      // tried again by the next run instead of failing every run of this page.
      loading = undefined;
      throw error;
    }));
  const summaries = () =>
    builtins().tools.map(({ name, description, approval }) => ({ name, description, approval }));

  const todos = (sessionId: string) => {
    let list = plans.get(sessionId);
    if (!list) plans.set(sessionId, (list = new TodoList()));
    return list;
  };

  const hasUnsavedEdits = (path: string) =>
    editor.tabs().some((tab) => tab.path() === path && (tab.dirty() || tab.saving()));

  function contextFor(sessionId: string): Record<string, unknown> | undefined {
    const files = workspaces.files();
    if (!files) return undefined;
    const key = `${sessionId}\u0000${files.workspaceId}`;
    let tracker = reads.get(key);
    if (!tracker) reads.set(key, (tracker = new ReadTracker()));
    const context: Omit<FileToolContext, keyof ToolContext> & Record<string, unknown> = {
      files,
      reads: tracker,
      hasUnsavedEdits,
      todos: todos(sessionId),
    };
    if (python) {
      context['python'] = {
        run: python.runner.run.bind(python.runner),
      } satisfies PythonToolRunner;
      context['linter'] = python.linter;
      // bash measures its commands' duration on the composition root's clock.
      context['now'] = () => clock.now();
    }
    if (deps.preview) context['preview'] = deps.preview;
    if (deps.git) context['git'] = deps.git;
    if (deps.memory) {
      context['memory'] =
        memories.get(sessionId)?.host ?? deps.memory.host(files.workspaceId, () => undefined);
    }
    const attachmentsOf = deps.attachmentsOf;
    if (attachmentsOf) {
      context['attachments'] = {
        list: () => attachmentsOf(sessionId),
      } satisfies AttachmentToolHost;
    }
    if (deps.knowledge) context['knowledge'] = deps.knowledge;
    if (web) {
      Object.assign(context, web, {
        clock,
        allowPrivateNetwork: deps.allowPrivateNetwork?.() ?? false,
      } satisfies Partial<WebToolContext>);
    }
    return context;
  }

  function openFile(): AgentOpenFile | undefined {
    const document = editor.activeDocument();
    if (!document) return undefined;
    const lines = document.text.split('\n');
    const around = document.selection?.fromLine ?? 1;
    const from = Math.max(0, Math.min(around - 1 - OPEN_FILE_EXCERPT_LINES / 2, lines.length));
    const excerpt = lines
      .slice(from, from + OPEN_FILE_EXCERPT_LINES)
      .map((line, i) => `${from + i + 1}\t${line}`)
      .join('\n');
    return {
      path: document.path,
      ...(document.text ? { excerpt } : {}),
      ...(document.selection ? { selection: document.selection } : {}),
    };
  }

  return {
    todos,
    tool: (name) =>
      builtins().byName.get(name) ?? (mcp?.tool(name) as AgentTool<ToolContext> | undefined),
    load: () => void loadTools().catch(() => undefined),
    catalog: summaries,
    loadCatalog: async () => {
      await loadTools();
      return summaries();
    },
    previewContext: contextFor,
    approvalOverrides: (sessionId, base = {}) =>
      mcp ? mergeMcpOverrides(base, mcp.overrides(sessionId)) : base,
    revokedApprovals: (sessionId) => mcp?.revoked(sessionId) ?? [],
    approvedForSession: (sessionId, toolName) => mcp?.approvedForSession(sessionId, toolName),
    async chatToolbox(sessionId) {
      const service = deps.memory;
      const on = service?.switches();
      if (!service || !on?.chat || !(on.user || on.workspace)) return undefined;
      const tools = (await loadTools()).filter((tool) => tool.needs === 'memory');
      const memory = createRunMemory(service, workspaces.files()?.workspaceId);
      memories.set(sessionId, memory);
      await memory.refresh();
      return {
        tools: memory.wrap(tools),
        context: { memory: memory.host },
        dynamicPrompt: () => formatMemoryIndex(memory.index()) ?? '',
      };
    },
    async toolbox(sessionId) {
      const attached = (await deps.attachmentsOf?.(sessionId))?.length ?? 0;
      // read_attachment costs its schema in every request: offered only when there is a file.
      const tools = (await loadTools()).filter((tool) => attached || tool.needs !== 'attachments');
      const context = contextFor(sessionId);
      if (!context) throw new Error('No workspace is open: open or create one first.');
      const files = workspaces.files()!;
      let entries: FileMeta[] = [];
      let agentsMd: string | undefined;
      /** Reads the tree and AGENTS.md again; the prompt of the next request shows them. */
      const refresh = async () => {
        entries = await files.list();
        const rules = entries.some((entry) => entry.path === 'AGENTS.md')
          ? await files.find('AGENTS.md')
          : undefined;
        agentsMd = typeof rules?.content === 'string' ? rules.content : undefined;
      };
      const memory = deps.memory && createRunMemory(deps.memory, files.workspaceId);
      if (memory) {
        memories.set(sessionId, memory);
        context['memory'] = memory.host;
        await memory.refresh();
      }
      await refresh();
      // MCP servers that cannot connect offer nothing; the run starts without them.
      const remote = mcp ? await mcp.forRun(sessionId, builtins().byName.keys()) : undefined;
      for (const problem of remote?.problems ?? []) deps.onMcpProblem?.(problem);
      const stop = workspaces.onFilesChanged(() => void refresh().catch(() => undefined));
      const run = deps.checkpoints
        ? createRunCheckpoints({
            sessionId,
            files,
            checkpoints: new CheckpointService(files, deps.checkpoints, clock),
            onError: (error) => deps.onCheckpointError?.(error),
          })
        : undefined;
      if (run) {
        context['files'] = run.files;
        if (python) {
          context['python'] = {
            run: (request, options) => python.runner.run(request, { ...options, files: run.files }),
          } satisfies PythonToolRunner;
        }
      }
      return {
        tools: (memory?.wrap ?? ((all) => [...all]))(
          remote?.tools.length
            ? [...tools, ...(remote.tools as unknown as AgentTool<ToolContext>[])]
            : tools,
        ),
        context,
        ...(run ? { beginTurn: run.beginTurn, finish: run.finish } : {}),
        dynamicPrompt: () =>
          buildAgentDynamicPrompt({
            date: new Date(clock.now()),
            workspaceName: workspaces.current()?.name,
            treeSummary: renderTreeListing(entries, {
              root: '',
              depth: 3,
              maxEntries: TREE_SUMMARY_ENTRIES,
            }).text,
            ...(agentsMd ? { agentsMd } : {}),
            ...(memory ? { memory: memory.index() } : {}),
            ...(openFile() ? { openFile: openFile()! } : {}),
          }),
        dispose: () => void stop(),
      };
    },
  };
}
