import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { CoveError, toErrorParts } from '../../../src/base/errors';
import { LintClient } from '../../../src/runtime/lint-client';
import type { LintConnectMessage, LintWorkerApi } from '../../../src/runtime/lint-protocol';
import { runtimeError } from '../../../src/runtime/runtime-errors';

/** A stand-in for the lint worker: answers over the port it is handed, counts its starts. */
function fakeWorkers() {
  const started: string[] = [];
  const ports: MessagePort[] = [];
  const api: LintWorkerApi = {
    configure: async () => undefined,
    lint: async (source) => [
      {
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 10,
        severity: 'warning',
        message: `lint of ${source.length} characters`,
        code: 'F401',
        tags: [],
      },
    ],
    format: async (source) => {
      // As the real worker does: Ruff's refusal crosses the port as the error's parts.
      if (source.includes('(:')) {
        throw toErrorParts(runtimeError('format-failed', { detail: 'Expected a parameter name' }));
      }
      return source.trim() + '\n';
    },
  };
  const spawn = () => {
    started.push('worker');
    return {
      postMessage(message: LintConnectMessage) {
        ports.push(message.rpc);
        Comlink.expose(api, message.rpc);
      },
      addEventListener() {},
      terminate() {},
    } as unknown as Worker;
  };
  return { spawn, started, close: () => ports.forEach((port) => port.close()) };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('LintClient', () => {
  it('holds the background lint back until Python has started, without starting Ruff early', async () => {
    const workers = fakeWorkers();
    let pythonStarted: () => void = () => {};
    const after = new Promise<void>((resolve) => (pythonStarted = resolve));
    const client = new LintClient({}, workers.spawn, after);
    cleanup = () => {
      client.dispose();
      workers.close();
    };
    let answered = false;
    const diagnostics = client.lint('import os\n', 'main.py').then((found) => {
      answered = true;
      return found;
    });
    // Every message the fake could have answered by now has been answered.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(workers.started).toEqual([]);
    pythonStarted();
    expect((await diagnostics)[0]?.message).toBe('lint of 10 characters');
    expect(workers.started).toEqual(['worker']);
  });

  it('formats at once when asked, even while Python is still starting', async () => {
    const workers = fakeWorkers();
    const never = new Promise<void>(() => {});
    const client = new LintClient({}, workers.spawn, never);
    cleanup = () => {
      client.dispose();
      workers.close();
    };
    expect(await client.format('x = 1   \n\n\n', 'main.py')).toBe('x = 1\n');
  });

  it('gives a refused format back as the CoveError, worded on the page', async () => {
    const workers = fakeWorkers();
    const client = new LintClient({}, workers.spawn);
    cleanup = () => {
      client.dispose();
      workers.close();
    };
    const error = await client.format('def f(:\n', 'main.py').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect(error).toMatchObject({
      code: 'format-failed',
      message: 'The code could not be formatted: Expected a parameter name.',
      hint: 'Fix the syntax error first.',
    });
  });
});
