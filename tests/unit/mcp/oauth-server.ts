import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './everything-server';

/**
 * An OAuth-protected MCP server over real HTTP, for the sign-in's unit and end-to-end tests
 * (issue 20): an authorization server (metadata, dynamic registration, an authorization
 * page, PKCE-checked token exchange, refresh, revocation) and, on another origin, an MCP
 * server (stateless Streamable HTTP, one tool `whoami`) that answers 401 with a challenge
 * until it gets one of the authorization server's tokens. Both answer CORS for any origin.
 *
 * `answer` makes the authorization page redirect back at once with that answer (the
 * headless tests); without it the page asks a person (Allow / Deny), as real ones do.
 */
export interface OAuthMcpServer {
  /** The MCP endpoint. */
  url: string;
  /** The authorization server's origin. */
  authUrl: string;
  /** Requests each server saw, as "METHOD /path" plus " bearer" when a bearer token came. */
  mcpRequests: string[];
  authRequests: string[];
  /** The `resource` of each token request. */
  resources: (string | undefined)[];
  /** Tokens revoked through the revocation endpoint. */
  revoked: string[];
  /** Makes every access token issued so far stop working (as if it expired). */
  expireAccessTokens(): void;
  /** Makes every refresh token issued so far stop working too. */
  expireRefreshTokens(): void;
  /** What the next registration answers instead of registering (e.g. 400 with an error). */
  refuseRegistration(answer: { status: number; body: unknown } | undefined): void;
  stop(): Promise<void>;
}

export interface OAuthMcpServerOptions {
  answer?: 'allow' | 'deny';
  /** The scope the MCP server asks for in its challenge. */
  scope?: string;
  /** A client that may use the client_credentials grant, proven with its secret (Basic). */
  confidentialClient?: { id: string; secret: string };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
};

