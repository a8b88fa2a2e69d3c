import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import { McpConnection } from '../../../src/mcp/mcp-connection';
import { toCoveTools, type McpCoveTool } from '../../../src/mcp/mcp-tools';
import {
  getPrompt,
  listPrompts,
  listResources,
  readResource,
} from '../../../src/mcp/resources-prompts';
import type { McpServerConfig } from '../../../src/mcp/server-config';
import type { ToolContext } from '../../../src/tools/tool';
import { startEverythingServer, type EverythingServer } from './everything-server';

/**
 * Cove's MCP client against the real reference server, over Streamable HTTP and over the
 * older HTTP+SSE transport: what a user sees when they test a server and the agent uses it.
 */

// Starting a Node server takes a few seconds on a slow machine.
const STARTUP_MS = 60_000;

function configFor(url: string): McpServerConfig {
  return { id: 's1', name: 'everything', url, headers: {}, enabled: true, approval: 'ask' };
}

function context(signal = new AbortController().signal) {
  const updates: string[] = [];
  const ctx: ToolContext = { signal, update: (u) => updates.push(u.text) };
  return { ctx, updates };
}

function tool(tools: McpCoveTool[], name: string): McpCoveTool {
  const found = tools.find((t) => t.mcp.toolName === name);
  if (!found) throw new Error(`no tool ${name} in ${tools.map((t) => t.mcp.toolName).join(', ')}`);
  return found;
}

for (const mode of ['streamableHttp', 'sse'] as const) {
  describe(`server-everything over ${mode}`, () => {
    let server: EverythingServer;
    let connection: McpConnection;
    let tools: McpCoveTool[];

    beforeAll(async () => {
      server = await startEverythingServer(mode);
      connection = new McpConnection(configFor(server.url), {
        fetch: globalThis.fetch.bind(globalThis),
        clock: systemClock,
      });
    }, STARTUP_MS);

    afterAll(async () => {
      await connection?.close();
      await server?.stop();
    }, STARTUP_MS);

    it('tests the server: name, version, protocol, tools, resources and prompts', async () => {
      const report = await connection.test();
      expect(report.serverName).toMatch(/everything/i);
      expect(report.serverVersion).not.toBe('');
      expect(report.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(report.transport).toBe(mode === 'sse' ? 'sse' : 'streamable-http');
      const toolNames = report.tools.map((t) => t.name);
      expect(toolNames).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
      expect(report.resources.length).toBeGreaterThan(0);
      expect(report.prompts.map((p) => p.name)).toContain('simple-prompt');
      if (mode === 'streamableHttp') expect(connection.sessionId).toBeTruthy();
      tools = toCoveTools(connection, report.tools);
    });

    it('offers the tools under provider-safe names with their schemas', () => {
      const echo = tool(tools, 'echo');
      expect(echo.name).toBe('mcp_everything_echo');
      expect(echo.approval).toBe('network');
      expect(echo.parameters).toMatchObject({
        type: 'object',
        properties: { message: { type: 'string' } },
      });
      for (const t of tools) expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    });

    it('calls echo and get-sum', async () => {
      const echo = await tool(tools, 'echo').execute({ message: 'hello cove' }, context().ctx);
      expect(echo.isError).toBeUndefined();
      expect(echo.content).toContain('hello cove');
      const sum = await tool(tools, 'get-sum').execute({ a: 2, b: 40 }, context().ctx);
      expect(sum.content).toContain('42');
    });

    it('returns the tiny image as a data: URL', async () => {
      const result = await tool(tools, 'get-tiny-image').execute({}, context().ctx);
      expect(result.images?.length).toBe(1);
      expect(result.images![0]!.url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    });

    it('shows progress of a long-running operation', async () => {
      const { ctx, updates } = context();
      const result = await tool(tools, 'trigger-long-running-operation').execute(
        { duration: 1, steps: 3 },
        ctx,
      );
      expect(result.isError).toBeUndefined();
      expect(result.content).toMatch(/completed/i);
      expect(updates.length).toBeGreaterThanOrEqual(2);
      expect(updates[0]).toBe('Progress 1/3\n');
    });

    it('cancels a long call when Stop aborts it, and the connection still works', async () => {
      const controller = new AbortController();
      const { ctx, updates } = context(controller.signal);
      const pending = tool(tools, 'trigger-long-running-operation').execute(
        { duration: 30, steps: 30 },
        {
          ...ctx,
          update: (u) => {
            ctx.update(u);
            controller.abort(); // Stop as soon as the first progress shows it runs.
          },
        },
      );
      const result = await pending;
      expect(updates.length).toBeGreaterThanOrEqual(1);
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/stopped/i);
      const after = await tool(tools, 'echo').execute({ message: 'still here' }, context().ctx);
      expect(after.content).toContain('still here');
    });

    it('reads a resource and gets a prompt with arguments', async () => {
      const resources = await listResources(connection);
      const textResource = resources.find((r) => r.mimeType?.startsWith('text/')) ?? resources[0]!;
      const contents = await readResource(connection, textResource.uri);
      expect(contents[0]!.uri).toBe(textResource.uri);
      expect(contents[0]!.text.length).toBeGreaterThan(0);

      const prompts = await listPrompts(connection);
      const args = prompts.find((p) => p.name === 'args-prompt');
      expect(args?.arguments?.map((a) => a.name)).toContain('city');
      const prompt = await getPrompt(connection, 'args-prompt', { city: 'Lyon', state: 'Rhône' });
      expect(prompt.messages[0]!.text).toContain('Lyon');
    });

    it('tells an unknown tool apart as an error result the agent can read', async () => {
      const ghost = toCoveTools(connection, [
        { name: 'no-such-tool', inputSchema: { type: 'object' } },
      ]);
      const result = await ghost[0]!.execute({}, context().ctx);
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/no-such-tool/);
    });
  });
}

describe('a server that is not running', () => {
  it(
    'fails with mcp-unreachable, and a tool call becomes an error result',
    async () => {
      const server = await startEverythingServer('streamableHttp');
      const url = server.url;
      await server.stop();
      const connection = new McpConnection(configFor(url), {
        fetch: globalThis.fetch.bind(globalThis),
        clock: systemClock,
      });
      const error = await connection.test().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CoveError);
      expect((error as CoveError).code).toBe('mcp-unreachable');
      expect((error as CoveError).userText).toMatch(/Cannot reach the MCP server at 127\.0\.0\.1/);
      const [echo] = toCoveTools(connection, [{ name: 'echo', inputSchema: { type: 'object' } }]);
      const result = await echo!.execute({}, context().ctx);
      expect(result).toMatchObject({ isError: true });
      expect(result.content).toMatch(/Cannot reach/);
    },
    STARTUP_MS,
  );
});
