/**
 * The MCP servers the user named (issue 12), as the settings and the agent use them: the
 * list (add, edit, remove, enable, approval, trust of read-only hints), Test, and one live
 * connection per enabled server, opened lazily when a run needs its tools and kept; a
 * server's notifications/tools/list_changed refreshes its tools here. Writes go one after
 * another. The network and the clock come from the composition root (services.ts).
 */
import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { errorText } from './messages/describe-error';
import { newId } from '../base/ids';
import type { FetchLike } from '../llm/fetch-like';
import type { McpConnection, McpServerReport, McpTool } from '../mcp/mcp-connection';
import { mcpError } from '../mcp/mcp-error-codes';
import { workspaceRoot, type McpRoot, type McpServerLog } from '../mcp/mcp-roots';
import { openMcpConnection } from '../mcp/open-connection';
import { createMcpElicitations, type McpElicitations } from './mcp-elicitations';
import { createMcpSampling, type McpSampling, type SamplingModel } from './mcp-sampling';
import { tellRootsChanges } from './mcp-roots-watch';
import { createMcpSignIn, type McpOAuthDeps } from './mcp-sign-in';
import type { McpServerDraft } from './mcp-server-draft';
export type { McpServerDraft };
import {
  MCP_CONFIG_ERROR_CODES,
  signInFields,
  validateMcpServerConfig,
  type McpServerConfig,
} from '../mcp/server-config';
import { fingerprintTool, type ToolFingerprint } from '../mcp/tool-fingerprint';
import type { ChangeFeed } from '../store/change-feed';
import {
  MCP_SETTING_KEYS,
  withSampling,
  type McpServerStore,
  type StoredMcpServer,
} from './mcp-server-store';

/** Where a server's connection stands, for the settings list. */
export type McpServerState =
  | { status: 'disabled' }
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected'; tools: readonly McpTool[] }
  /** The server wants an OAuth sign-in (issue 20); Settings offers Sign in. */
  | { status: 'sign-in'; message: string }
  | { status: 'failed'; message: string };

export interface McpService {
  /** The servers, in the order they were added. */
  readonly servers: Accessor<readonly StoredMcpServer[]>;
  /** The state of server `id`'s connection. */
  state(id: string): McpServerState;
  /** Reads the saved servers; failures leave the list empty and reject. */
  load(): Promise<void>;
  /** Adds a server (checked: throws CoveError `mcp-invalid-*`); returns its id. */
  add(draft: McpServerDraft): Promise<string>;
  /** Replaces a server's settings (checked); its connection starts over. */
  update(id: string, draft: McpServerDraft): Promise<void>;
  remove(id: string): Promise<void>;
  setEnabled(id: string, enabled: boolean): Promise<void>;
  /** `auto` pins the current tools' fingerprints: a tool that changes later asks again. */
  setApproval(id: string, approval: 'ask' | 'auto'): Promise<void>;
  setTrustReadOnly(id: string, trust: boolean): Promise<void>;
  /** "Always allow sampling" for server `id` (off: each request is reviewed). */
  setSamplingAllowed(id: string, allowed: boolean): Promise<void>;
  /**
   * Connects afresh to a draft or a saved server and lists what it offers; throws CoveError
   * (its userText says what is wrong and what to do). The connection is closed after.
   */
  test(target: McpServerDraft | string, signal?: AbortSignal): Promise<McpServerReport>;
  /** The live connection of enabled server `id`, connected (lazily); throws CoveError. */
  connect(id: string, signal?: AbortSignal): Promise<McpConnection>;
  /** The tools of a connected server as last listed. */
  tools(id: string): readonly McpTool[] | undefined;
  /**
   * Records `fingerprint` as what the user allowed for `toolName` of server `id` (the
   * server runs it without asking until it changes).
   */
  allow(id: string, toolName: string, fingerprint: ToolFingerprint): Promise<void>;
  /** Whether Cove holds an OAuth sign-in for server `id` (reactive). */
  signedIn(id: string): boolean;
  /**
   * Signs in to server `id` with OAuth: the page goes to the server's authorization page
   * (and comes back to the callback page, see {@link finishSignIn}); a sign-in that is still
   * good just connects.
   */
  signIn(id: string): Promise<void>;
  /** Forgets server `id`'s tokens, revoking them where the server allows. */
  signOut(id: string): Promise<{ revoked: boolean }>;
  /**
   * Finishes the sign-in the callback page `answer` belongs to and connects; resolves with
   * the server's id, or undefined when no sign-in of this tab's is under way for it.
   * Throws CoveError (`mcp-oauth`) when the answer is a refusal or the exchange failed.
   */
  finishSignIn(answer: URL): Promise<string | undefined>;
  /** The authorization servers of the sign-ins kept, for the network allow-list. */
  authorizationServers(): { origin: string; server: string }[];
  /** The tokens and client secrets Cove holds, for redaction. */
  oauthSecrets(): string[];
  /** Closes every connection. */
  close(): Promise<void>;
  /** What servers ask the person during calls (elicitation), waiting for an answer. */
  readonly elicitations: McpElicitations;
  /** Completions servers ask for (sampling), waiting for the person's review. */
  readonly sampling: McpSampling;
}

