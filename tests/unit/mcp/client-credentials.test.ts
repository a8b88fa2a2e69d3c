import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import { McpClientCredentialsProvider } from '../../../src/mcp/client-credentials';
import { McpConnection } from '../../../src/mcp/mcp-connection';
import { createMemoryOAuthStore } from '../../../src/mcp/oauth-store';
import type { McpClientCredentials } from '../../../src/mcp/server-config';
import { startOAuthMcpServer, type OAuthMcpServer } from './oauth-server';

/**
 * Client-credentials sign-in (issue 20, SEP-1046) against a real authorization server over
 * HTTP: the SDK's ClientCredentialsProvider / PrivateKeyJwtProvider through Cove's provider.
 */

const CLIENT = { id: 'robot', secret: 'robot-secret-0123456789' };
const fetch = globalThis.fetch.bind(globalThis);
let server: OAuthMcpServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function connect(
  url: string,
  credentials: McpClientCredentials,
  store = createMemoryOAuthStore(),
  network: typeof fetch = fetch,
) {
  const provider = new McpClientCredentialsProvider({
    serverId: 's1',
    serverUrl: url,
    store,
    credentials,
  });
  const connection = new McpConnection(
    { id: 's1', name: 'robot', url, headers: {}, enabled: true, approval: 'ask' },
    { fetch: network, clock: systemClock, oauth: provider, requestTimeoutMs: 10_000 },
  );
  return { connection, provider, store };
}

async function failure(promise: Promise<unknown>): Promise<CoveError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoveError);
  return error as CoveError;
}

const secret = (clientSecret: string): McpClientCredentials => ({
  kind: 'client-secret',
  clientId: CLIENT.id,
  clientSecret,
});

describe('MCP client-credentials sign-in', () => {
  it('gets a token with the secret, with no person, and keeps it without the secret', async () => {
    server = await startOAuthMcpServer({ confidentialClient: CLIENT });
    const { connection, provider, store } = connect(server.url, secret(CLIENT.secret));
    const result = await connection.callTool('whoami', {});
    await connection.close();
    expect(JSON.stringify(result.content)).toContain('signed in');
    expect(server.authRequests).toContain('POST /token');
    expect(server.authRequests).not.toContain('POST /register');
    expect(await provider.signedIn()).toBe(true);
    const record = store.records.get('s1');
    expect(record?.credentialsIssuer).toEqual({ clientId: CLIENT.id, issuer: server.authUrl });
    expect(JSON.stringify(record)).not.toContain(CLIENT.secret);
  });

  it('says the token endpoint refused a wrong secret', async () => {
    server = await startOAuthMcpServer({ confidentialClient: CLIENT });
    const { connection } = connect(server.url, secret('wrong'));
    const error = await failure(connection.listTools());
    expect(error.code).toBe('mcp-client-credentials');
    expect(error.params['variant']).toBe('refused');
    expect(error.message).toMatch(/token endpoint .* refused the client ID and the secret/);
  });

  it('says no token endpoint was found when the server publishes no metadata', async () => {
    server = await startOAuthMcpServer({ confidentialClient: CLIENT });
    const noMetadata: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.includes('/.well-known/') || url.pathname.endsWith('/token')) {
        return Promise.resolve(new Response('not found', { status: 404 }));
      }
      return fetch(input, init);
    };
    const { connection } = connect(server.url, secret(CLIENT.secret), undefined, noMetadata);
    const error = await failure(connection.listTools());
    expect(error.code).toBe('mcp-client-credentials');
    expect(error.params['variant']).toBe('no-token-endpoint');
  });

  it('sends the secret to no other authorization server than the one it worked with', async () => {
    server = await startOAuthMcpServer({ confidentialClient: CLIENT });
    const store = createMemoryOAuthStore();
    store.records.set('s1', {
      serverUrl: server.url,
      credentialsIssuer: { clientId: CLIENT.id, issuer: 'https://auth.elsewhere.test' },
    });
    const { connection } = connect(server.url, secret(CLIENT.secret), store);
    const error = await failure(connection.listTools());
    expect(error.code).toBe('mcp-client-credentials');
    expect(error.params['variant']).toBe('issuer');
    expect(server.authRequests).not.toContain('POST /token');
  });

  it('says a private key that cannot sign is the key’s problem, before any token request', async () => {
    server = await startOAuthMcpServer({ confidentialClient: CLIENT });
    const { connection } = connect(server.url, {
      kind: 'private-key-jwt',
      clientId: CLIENT.id,
      privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      algorithm: 'ES256',
    });
    const error = await failure(connection.listTools());
    expect(error.code).toBe('mcp-client-credentials');
    expect(error.params['variant']).toBe('bad-key');
    expect(error.message).not.toContain('AAAA');
    expect(server.authRequests).not.toContain('POST /token');
  });
});
