import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthRecord, McpOAuthStore } from './oauth-store';

/**
 * Cove's side of the MCP SDK's OAuth client (issue 20): the SDK's `auth()` does discovery,
 * registration, PKCE, the resource parameter, scopes, refresh and step-up; this provider
 * only keeps what it hands over (in a {@link McpOAuthStore}, one record per server) and
 * takes the user to the authorization page through {@link McpOAuthOptions.authorize}.
 *
 * Client identity, in the order the SDK tries it: a client id the user registered by hand,
 * Cove's Client ID Metadata Document (when the authorization server supports them and Cove
 * is served over https), dynamic client registration.
 */

/** A client the user registered with the authorization server themselves. */
export interface PreRegisteredClient {
  clientId: string;
  /** Only for servers that issued one; a browser app cannot keep it from the person using it. */
  clientSecret?: string;
}

export interface McpOAuthOptions {
  serverId: string;
  /** The MCP server's URL: the record is bound to it (see {@link McpOAuthRecord}). */
  serverUrl: string;
  store: McpOAuthStore;
  /** Cove's callback page, where the authorization server sends the user back. */
  redirectUrl: string;
  /** Cove's Client ID Metadata Document, where this deployment serves one. */
  clientMetadataUrl?: string;
  preRegistered?: PreRegisteredClient;
  /** How Cove names itself to the authorization server (the consent page shows it). */
  clientName?: string;
  clientUri?: string;
  /**
   * Takes the user to `url` (the authorization request). Resolves with the authorization
   * code when the answer came back within the call (a headless client following the
   * redirect), or undefined when it comes later or not at all: the page went to the
   * authorization server, or signing in has to wait until the user asks for it.
   */
  authorize(url: URL, state: string): Promise<string | undefined>;
  /** A fresh `state` value; default a random UUID. */
  makeState?: () => string;
}

export class McpOAuthProvider implements OAuthClientProvider {
  private record: McpOAuthRecord | undefined;
  private loading: Promise<McpOAuthRecord> | undefined;
  private pendingCode: string | undefined;
  /** Set when a refresh token stopped working, so the sign-in it needs says why. */
  private expired = false;

  constructor(private readonly options: McpOAuthOptions) {}

  get redirectUrl(): string | undefined {
    return this.options.redirectUrl;
  }

  /** Set when this provider signs in with client credentials (no person, no redirect). */
  get clientCredentials(): 'client-secret' | 'private-key-jwt' | undefined {
    return undefined;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.preRegistered ? undefined : this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'Cove',
      ...(this.options.clientUri ? { client_uri: this.options.clientUri } : {}),
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A browser app is a public client: it has no secret to keep.
      token_endpoint_auth_method: 'none',
    };
  }

  /** The server this provider signs in to. */
  get serverUrl(): string {
    return this.options.serverUrl;
  }

  /** True once a refresh token was refused: the next sign-in is because the old one expired. */
  get signInExpired(): boolean {
    return this.expired;
  }

  async state(): Promise<string> {
    const state = this.options.makeState?.() ?? crypto.randomUUID();
    await this.update({ state });
    return state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.load()).clientInformation;
    const pre = this.options.preRegistered;
    if (!pre) return stored;
    // The SDK stamps what it was given with the issuer once used; keep that stamp.
    if (stored?.client_id === pre.clientId) return stored;
    return {
      client_id: pre.clientId,
      ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}),
    };
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.update({ clientInformation });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.expired = false;
    await this.update({ tokens, codeVerifier: undefined, state: undefined });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const state = authorizationUrl.searchParams.get('state') ?? '';
    this.pendingCode = await this.options.authorize(authorizationUrl, state);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.update({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.load()).codeVerifier;
    if (!verifier) throw new Error('No sign-in is under way for this server.');
    return verifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update({ discovery });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.load()).discovery;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    const record = await this.load();
    if ((scope === 'all' || scope === 'tokens') && record.tokens?.refresh_token) {
      this.expired = true;
    }
    const cleared: Partial<McpOAuthRecord> = {};
    if (scope === 'all' || scope === 'tokens') cleared.tokens = undefined;
    if (scope === 'all' || scope === 'client') cleared.clientInformation = undefined;
    if (scope === 'all' || scope === 'verifier') cleared.codeVerifier = undefined;
    if (scope === 'all' || scope === 'discovery') cleared.discovery = undefined;
    await this.update(cleared);
  }

  /**
   * The authorization code {@link McpOAuthOptions.authorize} brought back, once: the
   * connection exchanges it and connects again.
   */
  takeAuthorizationCode(): string | undefined {
    const code = this.pendingCode;
    this.pendingCode = undefined;
    return code;
  }

  /** The `state` of the sign-in under way, to check the callback's against. */
  async pendingState(): Promise<string | undefined> {
    return (await this.load()).state;
  }

  /** True when tokens are kept for this server. */
  async signedIn(): Promise<boolean> {
    return (await this.load()).tokens !== undefined;
  }

  /** Forgets the tokens (Sign out); the client identity and discovery stay for next time. */
  async forgetTokens(): Promise<void> {
    await this.update({ tokens: undefined, codeVerifier: undefined, state: undefined });
  }

  protected load(): Promise<McpOAuthRecord> {
    if (this.record) return Promise.resolve(this.record);
    this.loading ??= this.options.store.load(this.options.serverId).then((stored) => {
      // A record made for another URL is someone else's: start empty.
      this.record =
        stored?.serverUrl === this.options.serverUrl
          ? stored
          : { serverUrl: this.options.serverUrl };
      return this.record;
    });
    return this.loading;
  }

  protected async update(change: Partial<McpOAuthRecord>): Promise<void> {
    const next: McpOAuthRecord = { ...(await this.load()), ...change };
    for (const key of Object.keys(next) as (keyof McpOAuthRecord)[]) {
      if (next[key] === undefined) delete next[key];
    }
    this.record = next;
    await this.options.store.save(this.options.serverId, next);
  }
}
