import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Implementation,
  type ServerCapabilities,
  type Tool as McpToolDefinition,
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import type { Clock } from '../base/clock';
import { CoveError, isAbortError } from '../base/errors';
import { probeReachability } from '../llm/cors-probe';
import type { FetchLike } from '../llm/fetch-like';
import {
  classifyMcpError,
  classifyOAuthFailure,
  httpStatusOf,
  isNetworkFailure,
  isSessionNotFound,
} from './mcp-errors';
import { mcpError } from './mcp-error-codes';
import {
  listPrompts as listAllPrompts,
  listResources as listAllResources,
} from './resources-prompts';
import { answerElicitations, ELICITATION_CAPABILITY, type ElicitationHandler } from './elicitation';
import { answerRoots, followServerChanges, followServerLogs } from './client-features';
import type { McpRoot, McpServerChange, McpServerLog } from './mcp-roots';
import type { McpOAuthProvider } from './oauth-provider';
import { answerSampling, type SamplingHandler } from './sampling';
import { watchOAuthSteps, type OAuthStepRecord } from './oauth-steps';
import type { McpServerConfig } from './server-config';

/**
 * One live connection to one MCP server, over the official SDK (issue 12, "The client").
 * Tries Streamable HTTP first; a server that answers that with a 4xx (it only speaks the
 * older HTTP+SSE transport) is tried again over SSE with a fresh Client. The session
 * (Mcp-Session-Id) is kept by the transport; when the server forgets it (404 for a known
 * session) the connection initializes again and retries the request once. Every failure
 * leaves as a CoveError (src/mcp/mcp-errors.ts). Plain TypeScript: the same code runs in the
 * page and under Node (tests, the conformance suite).
 */

/** An MCP tool definition as tools/list returns it. */
export type McpTool = McpToolDefinition;

/** What the connection needs from outside. */
export interface McpConnectionDeps {
  /** The page's fetch (bound), or a fake. Every request of the SDK goes through it. */
  fetch: FetchLike;
  clock: Clock;
  /** The page's origin, for telling CORS and Local Network Access apart; undefined under Node. */
  pageOrigin?: string;
  /** How Cove introduces itself in initialize. */
  clientInfo?: Implementation;
  /** Deadline for initialize and list requests (default 30 s). */
  requestTimeoutMs?: number;
  /**
   * OAuth for servers that answer 401 with a challenge (issue 20): the SDK signs in through
   * it, and the token goes with every request to this server and no other.
   */
  oauth?: McpOAuthProvider;
  /**
   * Asks the person for what a server requests during a call (elicitation). Without it,
   * Cove does not offer elicitation to servers.
   */
  elicit?: ElicitationHandler;
  /**
   * Asks the person, then the model, for the completion a server requests (sampling).
   * Without it, Cove does not offer sampling to servers.
   */
  sample?: SamplingHandler;
  /** The roots Cove offers (the workspace); without it, Cove does not offer roots. */
  roots?: () => McpRoot[];
  /** Where the server's log messages go (the app's log); without it, they are ignored. */
  onServerLog?: (entry: McpServerLog) => void;
}

/** Which transport the connection ended up with. */
export type McpTransportKind = 'streamable-http' | 'sse';

/** What {@link McpConnection.test} shows the user. */
export interface McpServerReport {
  serverName: string;
  serverVersion: string;
  protocolVersion: string | undefined;
  transport: McpTransportKind;
  instructions?: string;
  tools: McpTool[];
  resources: { uri: string; name: string; description?: string; mimeType?: string }[];
  prompts: {
    name: string;
    description?: string;
    arguments?: { name: string; required?: boolean }[];
  }[];
  /** Milliseconds from the start of connect to the end of the listings. */
  elapsedMs: number;
}

