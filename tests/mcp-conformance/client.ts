/**
 * Cove's MCP client as the conformance suite drives it (@modelcontextprotocol/conformance):
 * the suite starts a scenario's server, runs this with the server URL as the last argument
 * and the scenario's name in MCP_CONFORMANCE_SCENARIO, then checks what reached the server.
 * It does what Cove does with a server: connect, list the tools, call them (a tool with
 * number arguments gets 2 and 3, others none), close. Exits non-zero on failure.
 *
 * A server that asks for OAuth gets Cove's sign-in (src/mcp/oauth-provider.ts, the SDK's
 * `auth()` underneath) with the authorization page followed by fetch instead of a person:
 * the suite's authorization server approves at once with a redirect. The suite's
 * MCP_CONFORMANCE_CONTEXT carries a pre-registered client where a scenario has one, which
 * is what a person would enter in Settings. The client-credentials scenarios get Cove's
 * client-credentials sign-in (src/mcp/client-credentials.ts) with the suite's client, as a
 * person would choose it in Settings.
 */
import process from 'node:process';
import { englishWording } from '../../src/app/messages/en';
import { systemClock } from '../../src/base/clock';
import { installErrorWording } from '../../src/base/error-wording';
import { describeError } from '../../src/base/errors';
import { McpClientCredentialsProvider } from '../../src/mcp/client-credentials';
import { McpConnection } from '../../src/mcp/mcp-connection';
import { checkClientCredentials, type McpClientCredentials } from '../../src/mcp/server-config';
import { followAuthorizationHeadless } from '../../src/mcp/oauth-callback';
import { McpOAuthProvider, type PreRegisteredClient } from '../../src/mcp/oauth-provider';
import { createMemoryOAuthStore } from '../../src/mcp/oauth-store';
import {
  checkElicitation,
  initialValues,
  type ElicitationContent,
  type ElicitationField,
} from '../../src/mcp/elicitation-form';

/** Where the authorization server sends the answer; never fetched, only read. */
const REDIRECT_URL = 'http://localhost:3000/callback';
/** The suite checks for this client id when its authorization server supports CIMD. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
}

const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext;

/**
 * The client credentials a person would choose in Settings for the extension scenarios
 * (SEP-1046): the suite names them by scenario, since a pre-registered browser client also
 * comes with a secret.
 */
function clientCredentials(scenario: string): McpClientCredentials | undefined {
  if (!context.client_id) return undefined;
  if (scenario === 'auth/client-credentials-basic' && context.client_secret) {
    return {
      kind: 'client-secret',
      clientId: context.client_id,
      clientSecret: context.client_secret,
    };
  }
  if (scenario === 'auth/client-credentials-jwt' && context.private_key_pem) {
    return {
      kind: 'private-key-jwt',
      clientId: context.client_id,
      privateKey: context.private_key_pem,
      algorithm: context.signing_algorithm ?? 'ES256',
    };
  }
  return undefined;
}

function preRegisteredClient(): PreRegisteredClient | undefined {
  if (!context.client_id) return undefined;
  return {
    clientId: context.client_id,
    ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
  };
}

/** The form's content when the person changes nothing: what Cove's form starts with. */
function acceptedAsShown(fields: ElicitationField[]): ElicitationContent {
  const checked = checkElicitation(fields, initialValues(fields));
  if ('problems' in checked)
    throw new Error(`the form cannot be sent as shown: ${JSON.stringify(checked.problems)}`);
  return checked.content;
}

// MCP errors are data; this entry point prints their English, as the app's does.
installErrorWording(englishWording);

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (!url?.startsWith('http')) throw new Error('usage: client <server-url>');
  const fetch = globalThis.fetch.bind(globalThis);
  const preRegistered = preRegisteredClient();
  const credentials = clientCredentials(scenario);
  const store = createMemoryOAuthStore();
  // As the app chooses (src/app/mcp-sign-in.ts): client credentials when set, else the browser's.
  const oauth = credentials
    ? new McpClientCredentialsProvider({
        serverId: 'conformance',
        serverUrl: url,
        store,
        credentials: checkClientCredentials(credentials),
      })
    : new McpOAuthProvider({
        serverId: 'conformance',
        serverUrl: url,
        store,
        redirectUrl: REDIRECT_URL,
        clientMetadataUrl: CLIENT_METADATA_URL,
        ...(preRegistered ? { preRegistered } : {}),
        authorize: (authorizationUrl, state) =>
          followAuthorizationHeadless(fetch, authorizationUrl, REDIRECT_URL, state),
      });
  const connection = new McpConnection(
    { id: 'conformance', name: 'conformance', url, headers: {}, enabled: true, approval: 'auto' },
    {
      fetch,
      clock: systemClock,
      requestTimeoutMs: 20_000,
      oauth,
      // A person who accepts a server's form as Cove shows it: filled with its defaults.
      elicit: async (request) =>
        request.mode === 'form'
          ? { action: 'accept', content: acceptedAsShown(request.fields) }
          : { action: 'decline' },
    },
  );
  try {
    const report = await connection.test();
    console.log(
      `${scenario}: ${report.serverName} ${report.serverVersion}, protocol ${report.protocolVersion}, ` +
        `${report.tools.length} tools over ${report.transport}`,
    );
    for (const tool of report.tools) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
      const args = Object.fromEntries(
        Object.entries(properties)
          .filter(([, schema]) => schema.type === 'number' || schema.type === 'integer')
          .map(([name], index) => [name, index + 2]),
      );
      const result = await connection.callTool(tool.name, args, { timeoutMs: 20_000 });
      console.log(`${tool.name}: ${JSON.stringify(result.content)}`);
    }
  } finally {
    await connection.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(describeError(error));
    process.exit(1);
  },
);