export async function startOAuthMcpServer(
  options: OAuthMcpServerOptions = {},
): Promise<OAuthMcpServer> {
  const scope = options.scope ?? 'mcp:tools';
  const [mcpPort, authPort] = [await freePort(), await freePort()];
  const mcpOrigin = `http://127.0.0.1:${mcpPort}`;
  const authOrigin = `http://127.0.0.1:${authPort}`;
  const mcpUrl = `${mcpOrigin}/mcp`;
  const prmUrl = `${mcpOrigin}/.well-known/oauth-protected-resource/mcp`;
  const clients = new Map<string, string[]>();
  const codes = new Map<string, { challenge: string; clientId: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const state = {
    mcpRequests: [] as string[],
    authRequests: [] as string[],
    resources: [] as (string | undefined)[],
    revoked: [] as string[],
    refusal: undefined as { status: number; body: unknown } | undefined,
  };

  const issue = () => {
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refresh,
      scope,
    };
  };

  const mcp = createServer((request, response) => {
    void (async () => {
      for (const [name, value] of Object.entries(CORS)) response.setHeader(name, value);
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      state.mcpRequests.push(`${request.method} ${request.url}${bearer ? ' bearer' : ''}`);
      if (request.method === 'OPTIONS') return send(response, 204);
      if (request.url === '/.well-known/oauth-protected-resource/mcp') {
        return send(response, 200, {
          resource: mcpUrl,
          authorization_servers: [authOrigin],
          scopes_supported: [scope],
        });
      }
      if (request.url !== '/mcp') return send(response, 404, { error: 'not found' });
      if (!bearer || !accessTokens.has(bearer)) {
        response.setHeader(
          'www-authenticate',
          `Bearer error="invalid_token", resource_metadata="${prmUrl}", scope="${scope}"`,
        );
        request.resume();
        return send(response, 401, { error: 'invalid_token' });
      }
      await serveMcp(request, response);
    })().catch(() => send(response, 500));
  });

  const auth = createServer((request, response) => {
    void (async () => {
      for (const [name, value] of Object.entries(CORS)) response.setHeader(name, value);
      const url = new URL(request.url ?? '/', authOrigin);
      const bearer = /^Bearer /.test(request.headers.authorization ?? '');
      state.authRequests.push(`${request.method} ${url.pathname}${bearer ? ' bearer' : ''}`);
      if (request.method === 'OPTIONS') return send(response, 204);
      const body = request.method === 'POST' ? await readBody(request) : new URLSearchParams();
      switch (url.pathname) {
        case '/.well-known/oauth-authorization-server':
          return send(response, 200, {
            issuer: authOrigin,
            authorization_endpoint: `${authOrigin}/authorize`,
            token_endpoint: `${authOrigin}/token`,
            registration_endpoint: `${authOrigin}/register`,
            revocation_endpoint: `${authOrigin}/revoke`,
            response_types_supported: ['code'],
            grant_types_supported: ['authorization_code', 'refresh_token'].concat(
              options.confidentialClient ? ['client_credentials'] : [],
            ),
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['none'].concat(
              options.confidentialClient ? ['client_secret_basic'] : [],
            ),
            scopes_supported: [scope],
          });
        case '/register': {
          if (state.refusal) return send(response, state.refusal.status, state.refusal.body);
          const metadata = JSON.parse(body.get('json') ?? '{}') as { redirect_uris?: string[] };
          const clientId = `client-${randomUUID()}`;
          clients.set(clientId, metadata.redirect_uris ?? []);
          return send(response, 201, { ...metadata, client_id: clientId });
        }
        case '/authorize':
          return authorize(url, response);
        case '/authorize/decide':
          return decide(url, response);
        case '/token':
          return token(body, response, request.headers.authorization);
        case '/revoke': {
          const token = body.get('token') ?? '';
          state.revoked.push(token);
          accessTokens.delete(token);
          refreshTokens.delete(token);
          return send(response, 200);
        }
        default:
          return send(response, 404, { error: 'not found' });
      }
    })().catch(() => send(response, 500));
  });

  function authorize(url: URL, response: ServerResponse): void {
    const clientId = url.searchParams.get('client_id') ?? '';
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (!clients.get(clientId)?.includes(redirectUri)) {
      return send(response, 400, {
        error: 'invalid_request',
        error_description: 'unknown client or redirect_uri',
      });
    }
    if (url.searchParams.get('code_challenge_method') !== 'S256') {
      return send(response, 400, {
        error: 'invalid_request',
        error_description: 'PKCE S256 required',
      });
    }
    if (options.answer) return decide(withDecision(url, options.answer), response);
    const allow = withDecision(url, 'allow');
    const deny = withDecision(url, 'deny');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Test authorization server</title><main><h1>Sign in to the test MCP server</h1>` +
        `<p>Cove asks for ${escapeHtml(url.searchParams.get('scope') ?? 'access')}.</p>` +
        `<a href="${escapeHtml(allow.pathname + allow.search)}">Allow</a> ` +
        `<a href="${escapeHtml(deny.pathname + deny.search)}">Deny</a></main>`,
    );
  }

  function decide(url: URL, response: ServerResponse): void {
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    const answerState = url.searchParams.get('state');
    if (answerState) back.searchParams.set('state', answerState);
    if (url.searchParams.get('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user said no.');
    } else {
      const code = `code-${randomUUID()}`;
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        clientId: url.searchParams.get('client_id') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.href });
    response.end();
  }

  function token(body: URLSearchParams, response: ServerResponse, authorization?: string): void {
    state.resources.push(body.get('resource') ?? undefined);
    const invalid = (description: string) =>
      send(response, 400, { error: 'invalid_grant', error_description: description });
    if (body.get('resource') !== mcpUrl) return invalid('resource is not the MCP server');
    if (body.get('grant_type') === 'authorization_code') {
      const code = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      if (!code) return invalid('unknown code');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== code.challenge) return invalid('PKCE verifier does not match');
      if (body.get('redirect_uri') !== code.redirectUri) return invalid('redirect_uri differs');
      return send(response, 200, issue());
    }
    if (body.get('grant_type') === 'client_credentials') {
      const client = options.confidentialClient;
      const basic = client
        ? `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`
        : undefined;
      if (!basic || authorization !== basic) {
        return send(response, 401, { error: 'invalid_client', error_description: 'bad client' });
      }
      return send(response, 200, issue());
    }
    if (body.get('grant_type') === 'refresh_token') {
      const refresh = body.get('refresh_token') ?? '';
      if (!refreshTokens.has(refresh)) return invalid('refresh token expired');
      refreshTokens.delete(refresh);
      return send(response, 200, issue());
    }
    return send(response, 400, { error: 'unsupported_grant_type' });
  }

  await Promise.all([listen(mcp, mcpPort), listen(auth, authPort)]);
  return {
    url: mcpUrl,
    authUrl: authOrigin,
    get mcpRequests() {
      return state.mcpRequests;
    },
    get authRequests() {
      return state.authRequests;
    },
    get resources() {
      return state.resources;
    },
    get revoked() {
      return state.revoked;
    },
    expireAccessTokens: () => accessTokens.clear(),
    expireRefreshTokens: () => refreshTokens.clear(),
    refuseRegistration: (answer) => {
      state.refusal = answer;
    },
    stop: async () => {
      await Promise.all([close(mcp), close(auth)]);
    },
  };
}

function withDecision(url: URL, decision: 'allow' | 'deny'): URL {
  const next = new URL(url);
  next.pathname = '/authorize/decide';
  next.searchParams.set('decision', decision);
  return next;
}

async function serveMcp(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { StreamableHTTPServerTransport } =
    await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const server = new McpServer({ name: 'oauth-test', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Says who signed in' }, () => ({
    content: [{ type: 'text', text: 'You are signed in as test-user.' }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.on('close', () => void transport.close().catch(() => undefined));
  await server.connect(transport);
  await transport.handleRequest(request, response);
}

/** A POST body: form fields as they are, a JSON body under `json`. */
async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('json')) {
    return new URLSearchParams({ json: text });
  }
  return new URLSearchParams(text);
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
