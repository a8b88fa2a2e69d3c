import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import { McpConnection } from '../../../src/mcp/mcp-connection';
import { followAuthorizationHeadless } from '../../../src/mcp/oauth-callback';
import { McpOAuthProvider } from '../../../src/mcp/oauth-provider';
import { signOutOfMcpServer } from '../../../src/mcp/oauth-sign-out';
import { createMemoryOAuthStore, type McpOAuthStore } from '../../../src/mcp/oauth-store';
import { startOAuthMcpServer, type OAuthMcpServer } from './oauth-server';

/**
 * OAuth sign-in (issue 20) against an authorization server and a protected MCP server over
 * real HTTP (oauth-server.ts): the SDK's auth() through Cove's provider, the authorization
 * page followed headless.
 */

const REDIRECT = 'http://cove.test/oauth-callback.html';
const fetch = globalThis.fetch.bind(globalThis);
let server: OAuthMcpServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function signIn(
  url: string,
  store: McpOAuthStore,
  mode: 'headless' | 'later' = 'headless',
  network: typeof fetch = fetch,
): { connection: McpConnection; provider: McpOAuthProvider; authorizations: URL[] } {
  const authorizations: URL[] = [];
  const provider = new McpOAuthProvider({
    serverId: 's1',
    serverUrl: url,
    store,
    redirectUrl: REDIRECT,
    authorize: (authorizationUrl, state) => {
      authorizations.push(authorizationUrl);
      return mode === 'headless'
        ? followAuthorizationHeadless(fetch, authorizationUrl, REDIRECT, state)
        : Promise.resolve(undefined);
    },
  });
  const connection = new McpConnection(
    { id: 's1', name: 'secure', url, headers: {}, enabled: true, approval: 'ask' },
    { fetch: network, clock: systemClock, oauth: provider, requestTimeoutMs: 10_000 },
  );
  return { connection, provider, authorizations };
}

async function failure(promise: Promise<unknown>): Promise<CoveError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoveError);
  return error as CoveError;
}

describe('MCP OAuth sign-in', () => {
  it('signs in on a 401 and calls a tool; the token goes to the MCP server only', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const store = createMemoryOAuthStore();
    const { connection, authorizations } = signIn(server.url, store);

    const result = await connection.callTool('whoami', {});
    expect(result.content).toEqual([{ type: 'text', text: 'You are signed in as test-user.' }]);

    const request = authorizations[0]!;
    expect(request.searchParams.get('code_challenge_method')).toBe('S256');
    expect(request.searchParams.get('resource')).toBe(server.url);
    expect(request.searchParams.get('scope')).toBe('mcp:tools');
    expect(server.resources).toEqual([server.url]);
    expect(server.authRequests).toContain('POST /register');
    expect(server.authRequests.some((r) => r.endsWith('bearer'))).toBe(false);
    expect(server.mcpRequests.some((r) => r.startsWith('POST /mcp') && r.endsWith('bearer'))).toBe(
      true,
    );
    expect(store.records.get('s1')?.tokens?.access_token).toMatch(/^at-/);
    await connection.close();
  });

  it('uses the kept token next time, and refreshes it when it expired', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const store = createMemoryOAuthStore();
    const first = signIn(server.url, store);
    await first.connection.listTools();
    await first.connection.close();

    const second = signIn(server.url, store);
    await second.connection.listTools();
    expect(second.authorizations).toHaveLength(0);
    await second.connection.close();

    server.expireAccessTokens();
    const third = signIn(server.url, store);
    await third.connection.listTools();
    expect(third.authorizations).toHaveLength(0);
    expect(server.resources).toHaveLength(2);
    await third.connection.close();
  });

  it('asks to sign in again when the refresh token expired', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const store = createMemoryOAuthStore();
    const first = signIn(server.url, store);
    await first.connection.listTools();
    await first.connection.close();
    server.expireAccessTokens();
    server.expireRefreshTokens();

    const later = signIn(server.url, store, 'later');
    const error = await failure(later.connection.listTools());
    expect(error.code).toBe('mcp-sign-in-required');
    expect(error.params['variant']).toBe('expired');
    expect(later.authorizations).toHaveLength(1);
  });

  it('asks to sign in when the server wants it and nobody has', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const { connection } = signIn(server.url, createMemoryOAuthStore(), 'later');
    const error = await failure(connection.connect());
    expect(error.code).toBe('mcp-sign-in-required');
    expect(error.userText).toMatch(/sign in/i);
  });

  it('says the user denied access when the authorization page answers so', async () => {
    server = await startOAuthMcpServer({ answer: 'deny' });
    const { connection } = signIn(server.url, createMemoryOAuthStore());
    const error = await failure(connection.connect());
    expect(error.code).toBe('mcp-oauth');
    expect(error.params['variant']).toBe('denied');
    expect(error.userText).toMatch(/denied|refused|said no/i);
  });

  it('says registration was refused, with the server’s words', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    server.refuseRegistration({
      status: 400,
      body: { error: 'invalid_client_metadata', error_description: 'redirect_uri not allowed' },
    });
    const { connection } = signIn(server.url, createMemoryOAuthStore());
    const error = await failure(connection.connect());
    expect(error.code).toBe('mcp-oauth');
    expect(error.params).toMatchObject({ step: 'registration', variant: 'refused' });
    expect(error.userText).toMatch(/redirect_uri not allowed/);
  });

  it('says discovery failed when the authorization server cannot be reached', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const { url, authUrl } = server;
    // The MCP server stays; its authorization server goes away.
    const blocked: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).startsWith(authUrl)
        ? Promise.reject(new TypeError('fetch failed'))
        : fetch(input, init);
    const { connection } = signIn(url, createMemoryOAuthStore(), 'headless', blocked);
    const error = await failure(connection.connect());
    expect(error.code).toBe('mcp-oauth');
    expect(error.params).toMatchObject({ step: 'server-metadata', variant: 'unreachable' });
  });

  it('never sends a token kept for another URL', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const store = createMemoryOAuthStore();
    await store.save('s1', {
      serverUrl: 'https://elsewhere.example/mcp',
      tokens: { access_token: 'at-not-for-you', token_type: 'Bearer' },
    });
    const { connection, authorizations } = signIn(server.url, store);
    await connection.listTools();
    expect(authorizations).toHaveLength(1);
    expect(store.records.get('s1')?.serverUrl).toBe(server.url);
    await connection.close();
  });

  it('signs out: revokes at the server and forgets the tokens', async () => {
    server = await startOAuthMcpServer({ answer: 'allow' });
    const store = createMemoryOAuthStore();
    const { connection, provider } = signIn(server.url, store);
    await connection.listTools();
    await connection.close();
    const tokens = store.records.get('s1')!.tokens!;

    expect(await signOutOfMcpServer(provider, fetch)).toEqual({ revoked: true });
    expect(server.revoked).toEqual([tokens.refresh_token, tokens.access_token]);
    expect(store.records.get('s1')?.tokens).toBeUndefined();
    const next = signIn(server.url, store, 'later');
    expect((await failure(next.connection.listTools())).code).toBe('mcp-sign-in-required');
  });
});
