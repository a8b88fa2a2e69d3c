import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { CoveError } from '../../../src/base/errors';
import type { FetchLike } from '../../../src/llm/fetch-like';
import { classifyMcpError } from '../../../src/mcp/mcp-errors';
import { McpConnection } from '../../../src/mcp/mcp-connection';

/**
 * What the user reads when a server cannot be used from the page. The fake fetch fails the
 * way a browser does: every refused or unanswered request is a TypeError "Failed to fetch";
 * only the `no-cors` probe tells whether the server answered at all.
 */

function browserFetch(options: { serverAnswers: boolean; status?: number }): FetchLike {
  return async (_input, init) => {
    if (init?.mode === 'no-cors') {
      if (options.serverAnswers) return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }
    if (options.status) return new Response('{}', { status: options.status });
    throw new TypeError('Failed to fetch');
  };
}

async function failure(url: string, pageOrigin: string | undefined, fetch: FetchLike) {
  const connection = new McpConnection(
    { id: 's', name: 'srv', url, headers: {}, enabled: true, approval: 'ask' },
    { fetch, clock: new ManualClock(), pageOrigin },
  );
  const error = await connection.test().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CoveError);
  return error as CoveError;
}

describe('MCP failures from the page', () => {
  // Invariant 6: every failure says its cause and the next step.
  it('tells CORS when the server answers but the page may not read it', async () => {
    const error = await failure(
      'https://mcp.example.com/mcp',
      'https://cove.example.org',
      browserFetch({ serverAnswers: true }),
    );
    expect(error.code).toBe('mcp-cors');
    expect(error.message).toMatch(/answered, but its CORS headers do not let this page read/);
    expect(error.hint).toBe(
      'The server must allow Cove’s origin (https://cove.example.org) in Access-Control-Allow-Origin, ' +
        'allow the request headers content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id (Access-Control-Allow-Headers), ' +
        'and expose mcp-session-id, mcp-protocol-version, www-authenticate (Access-Control-Expose-Headers).',
    );
  });

  it('tells a server that is down', async () => {
    const error = await failure(
      'https://mcp.example.com/mcp',
      'https://cove.example.org',
      browserFetch({ serverAnswers: false }),
    );
    expect(error.code).toBe('mcp-unreachable');
    expect(error.message).toBe('Cannot reach the MCP server at mcp.example.com: nothing answered.');
  });

  it('tells Local Network Access for a local server from a public page', async () => {
    const error = await failure(
      'http://127.0.0.1:3001/mcp',
      'https://someone.github.io',
      browserFetch({ serverAnswers: false }),
    );
    expect(error.code).toBe('mcp-local-network');
    expect(error.message).toMatch(/Local Network Access/);
  });

  it('tells mixed content for plain http to another machine from an https page', async () => {
    const error = await failure(
      'http://192.168.1.20:3001/mcp',
      'https://someone.github.io',
      browserFetch({ serverAnswers: true }),
    );
    expect(error.code).toBe('mcp-mixed-content');
  });

  it('tells refused credentials', async () => {
    const error = await failure(
      'https://mcp.example.com/mcp',
      undefined,
      browserFetch({ serverAnswers: true, status: 401 }),
    );
    expect(error.code).toBe('mcp-unauthorized');
    expect(error.hint).toMatch(/Authorization header/);
  });

  it('tells a wrong URL after trying both transports', async () => {
    const error = await failure(
      'https://mcp.example.com/nothing-here',
      undefined,
      browserFetch({ serverAnswers: true, status: 404 }),
    );
    expect(error.code).toBe('mcp-http');
    expect(error.message).toMatch(/HTTP 404/);
    expect(error.hint).toMatch(/ending in \/mcp/);
  });
});

describe('classifyMcpError', () => {
  it('tells a hidden session id only when initialize worked without one', () => {
    const answer = new StreamableHTTPError(
      400,
      'Error POSTing to endpoint: Bad Request: Server not initialized',
    );
    expect(
      classifyMcpError(answer, { url: 'https://x.test/mcp', sessionIdMissing: true }).code,
    ).toBe('mcp-session-header');
    expect(classifyMcpError(answer, { url: 'https://x.test/mcp' }).code).toBe('mcp-http');
  });

  it('tells a timeout with its length', () => {
    const error = classifyMcpError(new Error('x'), {
      url: 'https://x.test/mcp',
      timeoutMs: 30_000,
    });
    expect(error.code).toBe('mcp-timeout');
    expect(error.message).toBe('The MCP server x.test did not answer within 30 s.');
  });

  it('treats a network failure under Node (no page origin) as unreachable', () => {
    const error = classifyMcpError(new TypeError('fetch failed'), {
      url: 'http://127.0.0.1:9/mcp',
    });
    expect(error.code).toBe('mcp-unreachable');
  });
});
