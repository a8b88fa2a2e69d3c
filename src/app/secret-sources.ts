/**
 * The secret values Cove holds, by where they come from, for the redactor that keeps them
 * out of conversations, traces, exports, backups and the log.
 */
import { isSecretHeaderName } from '../llm/secret-headers';
import type { ProviderConfig } from '../llm/provider-config';
import type { McpService } from './mcp-service';

const secretHeaderValues = (headers: Record<string, string> | undefined): string[] =>
  Object.entries(headers ?? {})
    .filter(([name]) => isSecretHeaderName(name))
    .map(([, value]) => value);

/** The providers' keys and secret header values. */
export function providerSecretValues(providers: readonly ProviderConfig[]): string[] {
  return providers.flatMap((provider) => [
    provider.apiKey ?? '',
    ...secretHeaderValues(provider.headers),
  ]);
}

/** The MCP servers' secret header values and sign-in tokens. */
export function mcpSecretValues(mcp: Pick<McpService, 'servers' | 'oauthSecrets'>): string[] {
  return [
    ...mcp.servers().flatMap((server) => secretHeaderValues(server.headers)),
    ...mcp.oauthSecrets(),
  ];
}
