import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FetchLike } from '../../../src/llm/fetch-like';

/**
 * An MCP server from the SDK behind a fetch function instead of a socket: each initialize
 * gets a fresh server and session, as real servers do, and requests are routed by their
 * Mcp-Session-Id. `forgetSessions()` makes it answer 404 for the ids it gave, like a server
 * that restarted. For the cases server-everything cannot show (paging, list_changed on
 * demand, a forgotten session, a deadline on a fake clock).
 */
export interface InProcessServer {
  url: string;
  fetch: FetchLike;
  /** The servers made so far, newest last. */
  servers: (McpServer | Server)[];
  /** Requests seen, as "METHOD rpc-method" (or "GET"). */
  requests: string[];
  forgetSessions(): void;
}

export function startInProcessServer(make: () => McpServer | Server): InProcessServer {
  const url = 'http://mcp.test/mcp';
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const servers: (McpServer | Server)[] = [];
  const requests: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? await request.clone().text() : '';
    requests.push(
      body
        ? `${request.method} ${String((JSON.parse(body) as { method?: string }).method ?? 'response')}`
        : request.method,
    );
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId) {
      const transport = sessions.get(sessionId);
      if (!transport) {
        return Response.json(
          { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null },
          { status: 404 },
        );
      }
      return transport.handleRequest(request);
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    const server = make();
    servers.push(server);
    await server.connect(transport);
    return transport.handleRequest(request);
  };
  return { url, fetch, servers, requests, forgetSessions: () => sessions.clear() };
}
