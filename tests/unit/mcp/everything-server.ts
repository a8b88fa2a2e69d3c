import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Starts the reference server @modelcontextprotocol/server-everything in one of its HTTP
 * modes on 127.0.0.1 and a free port, for tests that talk to a real MCP server. It has no
 * host flag and listens on all interfaces; the tests reach it on loopback only.
 */

const ENTRY = fileURLToPath(
  new URL(
    '../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);

/** A running server: its endpoint URL and how to stop it. */
export interface EverythingServer {
  url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server and resolves once it says it listens. */
export async function startEverythingServer(
  mode: 'streamableHttp' | 'sse',
): Promise<EverythingServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [ENTRY, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() ends it and anything it started.
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port|running on port/i.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server-everything ${mode} exited (${code}) before listening:\n${output}`)),
    );
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return {
    url: `http://127.0.0.1:${port}${path}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.pid === undefined) return resolve();
        child.once('exit', () => resolve());
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          resolve();
        }
      }),
  };
}
