/**
 * Where the MCP servers the user named are kept: their public settings under one plain
 * setting, and the header values that look secret (Authorization, tokens…) under a secret
 * setting, sealed at rest with the profile's key and left out of backups like providers'
 * secret headers (src/llm/secret-headers.ts, RELIABILITY.md invariant 8).
 */
import type { ToolFingerprint } from '../mcp/tool-fingerprint';
import {
  credentialsSecret,
  type McpClientCredentials,
  type McpServerConfig,
} from '../mcp/server-config';
import {
  joinSecretHeaders,
  readSecretHeaders,
  splitSecretHeaders,
  type HeaderMap,
} from '../llm/secret-headers';
import { SECRET_SETTING_PREFIX, type SettingsStore } from '../store/settings-store';

/** One server as the app keeps it: its config and what the user let run without asking. */
export interface StoredMcpServer extends McpServerConfig {
  /**
   * Fingerprints of the tools that run without asking (server set to auto, or a trusted
   * read-only hint), by the tool's name on the server, as they were when allowed. A tool
   * whose fingerprint differs asks again (src/mcp/tool-fingerprint.ts).
   */
  allowed?: Record<string, ToolFingerprint>;
  /** "Always allow sampling": its requests for the model go without the person's review. */
  samplingAllowed?: true;
  /** Some secret header could not be decrypted any more (the profile's key was lost). */
  lostSecrets?: true;
}

/** `server` with "Always allow sampling" on or off (off leaves no field behind). */
export function withSampling(
  { samplingAllowed: _, ...server }: StoredMcpServer,
  allowed: boolean,
): StoredMcpServer {
  return allowed ? { ...server, samplingAllowed: true } : server;
}

/** The setting keys; `headers` and `signIn` (client secrets, private keys) are secret. */
export const MCP_SETTING_KEYS = {
  servers: 'mcp.servers',
  headers: `${SECRET_SETTING_PREFIX}mcpHeaders`,
  signIn: `${SECRET_SETTING_PREFIX}mcpSignIn`,
} as const;

/** Reads and writes the whole list; the service serializes the writes. */
export interface McpServerStore {
  load(): Promise<StoredMcpServer[]>;
  save(servers: readonly StoredMcpServer[]): Promise<void>;
}

/** The store over settings (memory or Dexie alike). */
export function createMcpServerStore(settings: SettingsStore): McpServerStore {
  return {
    async load() {
      const raw = await settings.get<unknown>(MCP_SETTING_KEYS.servers);
      const byId = asRecord(await settings.get<unknown>(MCP_SETTING_KEYS.headers));
      const signInSecrets = asRecord(await settings.get<unknown>(MCP_SETTING_KEYS.signIn));
      if (!Array.isArray(raw)) return [];
      return raw.filter(isServerShape).map(({ signIn: plainSignIn, ...server }) => {
        const secret = readSecretHeaders(byId[server.id]);
        const signIn = joinSignInSecret(plainSignIn, signInSecrets[server.id]);
        return {
          ...server,
          headers: joinSecretHeaders(server.headers, secret.headers) ?? {},
          ...(signIn.value ? { signIn: signIn.value } : {}),
          ...(secret.lost || signIn.lost ? { lostSecrets: true as const } : {}),
        };
      });
    },
    async save(servers) {
      const secretById: Record<string, HeaderMap> = {};
      const signInSecrets: Record<string, string> = {};
      const plain = servers.map((server) => {
        const { publicHeaders, secretHeaders } = splitSecretHeaders(server.headers);
        if (Object.keys(secretHeaders).length) secretById[server.id] = secretHeaders;
        const { lostSecrets: _lost, signIn, ...rest } = server;
        if (signIn) signInSecrets[server.id] = credentialsSecret(signIn);
        return {
          ...rest,
          headers: publicHeaders,
          ...(signIn ? { signIn: withoutSecret(signIn) } : {}),
        };
      });
      // Secrets first: a crash between the writes leaves a secret without a server (ignored),
      // never a server whose token was dropped.
      await settings.set(MCP_SETTING_KEYS.headers, secretById);
      await settings.set(MCP_SETTING_KEYS.signIn, signInSecrets);
      await settings.set(MCP_SETTING_KEYS.servers, plain);
    },
  };
}

function isServerShape(value: unknown): value is StoredMcpServer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['id'] === 'string' &&
    typeof v['name'] === 'string' &&
    typeof v['url'] === 'string' &&
    (v['approval'] === 'ask' || v['approval'] === 'auto')
  );
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Client credentials as the plain setting keeps them: everything but the secret. */
type PlainSignIn =
  | { kind: 'client-secret'; clientId: string }
  | { kind: 'private-key-jwt'; clientId: string; algorithm: string };

function withoutSecret(signIn: McpClientCredentials): PlainSignIn {
  return signIn.kind === 'client-secret'
    ? { kind: signIn.kind, clientId: signIn.clientId }
    : { kind: signIn.kind, clientId: signIn.clientId, algorithm: signIn.algorithm };
}

/**
 * The plain part of a server's client credentials with its sealed secret: a secret that
 * can no longer be opened leaves them out (the server asks to sign in, Settings says the
 * secret was lost).
 */
function joinSignInSecret(
  plain: unknown,
  secret: unknown,
): { value?: McpClientCredentials; lost: boolean } {
  const signIn = asRecord(plain) as Partial<PlainSignIn>;
  if (typeof signIn.clientId !== 'string') return { lost: false };
  if (typeof secret !== 'string') return { lost: true };
  if (signIn.kind === 'client-secret') {
    return {
      value: { kind: signIn.kind, clientId: signIn.clientId, clientSecret: secret },
      lost: false,
    };
  }
  if (signIn.kind === 'private-key-jwt' && typeof signIn.algorithm === 'string') {
    return {
      value: {
        kind: signIn.kind,
        clientId: signIn.clientId,
        privateKey: secret,
        algorithm: signIn.algorithm,
      },
      lost: false,
    };
  }
  return { lost: false };
}
