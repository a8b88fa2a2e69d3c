import type { AddClientAuthentication } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  ClientCredentialsProvider,
  PrivateKeyJwtProvider,
} from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { mcpError } from './mcp-error-codes';
import { McpOAuthProvider } from './oauth-provider';
import type { McpOAuthStore } from './oauth-store';
import type { McpClientCredentials } from './server-config';

/**
 * Signing in with client credentials (SEP-1046, issue 20): no person, no redirect. The MCP
 * SDK's own providers (auth-extensions: `ClientCredentialsProvider` for a secret sent with
 * client_secret_basic, `PrivateKeyJwtProvider` for a JWT signed with a private key) make the
 * token request; this class keeps the tokens in Cove's sealed store like a browser sign-in's,
 * so Settings shows "Signed in" and the redactor knows them.
 *
 * The secret goes only to the authorization server the credentials first worked with: the
 * one the MCP server names at the first sign-in is pinned in the record, and the SDK refuses
 * (`expectedIssuer`) to present them to any other after that.
 */
export interface McpClientCredentialsOptions {
  serverId: string;
  serverUrl: string;
  store: McpOAuthStore;
  credentials: McpClientCredentials;
  clientName?: string;
}

type SdkProvider = ClientCredentialsProvider | PrivateKeyJwtProvider;

export class McpClientCredentialsProvider extends McpOAuthProvider {
  private sdk: Promise<SdkProvider> | undefined;

  constructor(private readonly credentialOptions: McpClientCredentialsOptions) {
    super({
      serverId: credentialOptions.serverId,
      serverUrl: credentialOptions.serverUrl,
      store: credentialOptions.store,
      redirectUrl: '',
      authorize: () => Promise.resolve(undefined),
    });
  }

  override get redirectUrl(): undefined {
    return undefined;
  }

  override get clientMetadataUrl(): undefined {
    return undefined;
  }

  override get clientCredentials(): McpClientCredentials['kind'] {
    return this.credentialOptions.credentials.kind;
  }

  /** Read by the SDK before the client information, only for a scope: it has none. */
  override get clientMetadata(): OAuthClientMetadata {
    return { redirect_uris: [], grant_types: ['client_credentials'] };
  }

  override async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return (await this.built()).clientInformation();
  }

  /** Nothing to keep: the client is the one in the settings, bound by `credentialsIssuer`. */
  override saveClientInformation(): Promise<void> {
    return Promise.resolve();
  }

  override async saveTokens(tokens: OAuthTokens): Promise<void> {
    await super.saveTokens(tokens);
    const issuer = tokens.issuer;
    const clientId = this.credentialOptions.credentials.clientId;
    if (issuer && (await this.pinnedIssuer()) === undefined) {
      await this.update({ credentialsIssuer: { clientId, issuer } });
    }
  }

  override redirectToAuthorization(): Promise<void> {
    return Promise.reject(new Error('Client credentials sign in without a person.'));
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    return (await this.built()).prepareTokenRequest(scope);
  }

  /**
   * The SDK's signing of the JWT (private_key_jwt), once built; a key that cannot be read
   * or signed with is told as such, not as the token endpoint's refusal.
   */
  get addClientAuthentication(): AddClientAuthentication | undefined {
    if (this.credentialOptions.credentials.kind !== 'private-key-jwt') return undefined;
    const algorithm = this.credentialOptions.credentials.algorithm;
    return async (...args) => {
      const sdk = (await this.built()) as PrivateKeyJwtProvider;
      try {
        await sdk.addClientAuthentication(...args);
      } catch (error) {
        // jose's message names the problem, never the key itself.
        const detail = error instanceof Error ? error.message : String(error);
        throw mcpError(
          'mcp-client-credentials',
          { variant: 'bad-key', algorithm, detail },
          {
            cause: error,
          },
        );
      }
    };
  }

  /** The issuer pinned for this client id, if the credentials worked before. */
  private async pinnedIssuer(): Promise<string | undefined> {
    const pinned = (await this.load()).credentialsIssuer;
    return pinned?.clientId === this.credentialOptions.credentials.clientId
      ? pinned.issuer
      : undefined;
  }

  /**
   * The SDK's provider, loaded on first use (the page's first load carries none of it). The
   * SDK saved what discovery found just before asking for the client, so the authorization
   * server the MCP server names now is known when nothing is pinned yet.
   */
  private built(): Promise<SdkProvider> {
    this.sdk ??= (async () => {
      const { ClientCredentialsProvider, PrivateKeyJwtProvider } =
        await import('@modelcontextprotocol/sdk/client/auth-extensions.js');
      const record = await this.load();
      const expectedIssuer =
        (await this.pinnedIssuer()) ?? record.discovery?.authorizationServerUrl;
      if (!expectedIssuer)
        throw mcpError('mcp-client-credentials', { variant: 'no-token-endpoint' });
      const credentials = this.credentialOptions.credentials;
      const clientName = this.credentialOptions.clientName ?? 'Cove';
      return credentials.kind === 'client-secret'
        ? new ClientCredentialsProvider({
            clientId: credentials.clientId,
            clientSecret: credentials.clientSecret,
            clientName,
            expectedIssuer,
          })
        : new PrivateKeyJwtProvider({
            clientId: credentials.clientId,
            privateKey: readPrivateKey(credentials.privateKey),
            algorithm: credentials.algorithm,
            clientName,
            expectedIssuer,
          });
    })();
    return this.sdk;
  }
}

/** A PEM text as it is; a JWK (JSON) as the object the SDK imports. */
export function readPrivateKey(text: string): string | Record<string, unknown> {
  const trimmed = text.trim();
  return trimmed.startsWith('{') ? (JSON.parse(trimmed) as Record<string, unknown>) : trimmed;
}
