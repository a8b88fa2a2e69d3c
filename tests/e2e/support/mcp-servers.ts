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
