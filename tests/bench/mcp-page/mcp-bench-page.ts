// The page tests/bench/mcp.bench.mjs builds and opens in Chromium: Cove's McpConnection and a
// bare SDK Client side by side, both talking to the same server-everything from this page
// (over the page's fetch, across origins, as in the app). It exposes `window.coveMcpBench`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { systemClock } from '../../../src/base/clock';
import { McpConnection } from '../../../src/mcp/mcp-connection';

let cove: McpConnection | undefined;
let sdk: Client | undefined;

/** Time of one echo round trip through `call`, in milliseconds. */
async function time(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

const args = { message: 'hello from the benchmark' };

declare global {
  interface Window {
    coveMcpBench: typeof bench;
  }
}

const bench = {
  /** Connects both clients to `url` (each its own session). */
  async open(url: string): Promise<void> {
    cove = new McpConnection(
      { id: 'bench', name: 'everything', url, headers: {}, enabled: true, approval: 'auto' },
      {
        fetch: (input, init) => fetch(input, init),
        clock: systemClock,
        pageOrigin: location.origin,
      },
    );
    await cove.connect();
    sdk = new Client({ name: 'bare-sdk', version: '1.0.0' });
    await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));
  },
  /**
   * `pairs` echo calls through each client, alternating which goes first; returns every
   * round trip's time, per client.
   */
  async alternate(pairs: number): Promise<{ cove: number[]; sdk: number[] }> {
    const out = { cove: [] as number[], sdk: [] as number[] };
    const viaCove = () => cove!.callTool('echo', args);
    const viaSdk = () => sdk!.callTool({ name: 'echo', arguments: args });
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) {
        out.cove.push(await time(viaCove));
        out.sdk.push(await time(viaSdk));
      } else {
        out.sdk.push(await time(viaSdk));
        out.cove.push(await time(viaCove));
      }
    }
    return out;
  },
  async close(): Promise<void> {
    await cove?.close();
    await sdk?.close();
  },
};

window.coveMcpBench = bench;
