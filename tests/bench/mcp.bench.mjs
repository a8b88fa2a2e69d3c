// An MCP tool call's round trip in Chromium: Cove's McpConnection against a bare SDK Client
// in the same page, both calling server-everything's echo over Streamable HTTP (the server
// is started here on 127.0.0.1; the page is another origin, as in the app). The suite
// builds a small page of its own (tests/bench/mcp-page/) with Vite.
//   mcp.call_ms             median round trip of echo through Cove's McpConnection
//   mcp.call_sdk_ms         the same through a bare SDK Client
//   mcp.call_ratio_vs_sdk   the ratio of the two medians (aim ≤ 1.1)
// The calls alternate between the clients (which goes first alternates too), after a
// warm-up, so both see the same machine load.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { openBenchPage } from './bench-page.mjs';

const CALLS_PER_RUN = 40;
const WARM_UP_PAIRS = 20;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts server-everything in Streamable HTTP mode; resolves with its URL and stop(). */
async function startEverything() {
  const port = await freePort();
  const entry = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  const child = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (/listening on port|running on port/i.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server-everything exited (${code}):\n${output}`)),
    );
  });
  // It logs every request; reading the pipes keeps it from blocking on a full one.
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          resolve();
        }
      }),
  };
}

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  const everything = await startEverything();
  const { page, close } = await openBenchPage(browser, { name: 'mcp', global: 'coveMcpBench' });
  try {
    await page.evaluate((url) => window.coveMcpBench.open(url), everything.url);
    await page.evaluate((n) => window.coveMcpBench.alternate(n), WARM_UP_PAIRS);
    const cove = [];
    const sdk = [];
    for (let i = 0; i < runs; i++) {
      const times = await page.evaluate((n) => window.coveMcpBench.alternate(n), CALLS_PER_RUN);
      cove.push(...times.cove);
      sdk.push(...times.sdk);
    }
    await page.evaluate(() => window.coveMcpBench.close());
    const call = median(cove);
    const callSdk = median(sdk);
    return {
      'mcp.call_ms': call,
      'mcp.call_sdk_ms': callSdk,
      'mcp.call_ratio_vs_sdk': call / callSdk,
    };
  } finally {
    await close();
    await everything.stop();
  }
}
