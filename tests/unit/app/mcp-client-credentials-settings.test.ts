// The raw rows are read as a disk copy would, which needs Dexie (only src/store imports it).
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServerStore, MCP_SETTING_KEYS } from '../../../src/app/mcp-server-store';
import { createMcpSignIn, type McpSignInHost } from '../../../src/app/mcp-sign-in';
import { CoveError } from '../../../src/base/errors';
import { McpClientCredentialsProvider } from '../../../src/mcp/client-credentials';
import { McpOAuthProvider } from '../../../src/mcp/oauth-provider';
import { createMemoryOAuthStore } from '../../../src/mcp/oauth-store';
import {
  checkClientCredentials,
  signInFields,
  type McpServerConfig,
} from '../../../src/mcp/server-config';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import { openDexieStore } from '../../../src/store/dexie-store';
import { isSecretSetting } from '../../../src/store/settings-store';

/** An MCP server's client-credentials sign-in in its settings (issue 20). */

const SECRET = 'cc-secret-value-0123456789';
const KEY_BODY = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgSECRETKEYBODY';
const PEM = `-----BEGIN PRIVATE KEY-----\n${KEY_BODY}\n-----END PRIVATE KEY-----`;
const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

const server = (signIn?: McpServerConfig['signIn']): McpServerConfig => ({
  id: 's1',
  name: 'robot',
  url: 'https://mcp.example/mcp',
  headers: {},
  enabled: true,
  approval: 'ask',
  ...(signIn ? { signIn } : {}),
});

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof CoveError ? error.params['field'] : error;
  }
  return undefined;
}

describe('client credentials in an MCP server’s settings', () => {
  it('are checked: a client id, the secret, a key that is PEM or JWK, a known algorithm', () => {
    const jwt = {
      kind: 'private-key-jwt' as const,
      clientId: 'c',
      privateKey: PEM,
      algorithm: 'ES256',
    };
    expect(
      codeOf(() =>
        checkClientCredentials({ kind: 'client-secret', clientId: ' ', clientSecret: 'x' }),
      ),
    ).toBe('client-id');
    expect(
      codeOf(() =>
        checkClientCredentials({ kind: 'client-secret', clientId: 'c', clientSecret: '' }),
      ),
    ).toBe('secret');
    expect(codeOf(() => checkClientCredentials({ ...jwt, privateKey: 'not a key' }))).toBe('key');
    expect(codeOf(() => checkClientCredentials({ ...jwt, algorithm: 'none' }))).toBe('algorithm');
    expect(checkClientCredentials({ ...jwt, privateKey: '{"kty":"EC","d":"abc"}' }).clientId).toBe(
      'c',
    );
    expect(checkClientCredentials({ ...jwt, clientId: ' c ' }).clientId).toBe('c');
    // The browser sign-in keeps its optional client id; client credentials replace it.
    expect(signInFields({ oauthClientId: ' id ' })).toEqual({ oauthClientId: 'id' });
    expect(signInFields({ oauthClientId: 'id', signIn: jwt })).toEqual({ signIn: jwt });
  });

  it('keep the secret and the key sealed at rest, apart from the plain settings', async () => {
    const name = `cove-mcpcc-${Date.now()}`;
    names.push(name);
    const store = await openDexieStore({ name, changes: new LocalChangeFeed(), now: () => 1 });
    expect(isSecretSetting(MCP_SETTING_KEYS.signIn)).toBe(true);
    const servers = createMcpServerStore(store.settings);
    const withSecret = server({ kind: 'client-secret', clientId: 'robot', clientSecret: SECRET });
    const withKey = {
      ...server({
        kind: 'private-key-jwt',
        clientId: 'robot2',
        privateKey: PEM,
        algorithm: 'ES256',
      }),
      id: 's2',
      name: 'robot2',
    };
    await servers.save([withSecret, withKey]);

    const plain = JSON.stringify(await store.settings.get(MCP_SETTING_KEYS.servers));
    expect(plain).toContain('robot2');
    expect(plain).not.toContain(SECRET);
    expect(plain).not.toContain(KEY_BODY);
    const db = new Dexie(name);
    await db.open();
    const raw = JSON.stringify(await Promise.all(db.tables.map((table) => table.toArray())));
    db.close();
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain(KEY_BODY);

    expect(await createMcpServerStore(store.settings).load()).toEqual([withSecret, withKey]);
    store.close();
  });

  it('choose the client-credentials provider, and the redactor knows the secret and the key', () => {
    let servers = [
      server({ kind: 'private-key-jwt', clientId: 'c', privateKey: PEM, algorithm: 'ES256' }),
    ];
    const host = {
      oauth: {
        store: Object.assign(createMemoryOAuthStore(), {
          known: () => new Map(),
          reload: () => Promise.resolve(),
        }),
        redirectUrl: 'https://cove.test/oauth-callback.html',
        navigate: () => undefined,
      },
      fetch: globalThis.fetch,
      pageOrigin: undefined,
      allowOnce: undefined,
      servers: () => servers,
      find: (id: string) => servers.find((s) => s.id === id),
    } as unknown as McpSignInHost;
    const signIn = createMcpSignIn(host);
    const provider = signIn.providerFor(servers[0]!, false);
    expect(provider).toBeInstanceOf(McpClientCredentialsProvider);
    expect(provider?.redirectUrl).toBeUndefined();
    expect(provider?.clientCredentials).toBe('private-key-jwt');
    expect(signIn.oauthSecrets()).toEqual(expect.arrayContaining([PEM, KEY_BODY]));

    servers = [server({ kind: 'client-secret', clientId: 'c', clientSecret: SECRET })];
    expect(signIn.providerFor(servers[0]!, false)?.clientCredentials).toBe('client-secret');
    expect(signIn.oauthSecrets()).toContain(SECRET);

    servers = [server()];
    const browser = signIn.providerFor(servers[0]!, false);
    expect(browser).toBeInstanceOf(McpOAuthProvider);
    expect(browser).not.toBeInstanceOf(McpClientCredentialsProvider);
    expect(browser?.redirectUrl).toBe('https://cove.test/oauth-callback.html');
  });
});
