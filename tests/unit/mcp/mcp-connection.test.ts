import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ElicitResultSchema,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock, systemClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import type { ElicitationRequest } from '../../../src/mcp/elicitation';
import { McpConnection, type McpTool } from '../../../src/mcp/mcp-connection';
import { toCoveTools } from '../../../src/mcp/mcp-tools';
import type { McpServerConfig } from '../../../src/mcp/server-config';
import { startInProcessServer } from './in-process-server';
import { waitUntil } from '../support/wait-until';

/**
 * The connection's own behaviour against SDK servers run in-process: paging, tools that
 * change while connected, a server that forgets the session, a session id the page cannot
 * read, and Cove's deadline on a fake clock.
 */

function config(url: string): McpServerConfig {
  return { id: 's', name: 'demo', url, headers: {}, enabled: true, approval: 'ask' };
}

function echoServer(): McpServer {
  const server = new McpServer({ name: 'demo-server', version: '1.2.3' });
  server.registerTool(
    'echo',
    { description: 'Echoes', inputSchema: { message: z.string() } },
    ({ message }) => ({ content: [{ type: 'text', text: `echo: ${message}` }] }),
  );
  return server;
}

const toolContext = () => ({ signal: new AbortController().signal, update: () => undefined });

describe('McpConnection', () => {
  it('lists tools across pages', async () => {
    const all: Tool[] = Array.from({ length: 5 }, (_, i) => ({
      name: `tool-${i}`,
      inputSchema: { type: 'object' as const },
    }));
    const server = startInProcessServer(() => {
      const s = new Server({ name: 'paged', version: '1' }, { capabilities: { tools: {} } });
      s.setRequestHandler(ListToolsRequestSchema, (request) => {
        const start = Number(request.params?.cursor ?? 0);
        const next = start + 2;
        return {
          tools: all.slice(start, next),
          nextCursor: next < all.length ? String(next) : undefined,
        };
      });
      return s;
    });
    const connection = new McpConnection(config(server.url), {
      fetch: server.fetch,
      clock: systemClock,
    });
    const tools = await connection.listTools();
    expect(tools.map((t) => t.name)).toEqual(['tool-0', 'tool-1', 'tool-2', 'tool-3', 'tool-4']);
    expect(server.requests.filter((r) => r === 'POST tools/list')).toHaveLength(3);
    await connection.close();
  });

  it('refreshes the tool list when the server says it changed', async () => {
    const server = startInProcessServer(echoServer);
    const connection = new McpConnection(config(server.url), {
      fetch: server.fetch,
      clock: systemClock,
    });
    expect((await connection.listTools()).map((t) => t.name)).toEqual(['echo']);
    // The notification travels on the GET stream the client opens after initialize.
    await waitUntil(() => expect(server.requests).toContain('GET'));
    const changed = new Promise<McpTool[]>((resolve) => connection.onToolsChanged(resolve));
    (server.servers[0] as McpServer).registerTool(
      'shout',
      { description: 'Shouts', inputSchema: { message: z.string() } },
      ({ message }) => ({ content: [{ type: 'text', text: message.toUpperCase() }] }),
    );
    const tools = await changed;
    expect(tools.map((t) => t.name)).toEqual(['echo', 'shout']);
    expect(connection.cachedTools?.map((t) => t.name)).toEqual(['echo', 'shout']);
    await connection.close();
  });

  it('initializes again and retries once when the server forgot the session', async () => {
    const server = startInProcessServer(echoServer);
    const connection = new McpConnection(config(server.url), {
      fetch: server.fetch,
      clock: systemClock,
    });
    await connection.connect();
    const firstSession = connection.sessionId;
    expect(firstSession).toBeTruthy();
    server.forgetSessions();
    const result = await connection.callTool('echo', { message: 'again' });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: again' }]);
    expect(connection.sessionId).toBeTruthy();
    expect(connection.sessionId).not.toBe(firstSession);
    expect(server.requests.filter((r) => r === 'POST initialize')).toHaveLength(2);
    await connection.close();
  });

  it('says the server does not expose mcp-session-id when the page cannot read it', async () => {
    const server = startInProcessServer(echoServer);
    // What a browser does when Access-Control-Expose-Headers lacks mcp-session-id.
    const hidingFetch: typeof server.fetch = async (input, init) => {
      const response = await server.fetch(input, init);
      const headers = new Headers(response.headers);
      headers.delete('mcp-session-id');
      return new Response(response.body, { status: response.status, headers });
    };
    const connection = new McpConnection(config(server.url), {
      fetch: hidingFetch,
      clock: systemClock,
    });
    const error = await connection.listTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).code).toBe('mcp-session-header');
    expect((error as CoveError).userText).toMatch(/Server not initialized/);
    expect((error as CoveError).hint).toMatch(/expose mcp-session-id/);
  });

  // Invariant 11: hard limits win, and the UI is usable afterwards.
  it('ends a call that gets no answer at the deadline, as an error result', async () => {
    let release: () => void = () => undefined;
    const server = startInProcessServer(() => {
      const s = echoServer();
      s.registerTool('hang', { description: 'Never answers in time' }, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { content: [{ type: 'text', text: 'late' }] };
      });
      return s;
    });
    const clock = new ManualClock();
    const connection = new McpConnection(config(server.url), { fetch: server.fetch, clock });
    const tools = toCoveTools(connection, await connection.listTools(), { callTimeoutMs: 5_000 });
    const hang = tools.find((t) => t.mcp.toolName === 'hang')!;
    const pending = hang.execute({}, toolContext());
    await waitUntil(() => expect(server.requests).toContain('POST tools/call'));
    await clock.advance(5_000);
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/did not answer within 5 s/);
    release();
    await connection.close();
  });
  it("a server's request for input reaches the person's handler, and the call's deadline waits while they answer", async () => {
    const server = startInProcessServer(() => {
      const s = echoServer();
      s.registerTool('ask-name', { description: 'Asks for a name' }, async (extra) => {
        const answer = await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: {
              message: 'Who are you?',
              requestedSchema: {
                type: 'object',
                properties: {
                  name: { type: 'string', title: 'Name' },
                  team: { type: 'string', default: 'core' },
                },
                required: ['name'],
              },
            },
          },
          ElicitResultSchema,
        );
        return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
      });
      return s;
    });
    const clock = new ManualClock();
    const asked: ElicitationRequest[] = [];
    const connection = new McpConnection(config(server.url), {
      fetch: server.fetch,
      clock,
      elicit: async (request) => {
        asked.push(request);
        // The person takes far longer than the call's deadline to answer.
        await clock.advance(60_000);
        return { action: 'accept', content: { name: 'Ada' } };
      },
    });
    const tools = toCoveTools(connection, await connection.listTools(), { callTimeoutMs: 5_000 });
    const result = await tools
      .find((t) => t.mcp.toolName === 'ask-name')!
      .execute({}, toolContext());
    expect(result.isError).toBeFalsy();
    // What the person left out, the schema's default fills (Cove declares applyDefaults).
    expect(JSON.parse(result.content as string)).toEqual({
      action: 'accept',
      content: { name: 'Ada', team: 'core' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      serverName: 'demo',
      message: 'Who are you?',
      mode: 'form',
      fields: [{ name: 'name', label: 'Name', required: true }, { name: 'team' }],
    });
    await connection.close();
  });

  it("offers the workspace as its root and hands the server's log messages on, debug left out", async () => {
    const server = startInProcessServer(() => {
      const s = new McpServer(
        { name: 'roots-server', version: '1' },
        { capabilities: { logging: {} } },
      );
      s.registerTool('where', { description: 'Lists roots' }, async () => {
        const { roots } = await s.server.listRoots();
        await s.server.sendLoggingMessage({ level: 'debug', data: 'chatter' });
        await s.server.sendLoggingMessage({
          level: 'warning',
          logger: 'disk',
          data: 'almost full',
        });
        await s.server.sendLoggingMessage({ level: 'error', data: { code: 7 } });
        return { content: [{ type: 'text', text: JSON.stringify(roots) }] };
      });
      return s;
    });
    const logs: unknown[] = [];
    const connection = new McpConnection(config(server.url), {
      fetch: server.fetch,
      clock: systemClock,
      roots: () => [{ uri: 'file:///workspace', name: 'Welcome' }],
      onServerLog: (entry) => logs.push(entry),
    });
    const [where] = toCoveTools(connection, await connection.listTools());
    const result = await where!.execute({}, toolContext());
    expect(JSON.parse(result.content as string)).toEqual([
      { uri: 'file:///workspace', name: 'Welcome' },
    ]);
    expect(logs).toEqual([
      { level: 'warn', message: '[disk] almost full' },
      { level: 'error', message: '{"code":7}' },
    ]);
    await connection.close();
  });
});