export type { McpOAuthDeps } from './mcp-sign-in';

/** Deadline of initialize and the listings (tool calls have their own, see mcp-tools.ts). */
export const CONNECT_TIMEOUT_MS = 15_000;

export interface McpServiceDeps {
  store: McpServerStore;
  fetch: FetchLike;
  clock: Clock;
  pageOrigin?: string;
  makeId?: () => string;
  /** The store's change feed: servers another tab saved (or a restored backup) show here. */
  changes?: ChangeFeed;
  /**
   * Lets the page reach a server that is not saved yet, for a Test the person asked for
   * (the network gate's grant). Default: nothing to do.
   */
  allowOnce?: (url: string) => void;
  /** OAuth sign-in for servers that ask for it; absent: a 401 is told as such. */
  oauth?: McpOAuthDeps;
  /** The model a server's approved sampling request goes to; absent: no sampling. */
  sampleWith?: SamplingModel;
  /** The name of the workspace open now, offered to servers as their root. */
  workspaceName?: () => string | undefined;
  /** Where a server's log messages go, with the server's name. */
  serverLog?: (serverName: string, entry: McpServerLog) => void;
}

/** The open workspace as the one root, or none while no workspace is open. */
function workspaceRoots(name: (() => string | undefined) | undefined): McpRoot[] {
  const open = name?.();
  return open === undefined ? [] : [workspaceRoot(open)];
}

