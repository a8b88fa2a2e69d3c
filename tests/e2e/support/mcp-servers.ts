import { createServer, type Server } from 'node:http';
import {
  freePort,
  startEverythingServer,
  type EverythingServer,
} from '../../unit/mcp/everything-server';

/**
 * MCP servers for the end-to-end tests. The reference server (server-everything) answers
 * CORS for any origin itself (`origin: "*"`, and it exposes mcp-session-id and
 * mcp-protocol-version), so the page on localhost:4173 reaches it on 127.0.0.1 directly,
 * without a proxy. The no-CORS server answers like a server that never heard of CORS.
 */
export { startEverythingServer, type EverythingServer };
export { startOAuthMcpServer, type OAuthMcpServer } from '../../unit/mcp/oauth-server';

/** A server that answers every request (preflights too) without any CORS header. */
export async function startNoCorsServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(request.method === 'OPTIONS' ? 204 : 200, {
        'content-type': 'application/json',
      });
      response.end(
        request.method === 'OPTIONS'
          ? undefined
          : JSON.stringify({ jsonrpc: '2.0', id: 0, result: {} }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An MCP server whose one tool, `whoami`, fails with an error that quotes the
 * Authorization header it received: a server that echoes its token. Stateless Streamable
 * HTTP (a new SDK server per request) with CORS open, like server-everything.
 */
export async function startTokenEchoServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { StreamableHTTPServerTransport } =
    await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': '*',
    'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
  };
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    for (const [name, value] of Object.entries(cors)) response.setHeader(name, value);
    if (request.method === 'OPTIONS') {
      response.writeHead(204);
      response.end();
      return;
    }
    const mcp = new McpServer({ name: 'token-echo', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Says who the token belongs to' }, (extra) => {
      throw new Error(
        `Token "${String(extra.requestInfo?.headers['authorization'])}" may not call whoami.`,
      );
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void transport.close().catch(() => undefined));
    void mcp
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