/** Options of one request through the connection. */
export interface McpRequestOptions {
  signal?: AbortSignal;
  /** Cove's deadline for this request; progress notifications restart it. */
  timeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** The options the SDK's request functions take. */
interface SdkRequestOptions {
  signal: AbortSignal;
  timeout: number;
  resetTimeoutOnProgress: boolean;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** How long a call may wait in all, a person's answer to a server's form included. */
const PERSON_PATIENCE_MS = 30 * 60_000;
/** Cove's version in initialize; the app may pass its build's. */
const DEFAULT_CLIENT_INFO: Implementation = { name: 'cove', version: '0.1.0' };

/** Thrown as the abort reason when Cove's own deadline ends a request. */
class DeadlineReached extends Error {
  override name = 'DeadlineReached';
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms.`);
  }
}

export class McpConnection {
  private client: Client | undefined;
  private transport: StreamableHTTPClientTransport | SSEClientTransport | undefined;
  private kind: McpTransportKind = 'streamable-http';
  private connecting: Promise<void> | undefined;
  private tools: McpTool[] | undefined;
  /** The deadlines of requests in flight, told when a person starts and ends answering a form. */
  private readonly deadlines = new Set<(waiting: boolean) => void>();
  /** Requests of the server's that wait for the person now (forms, sampling). */
  private personWaits = 0;
  private readonly toolListeners = new Set<(tools: McpTool[]) => void>();
  private readonly changeListeners = new Set<(change: McpServerChange) => void>();
  private sessionIdMissing = false;
  private negotiatedVersion: string | undefined;
  /** The page's fetch, watched for the steps of an OAuth sign-in (for its errors). */
  private readonly steps: ReturnType<typeof watchOAuthSteps>;

  constructor(
    readonly config: McpServerConfig,
    private readonly deps: McpConnectionDeps,
  ) {
    this.steps = watchOAuthSteps(
      deps.oauth ? headersForServerOnly(deps.fetch, config) : deps.fetch,
    );
  }

  /** The transport in use after connect. */
  get transportKind(): McpTransportKind {
    return this.kind;
  }

  /** The server's session id (Streamable HTTP), when it gave one. */
  get sessionId(): string | undefined {
    return this.transport instanceof StreamableHTTPClientTransport
      ? this.transport.sessionId
      : undefined;
  }

  /** The server's name and version from initialize. */
  get serverInfo(): Implementation | undefined {
    return this.client?.getServerVersion();
  }

  /** What the server said it can do. */
  get capabilities(): ServerCapabilities | undefined {
    return this.client?.getServerCapabilities();
  }

  /** The protocol revision both sides agreed on in initialize. */
  get protocolVersion(): string | undefined {
    return this.negotiatedVersion;
  }

  /** The tools of the last listing, if any. */
  get cachedTools(): McpTool[] | undefined {
    return this.tools;
  }

  /** Connects once; later calls wait for the same attempt. Throws CoveError. */
  connect(signal?: AbortSignal): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open(signal).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** Closes the session (DELETE for Streamable HTTP) and the transport. Never throws. */
  async close(): Promise<void> {
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
      await transport.terminateSession().catch(() => undefined);
    }
    await client?.close().catch(() => undefined);
  }

  /**
   * Calls `listener` with the new tool list whenever the server says its tools changed
   * (notifications/tools/list_changed) and the list was fetched again. Returns the
   * unsubscribe function.
   */
  onToolsChanged(listener: (tools: McpTool[]) => void): () => void {
    this.toolListeners.add(listener);
    return () => this.toolListeners.delete(listener);
  }

  /**
   * Calls `listener` when the server says its resources or prompts changed, or that a
   * resource Cove subscribed to was updated. Returns the unsubscribe function.
   */
  onServerChange(listener: (change: McpServerChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Tells the server Cove's roots changed (the person opened another workspace), so one
   * that keeps them asks again. Nothing to do before connecting: initialize is followed by
   * the server's own roots/list. Never throws: a server that missed it asks at its next need.
   */
  async rootsChanged(): Promise<void> {
    if (!this.client || !this.deps.roots) return;
    await this.client.sendRootsListChanged().catch(() => undefined);
  }

  /** tools/list, all pages. Keeps the result as {@link cachedTools}. */
  async listTools(options: McpRequestOptions = {}): Promise<McpTool[]> {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    const seen = new Set<string>();
    do {
      const page = await this.request(
        (client, sdk) => client.listTools(cursor ? { cursor } : undefined, sdk),
        options,
      );
      tools.push(...page.tools);
      cursor = page.nextCursor;
      // A server that hands back a cursor it already gave would loop forever.
      if (cursor !== undefined && seen.has(cursor)) break;
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor);
    this.tools = tools;
    return tools;
  }

  /** tools/call. The server's isError comes back in the result; transport failures throw CoveError. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: McpRequestOptions = {},
  ): Promise<CallToolResult> {
    return this.request(
      (client, sdk) =>
        client.callTool({ name, arguments: args }, undefined, sdk) as Promise<CallToolResult>,
      options,
    );
  }

  /**
   * Runs one SDK request with Cove's deadline (on the injected clock), cancellation, error
   * classification and the one retry after the server forgot the session.
   */
  async request<T>(
    run: (client: Client, options: SdkRequestOptions) => Promise<T>,
    options: McpRequestOptions = {},
  ): Promise<T> {
    await this.connect(options.signal);
    const used = this.client;
    const hadSession = this.sessionId !== undefined;
    this.steps.reset();
    try {
      return await this.withDeadline(run, options);
    } catch (error) {
      // A step-up (403 insufficient_scope) that a headless sign-in answered at once.
      if (error instanceof UnauthorizedError && (await this.finishSignIn())) {
        try {
          return await this.withDeadline(run, options);
        } catch (retryError) {
          throw await this.explain(retryError);
        }
      }
      if (isSessionNotFound(error) && hadSession && !options.signal?.aborted) {
        await this.reopen(used, options.signal);
        try {
          return await this.withDeadline(run, options);
        } catch (retryError) {
          throw await this.explain(retryError);
        }
      }
      throw await this.explain(error);
    }
  }

  /** Connects if needed and lists what the server offers, for the settings' Test button. */
  async test(signal?: AbortSignal): Promise<McpServerReport> {
    const started = this.deps.clock.now();
    await this.connect(signal);
    const caps = this.capabilities ?? {};
    const tools = caps.tools ? await this.listTools({ signal }) : [];
    const resources = caps.resources ? await listAllResources(this, signal) : [];
    const prompts = caps.prompts ? await listAllPrompts(this, signal) : [];
    const info = this.serverInfo;
    return {
      serverName: info?.name ?? '(unnamed)',
      serverVersion: info?.version ?? '',
      protocolVersion: this.protocolVersion,
      transport: this.kind,
      instructions: this.client?.getInstructions(),
      tools,
      resources,
      prompts,
      elapsedMs: this.deps.clock.now() - started,
    };
  }

  private async withDeadline<T>(
    run: (client: Client, options: SdkRequestOptions) => Promise<T>,
    options: McpRequestOptions,
  ): Promise<T> {
    const client = this.client;
    if (!client) throw mcpError('mcp-closed');
    const timeoutMs = options.timeoutMs ?? this.deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const startTimer = () =>
      this.deps.clock.schedule(() => controller.abort(new DeadlineReached(timeoutMs)), timeoutMs);
    let cancelTimer = startTimer();
    const onprogress = (progress: { progress: number; total?: number; message?: string }) => {
      // Progress shows the server is alive: the deadline starts again.
      cancelTimer();
      cancelTimer = startTimer();
      options.onProgress?.(progress);
    };
    // While the server waits for the person (elicitation), the deadline waits too.
    const hold = (waiting: boolean) => {
      cancelTimer();
      cancelTimer = waiting ? () => undefined : startTimer();
    };
    this.deadlines.add(hold);
    if (this.personWaits > 0) hold(true);
    try {
      return await run(client, {
        signal: controller.signal,
        // The SDK's own timer is only a backstop behind Cove's clock-driven deadline (which
        // waits while a person answers a form, so the backstop waits long enough for that).
        timeout:
          this.deps.elicit || this.deps.sample
            ? Math.max(timeoutMs * 2, PERSON_PATIENCE_MS)
            : timeoutMs * 2,
        resetTimeoutOnProgress: true,
        onprogress,
      });
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted) {
        // The SDK reports any abort as a timeout (McpError RequestTimeout); say which it was.
        if (reason instanceof DeadlineReached) throw reason;
        throw mcpError('mcp-cancelled', { variant: 'call' }, { cause: error });
      }
      throw error;
    } finally {
      this.deadlines.delete(hold);
      cancelTimer();
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Holds the deadlines while any request waits for the person, and restarts them after. */
  private personWaiting(isWaiting: boolean): void {
    const before = this.personWaits;
    this.personWaits += isWaiting ? 1 : -1;
    if ((before === 0) !== (this.personWaits === 0)) {
      for (const deadline of this.deadlines) deadline(this.personWaits > 0);
    }
  }

  private async open(signal?: AbortSignal): Promise<void> {
    const url = new URL(this.config.url);
    this.steps.reset();
    try {
      await this.openWith('streamable-http', url, signal);
      return;
    } catch (error) {
      const status = httpStatusOf(error);
      // A server that answered initialize speaks Streamable HTTP, whatever failed after.
      const oldServer =
        this.negotiatedVersion === undefined &&
        status !== undefined &&
        status >= 400 &&
        status < 500 &&
        status !== 401 &&
        status !== 403;
      if (!oldServer || signal?.aborted) throw await this.explain(error);
      try {
        await this.openWith('sse', url, signal);
      } catch (sseError) {
        // The Streamable HTTP answer says more about a wrong URL than the SSE one.
        throw await this.explain(httpStatusOf(sseError) !== undefined ? error : sseError);
      }
    }
  }

  private async openWith(
    kind: McpTransportKind,
    url: URL,
    signal?: AbortSignal,
    signedInNow = false,
  ): Promise<void> {
    this.negotiatedVersion = undefined;
    const oauth = this.deps.oauth;
    // With OAuth the SDK's discovery and token requests go through the transport's fetch
    // too; the server's own headers are added by that fetch, for the server alone.
    const requestInit: RequestInit = oauth ? {} : { headers: { ...this.config.headers } };
    const fetch = this.steps.fetch;
    const transport =
      kind === 'streamable-http'
        ? new StreamableHTTPClientTransport(url, {
            fetch,
            requestInit,
            ...(oauth ? { authProvider: oauth } : {}),
            // Cove retries at the request level; a lost GET stream is reopened a few times.
            reconnectionOptions: {
              maxReconnectionDelay: 30_000,
              initialReconnectionDelay: 1_000,
              reconnectionDelayGrowFactor: 1.5,
              maxRetries: 2,
            },
          })
        : new SSEClientTransport(url, {
            fetch,
            requestInit,
            ...(oauth ? { authProvider: oauth } : {}),
          });
    // The Client tells the transport the version it negotiated; only Streamable HTTP
    // exposes it again, so it is caught on the way in.
    const setVersion = transport.setProtocolVersion.bind(transport);
    transport.setProtocolVersion = (version: string) => {
      this.negotiatedVersion = version;
      setVersion(version);
    };
    const client = new Client(this.deps.clientInfo ?? DEFAULT_CLIENT_INFO, {
      capabilities: {
        ...(this.deps.elicit ? { elicitation: ELICITATION_CAPABILITY } : {}),
        ...(this.deps.sample ? { sampling: {} } : {}),
        // The roots are read at each request, and a change of workspace is told (rootsChanged).
        ...(this.deps.roots ? { roots: { listChanged: true } } : {}),
      },
      // Ajv compiles validators with new Function, which Cove's CSP forbids.
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.refreshTools();
    });
    const server = { id: this.config.id, name: this.config.name };
    const waiting = (isWaiting: boolean) => this.personWaiting(isWaiting);
    if (this.deps.elicit) answerElicitations(client, server, this.deps.elicit, waiting);
    if (this.deps.sample) answerSampling(client, server, this.deps.sample, waiting);
    if (this.deps.roots) answerRoots(client, this.deps.roots);
    if (this.deps.onServerLog) followServerLogs(client, this.deps.onServerLog);
    followServerChanges(client, (change) => {
      this.changeListeners.forEach((listener) => listener(change));
    });
    const timeoutMs = this.deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const cancelTimer = this.deps.clock.schedule(() => {
      timedOut = true;
      controller.abort(new DeadlineReached(timeoutMs));
    }, timeoutMs);
    try {
      await client.connect(transport as Transport, {
        signal: controller.signal,
        timeout: timeoutMs * 2,
      });
    } catch (error) {
      // Initialize was answered but the notification after it was refused: the session id
      // the server sent could not be read (see below).
      this.sessionIdMissing =
        this.negotiatedVersion !== undefined &&
        transport instanceof StreamableHTTPClientTransport &&
        !transport.sessionId;
      await client.close().catch(() => undefined);
      if (timedOut) throw new DeadlineReached(timeoutMs);
      // The 401 started a sign-in that came back at once (headless): exchange the code and
      // connect again with the token, once.
      const code = error instanceof UnauthorizedError ? oauth?.takeAuthorizationCode() : undefined;
      if (code && !signedInNow) {
        await transport.finishAuth(code);
        cancelTimer();
        signal?.removeEventListener('abort', onAbort);
        return this.openWith(kind, url, signal, true);
      }
      throw error;
    } finally {
      cancelTimer();
      signal?.removeEventListener('abort', onAbort);
    }
    this.client = client;
    this.transport = transport;
    this.kind = kind;
    // A transport that closes (the SSE stream ended, the server went away) is dropped, so
    // the next request connects again instead of failing with "Not connected".
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.transport = undefined;
    };
    // A server that keeps sessions but whose id the page cannot read (not exposed by CORS)
    // fails on the next request; remember this so that failure is told as what it is.
    this.sessionIdMissing =
      transport instanceof StreamableHTTPClientTransport && !transport.sessionId;
  }

  /**
   * Drops `failed` and connects again. When several requests meet the 404 at once, the
   * first one reconnects and the others use its new session.
   */
  private async reopen(failed: Client | undefined, signal?: AbortSignal): Promise<void> {
    if (this.client === failed) {
      this.client = undefined;
      this.transport = undefined;
      await failed?.close().catch(() => undefined);
    }
    await this.connect(signal);
  }

  /** Exchanges the code a headless sign-in brought back, on the live transport. */
  private async finishSignIn(): Promise<boolean> {
    const code = this.deps.oauth?.takeAuthorizationCode();
    if (!code || !this.transport) return false;
    await this.transport.finishAuth(code);
    return true;
  }

  private refreshTools(): void {
    this.listTools().then(
      (tools) => this.toolListeners.forEach((listener) => listener(tools)),
      // A failed refresh keeps the old list; the next call or Test shows the failure.
      () => undefined,
    );
  }

  /** Classifies a failure, probing reachability first when the network failed in a page. */
  private async explain(error: unknown): Promise<CoveError> {
    if (error instanceof CoveError) return error;
    const url = this.config.url;
    if (error instanceof DeadlineReached) {
      return classifyMcpError(error, { url, timeoutMs: error.timeoutMs });
    }
    if (isAbortError(error)) return classifyMcpError(error, { url });
    const last = this.steps.last();
    if ((last && isOAuthFailure(error, last)) || error instanceof OAuthError) {
      // An answer from the authorization page (denied…) comes after the requests.
      const step =
        error instanceof OAuthError && !last
          ? { step: 'authorization' as const, url, networkFailed: false }
          : last!;
      const reachability =
        step.networkFailed && this.deps.pageOrigin
          ? await probeReachability(this.deps.fetch, step.url, this.deps.clock)
          : undefined;
      return classifyOAuthFailure(error, {
        url,
        step,
        ...(this.deps.pageOrigin ? { pageOrigin: this.deps.pageOrigin } : {}),
        ...(reachability ? { reachability } : {}),
        ...(this.deps.oauth?.clientCredentials
          ? { clientCredentials: this.deps.oauth.clientCredentials }
          : {}),
      });
    }
    if (error instanceof UnauthorizedError && this.deps.oauth?.signInExpired) {
      return mcpError('mcp-sign-in-required', { host: new URL(url).host, variant: 'expired' });
    }
    let reachability;
    if (isNetworkFailure(error) && this.deps.pageOrigin) {
      reachability = await probeReachability(this.deps.fetch, url, this.deps.clock);
    }
    return classifyMcpError(error, {
      url,
      pageOrigin: this.deps.pageOrigin,
      sessionIdMissing: this.sessionIdMissing,
      reachability,
    });
  }
}

/**
 * True for what the SDK's `auth()` threw during `step`, as opposed to the MCP server's own
 * answers and the transport's failures.
 */
function isOAuthFailure(error: unknown, step: OAuthStepRecord): boolean {
  if (
    error instanceof UnauthorizedError ||
    error instanceof StreamableHTTPError ||
    error instanceof SseError ||
    error instanceof McpError
  ) {
    return false;
  }
  return isNetworkFailure(error) ? step.networkFailed : true;
}

/**
 * `fetch` that adds the server's own headers (its settings') to requests to the server's
 * origin only: the authorization server never sees them.
 */
function headersForServerOnly(fetch: FetchLike, config: McpServerConfig): FetchLike {
  const origin = new URL(config.url).origin;
  if (!Object.keys(config.headers).length) return fetch;
  return (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    if (target.origin !== origin) return fetch(input, init);
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(config.headers)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    return fetch(input, { ...init, headers });
  };
}