export function createMcpService(deps: McpServiceDeps): McpService {
  const makeId = deps.makeId ?? newId;
  const elicitations = createMcpElicitations(makeId);
  const sampleWith = deps.sampleWith;
  const sampling = createMcpSampling(
    sampleWith ?? (async () => ({ ok: false, message: 'Sampling is off.' })),
    makeId,
    (serverId) => find(serverId)?.samplingAllowed === true,
  );
  const [servers, setServers] = createSignal<readonly StoredMcpServer[]>([]);
  const [states, setStates] = createSignal<ReadonlyMap<string, McpServerState>>(new Map());
  /** Live connections; `connection` is set once the SDK is loaded and it is made. */
  const connections = new Map<
    string,
    { connection?: McpConnection; stop: () => void; ready: Promise<McpConnection> }
  >();
  /** Writes in order: each starts after the one before it ended. */
  let writes: Promise<unknown> = Promise.resolve();

  const setState = (id: string, state: McpServerState) =>
    setStates((map) => new Map(map).set(id, state));

  const find = (id: string) => servers().find((server) => server.id === id);
  const signIn = createMcpSignIn({
    oauth: deps.oauth,
    fetch: deps.fetch,
    pageOrigin: deps.pageOrigin,
    allowOnce: deps.allowOnce,
    servers,
    find,
    drop: (id) => drop(id),
    connect: (id) => service.connect(id),
    openInteractive: (server) => openMcpConnection(server, connectionDeps(server, true)),
    setFailed: (id, message) => setState(id, { status: 'failed', message }),
    setConnecting: (id) => setState(id, { status: 'connecting' }),
    setIdle: (id) => setState(id, { status: 'idle' }),
  });

  function connectionDeps(server?: McpServerConfig, interactive = false) {
    const oauth = server && signIn.providerFor(server, interactive);
    return {
      fetch: signIn.fetch,
      clock: deps.clock,
      ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
      // Connect and listings wait this long at most: a run starts after its servers answer.
      requestTimeoutMs: CONNECT_TIMEOUT_MS,
      ...(oauth ? { oauth } : {}),
      elicit: elicitations.ask,
      ...(sampleWith ? { sample: sampling.ask } : {}),
      ...(deps.workspaceName ? { roots: () => workspaceRoots(deps.workspaceName) } : {}),
      ...(deps.serverLog && server
        ? { onServerLog: (entry: McpServerLog) => deps.serverLog?.(server.name, entry) }
        : {}),
    };
  }

  /** Applies `change` to the list and saves the result, after the writes before it. */
  function write(change: (list: readonly StoredMcpServer[]) => StoredMcpServer[]): Promise<void> {
    const next = writes.then(async () => {
      // The stored list, not this tab's copy: another tab may have changed it since.
      const updated = change(await deps.store.load());
      await deps.store.save(updated);
      setServers(updated);
    });
    writes = next.catch(() => undefined);
    return next;
  }

  async function drop(id: string): Promise<void> {
    const live = connections.get(id);
    connections.delete(id);
    if (live) {
      live.stop();
      await live.connection?.close();
    }
  }

  /** Keeps `allowed` pinned for the tools that run without asking, from a fresh list. */
  function pinnedFor(server: StoredMcpServer, tools: readonly McpTool[]) {
    const allowed = { ...server.allowed };
    let changed = false;
    for (const tool of tools) {
      const runsUnasked =
        server.approval === 'auto' ||
        (server.trustReadOnlyHint === true && tool.annotations?.readOnlyHint === true);
      // Tools first seen now are pinned as they are; a changed one keeps its old pin and asks.
      if (runsUnasked && !allowed[tool.name]) {
        allowed[tool.name] = fingerprintTool(tool);
        changed = true;
      }
    }
    return changed ? allowed : undefined;
  }

  function notePins(id: string, tools: readonly McpTool[]) {
    const server = find(id);
    const allowed = server && pinnedFor(server, tools);
    if (!allowed) return;
    void write((list) => list.map((s) => (s.id === id ? { ...s, allowed } : s))).catch(
      () => undefined,
    );
  }

  const service: McpService = {
    elicitations,
    sampling,
    servers,
    state(id) {
      const server = find(id);
      if (server && !server.enabled) return { status: 'disabled' };
      return states().get(id) ?? { status: 'idle' };
    },
    async load() {
      setServers(await deps.store.load());
      await signIn.reload();
    },
    async add(draft) {
      const id = makeId();
      const config = validateUnique(id, draft);
      await write((list) => [...list, config]);
      return id;
    },
    async update(id, draft) {
      const previous = find(id);
      if (!previous) return;
      const config = validateUnique(id, draft, previous);
      await drop(id);
      setState(id, { status: 'idle' });
      // A new URL is a new server: nothing the user allowed for the old one carries over.
      const keep = previous.url === config.url ? { allowed: previous.allowed } : {};
      await write((list) => list.map((s) => (s.id === id ? { ...config, ...keep } : s)));
    },
    async remove(id) {
      await drop(id);
      await write((list) => list.filter((s) => s.id !== id));
    },
    async setEnabled(id, enabled) {
      if (!enabled) await drop(id);
      setState(id, { status: 'idle' });
      await write((list) => list.map((s) => (s.id === id ? { ...s, enabled } : s)));
    },
    async setApproval(id, approval) {
      // Auto pins the tools as they are now (or as they are first seen after this).
      const tools = connections.get(id)?.connection?.cachedTools;
      await write((list) =>
        list.map((s) => {
          if (s.id !== id) return s;
          const next: StoredMcpServer = { ...s, approval, allowed: {} };
          return { ...next, allowed: (tools && pinnedFor(next, tools)) ?? {} };
        }),
      );
    },
    async setSamplingAllowed(id, allowed) {
      await write((list) => list.map((s) => (s.id === id ? withSampling(s, allowed) : s)));
    },
    async setTrustReadOnly(id, trust) {
      const tools = connections.get(id)?.connection?.cachedTools;
      await write((list) =>
        list.map((s) => {
          if (s.id !== id) return s;
          const next: StoredMcpServer = { ...s, trustReadOnlyHint: trust };
          return { ...next, allowed: (tools && pinnedFor(next, tools)) ?? s.allowed ?? {} };
        }),
      );
    },
    async test(target, signal) {
      const config =
        typeof target === 'string'
          ? find(target)
          : validateMcpServerConfig({
              id: 'test',
              enabled: true,
              approval: 'ask',
              ...target,
            });
      if (!config) throw new Error('That server is gone.');
      if (typeof target !== 'string') deps.allowOnce?.(config.url);
      const connection = await openMcpConnection(
        config,
        connectionDeps(typeof target === 'string' ? config : undefined),
      );
      try {
        return await connection.test(signal);
      } finally {
        void connection.close();
      }
    },
    connect(id, signal) {
      const server = find(id);
      if (!server?.enabled) return Promise.reject(new Error('That server is not enabled.'));
      const existing = connections.get(id);
      if (existing) return existing.ready;
      setState(id, { status: 'connecting' });
      const live: { connection?: McpConnection; stop: () => void; ready: Promise<McpConnection> } =
        { stop: () => {}, ready: Promise.resolve(undefined as never) };
      // Callers at the same time share one connect and listing.
      live.ready = (async () => {
        const connection = await openMcpConnection(server, connectionDeps(server));
        // Removed or disabled while the SDK loaded: nothing to connect.
        if (connections.get(id) !== live) throw new Error('That server is not enabled.');
        live.connection = connection;
        live.stop = connection.onToolsChanged((tools) => {
          if (connections.get(id) !== live) return;
          setState(id, { status: 'connected', tools });
          notePins(id, tools);
        });
        await connection.connect(signal);
        // A server without tools (resources or prompts only) has no tools/list to ask.
        const tools = connection.capabilities?.tools
          ? await connection.listTools({ ...(signal ? { signal } : {}) })
          : [];
        if (connections.get(id) === live) setState(id, { status: 'connected', tools });
        notePins(id, tools);
        return connection;
      })();
      connections.set(id, live);
      live.ready.catch((error: unknown) => {
        // The next run tries again with a fresh connection.
        if (connections.get(id) !== live) return;
        connections.delete(id);
        live.stop();
        void live.connection?.close();
        const status = signIn.needsSignIn(error) ? 'sign-in' : 'failed';
        setState(id, { status, message: errorText(error) });
      });
      return live.ready;
    },
    signedIn: signIn.signedIn,
    signIn: signIn.signIn,
    signOut: signIn.signOut,
    finishSignIn: signIn.finishSignIn,
    authorizationServers: signIn.authorizationServers,
    oauthSecrets: signIn.oauthSecrets,
    tools(id) {
      return connections.get(id)?.connection?.cachedTools;
    },
    async allow(id, toolName, fingerprint) {
      await write((list) =>
        list.map((s) =>
          s.id === id ? { ...s, allowed: { ...s.allowed, [toolName]: fingerprint } } : s,
        ),
      );
    },
    async close() {
      await Promise.all([...connections.keys()].map(drop));
    },
  };
  if (deps.workspaceName) {
    tellRootsChanges(deps.workspaceName, () =>
      [...connections.values()].flatMap((live) => (live.connection ? [live.connection] : [])),
    );
  }

  /** Checks a draft and that no other server has its name (tool names would clash). */
  function validateUnique(
    id: string,
    draft: McpServerDraft,
    previous?: StoredMcpServer,
  ): StoredMcpServer {
    const config: McpServerConfig = validateMcpServerConfig({
      id,
      name: draft.name,
      url: draft.url,
      headers: draft.headers,
      enabled: draft.enabled ?? previous?.enabled ?? true,
      approval: draft.approval ?? previous?.approval ?? 'ask',
      trustReadOnlyHint: draft.trustReadOnlyHint ?? previous?.trustReadOnlyHint ?? false,
      ...signInFields(draft),
    });
    const taken = servers().some(
      (server) => server.id !== id && server.name.toLowerCase() === config.name.toLowerCase(),
    );
    if (taken) {
      throw mcpError(MCP_CONFIG_ERROR_CODES.name, { variant: 'taken', name: config.name });
    }
    // Sampling allowed for a server stays allowed for it, not for another URL.
    const sampling = previous?.url === config.url && previous.samplingAllowed === true;
    return withSampling({ ...config, allowed: previous?.allowed ?? {} }, sampling);
  }
  deps.changes?.subscribe(({ change, local }) => {
    const ours =
      change.type === 'restored' ||
      (change.type === 'settings' && change.key === MCP_SETTING_KEYS.servers);
    if (local || !ours) return;
    void (async () => {
      await writes;
      const stored = await deps.store.load();
      // A server changed or removed elsewhere starts over here too.
      for (const id of connections.keys()) {
        const before = find(id);
        const after = stored.find((server) => server.id === id);
        if (!after || !after.enabled || after.url !== before?.url) await drop(id);
      }
      setServers(stored);
    })().catch(() => undefined);
  });

  return service;
}
