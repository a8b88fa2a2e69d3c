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
 * is what a person would enter in Settings.
 */
import process from 'node:process';
import { englishWording } from '../../src/app/messages/en';
import { systemClock } from '../../src/base/clock';
import { installErrorWording } from '../../src/base/error-wording';
import { describeError } from '../../src/base/errors';
import { McpConnection } from '../../src/mcp/mcp-connection';
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

function preRegisteredClient(): PreRegisteredClient | undefined {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
    client_id?: string;
    client_secret?: string;
  };
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
  const oauth = new McpOAuthProvider({
    serverId: 'conformance',
    serverUrl: url,
    store: createMemoryOAuthStore(),
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
