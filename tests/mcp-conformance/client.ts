/**
 * Cove's MCP client as the conformance suite drives it (@modelcontextprotocol/conformance):
 * the suite starts a scenario's server, runs this with the server URL as the last argument
 * and the scenario's name in MCP_CONFORMANCE_SCENARIO, then checks what reached the server.
 * It does what Cove does with a server: connect, list the tools, call them (a tool with
 * number arguments gets 2 and 3, others none), close. Exits non-zero on failure.
 */
import process from 'node:process';
import { englishWording } from '../../src/app/messages/en';
import { systemClock } from '../../src/base/clock';
import { installErrorWording } from '../../src/base/error-wording';
import { describeError } from '../../src/base/errors';
import { McpConnection } from '../../src/mcp/mcp-connection';

// MCP errors are data; this entry point prints their English, as the app's does.
installErrorWording(englishWording);

async function main(): Promise<void> {
  const url = process.argv[process.argv.length - 1];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (!url?.startsWith('http')) throw new Error('usage: client <server-url>');
  const connection = new McpConnection(
    { id: 'conformance', name: 'conformance', url, headers: {}, enabled: true, approval: 'auto' },
    { fetch: globalThis.fetch.bind(globalThis), clock: systemClock, requestTimeoutMs: 20_000 },
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
