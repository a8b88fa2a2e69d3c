/**
 * OAuth sign-in to MCP servers for the MCP service (issue 20): the provider of each server
 * (the SDK's auth() does the protocol, src/mcp/oauth-provider.ts), Sign in, Sign out, the
 * end of the redirect, and what the rest of the app reads of the sign-ins kept (the
 * authorization servers for the network allow-list, the secrets for redaction).
 */
import { createSignal } from 'solid-js';
import { CoveError } from '../base/errors';
import type { FetchLike } from '../llm/fetch-like';
import type { McpConnection } from '../mcp/mcp-connection';
import { McpOAuthProvider } from '../mcp/oauth-provider';
import { signOutOfMcpServer } from '../mcp/oauth-sign-out';
import { oauthStepOf } from '../mcp/oauth-steps';
import type { McpOAuthRecord, McpOAuthStore } from '../mcp/oauth-store';
import { finishMcpSignIn } from '../mcp/open-connection';
import { credentialsSecretValues, type McpServerConfig } from '../mcp/server-config';
import { McpClientCredentialsProvider } from '../mcp/client-credentials';
import { errorText } from './messages/describe-error';

/** What OAuth sign-in needs from the page. */
export interface McpOAuthDeps {
  /** Sealed at rest (src/app/mcp-oauth-store.ts). */
  store: McpOAuthStore & {
    known(): ReadonlyMap<string, McpOAuthRecord>;
    reload(): Promise<void>;
  };
  /** Cove's callback page. */
  redirectUrl: string;
  /** Cove's Client ID Metadata Document, where the deployment serves one over https. */
  clientMetadataUrl?: string;
  /** Takes the page to the authorization server (a full-page redirect). */
  navigate(url: URL): void;
}

/** What the sign-ins need of the MCP service around them. */
export interface McpSignInHost {
  oauth: McpOAuthDeps | undefined;
  fetch: FetchLike;
  pageOrigin: string | undefined;
  allowOnce: ((url: string) => void) | undefined;
  servers(): readonly McpServerConfig[];
  find(id: string): McpServerConfig | undefined;
  /** Closes server `id`'s connection, if any. */
  drop(id: string): Promise<void>;
  /** Connects server `id` as a run would. */
  connect(id: string): Promise<unknown>;
  /** A new connection to `server` whose sign-in may leave the page. */
  openInteractive(server: McpServerConfig): Promise<McpConnection>;
  setFailed(id: string, message: string): void;
  setConnecting(id: string): void;
  setIdle(id: string): void;
}

export function createMcpSignIn(host: McpSignInHost) {
  /** Bumped when sign-ins change, so `signedIn` and the hosts list follow. */
  const [version, setVersion] = createSignal(0);
  const changed = () => setVersion((v) => v + 1);
  const known = () => host.oauth?.store.known() ?? new Map<string, McpOAuthRecord>();

  /**
   * The page's fetch; the requests of a sign-in (metadata, registration, tokens) go to the
   * authorization server the MCP server named, which the network gate lets through.
   */
  const fetch: FetchLike = (input, init) => {
    if (oauthStepOf(input, init)) {
      host.allowOnce?.(input instanceof Request ? input.url : String(input));
    }
    return host.fetch(input, init);
  };

  /** The OAuth provider of `server`; `interactive` when the person asked to sign in. */
  function providerFor(
    server: McpServerConfig,
    interactive: boolean,
  ): McpOAuthProvider | undefined {
    const oauth = host.oauth;
    if (!oauth) return undefined;
    // Client credentials sign in without a person: nothing to redirect, nothing to ask.
    if (server.signIn) {
      return new McpClientCredentialsProvider({
        serverId: server.id,
        serverUrl: server.url,
        store: oauth.store,
        credentials: server.signIn,
      });
    }
    return new McpOAuthProvider({
      serverId: server.id,
      serverUrl: server.url,
      store: oauth.store,
      redirectUrl: oauth.redirectUrl,
      ...(oauth.clientMetadataUrl ? { clientMetadataUrl: oauth.clientMetadataUrl } : {}),
      ...(server.oauthClientId ? { preRegistered: { clientId: server.oauthClientId } } : {}),
      authorize: (url) => {
        // Only a sign-in the person asked for leaves the page; a run that meets the 401
        // says so instead, and Settings offers Sign in.
        if (!interactive) return Promise.resolve(undefined);
        oauth.navigate(url);
        return new Promise<never>(() => {});
      },
    });
  }

  return {
    fetch,
    providerFor,
    /** Reads the sign-ins kept again (another tab, a restored backup). */
    async reload() {
      await host.oauth?.store.reload().then(changed, () => undefined);
    },
    /** True for the error a server gives when it wants a sign-in. */
    needsSignIn: (error: unknown) =>
      error instanceof CoveError && error.code === 'mcp-sign-in-required',
    signedIn(id: string): boolean {
      version();
      const server = host.find(id);
      const record = known().get(id);
      return !!server && record?.serverUrl === server.url && record.tokens !== undefined;
    },
    async signIn(id: string): Promise<void> {
      const server = host.find(id);
      if (!server) return;
      await host.drop(id);
      host.setConnecting(id);
      const connection = await host.openInteractive(server);
      try {
        await connection.connect();
      } finally {
        await connection.close();
      }
      changed();
      await host.connect(id);
    },
    async signOut(id: string): Promise<{ revoked: boolean }> {
      const server = host.find(id);
      const provider = server && providerFor(server, false);
      if (!provider) return { revoked: false };
      await host.drop(id);
      const result = await signOutOfMcpServer(provider, fetch);
      host.setIdle(id);
      changed();
      return result;
    },
    async finishSignIn(answer: URL): Promise<string | undefined> {
      const oauth = host.oauth;
      const state = answer.searchParams.get('state');
      if (!oauth || !state) return undefined;
      await oauth.store.reload();
      const id = [...oauth.store.known()].find(([, record]) => record.state === state)?.[0];
      const server = id ? host.find(id) : undefined;
      const provider = server && providerFor(server, false);
      if (!id || !provider) return undefined;
      try {
        await finishMcpSignIn(provider, answer, fetch, host.pageOrigin);
      } catch (error) {
        host.setFailed(id, errorText(error));
        throw error;
      } finally {
        changed();
      }
      await host.drop(id);
      await host.connect(id);
      return id;
    },
    authorizationServers(): { origin: string; server: string }[] {
      version();
      const records = known();
      return host.servers().flatMap((server) => {
        const as = records.get(server.id)?.discovery?.authorizationServerUrl;
        return as ? [{ origin: as, server: server.name }] : [];
      });
    },
    oauthSecrets(): string[] {
      version();
      const credentials = host
        .servers()
        .flatMap((server) => (server.signIn ? credentialsSecretValues(server.signIn) : []));
      return credentials.concat(
        ...[...known().values()].map((record) =>
          [
            record.tokens?.access_token,
            record.tokens?.refresh_token,
            record.clientInformation?.client_secret,
          ].filter((value): value is string => !!value),
        ),
      );
    },
  };
}
