import { afterEach, describe, expect, it } from 'vitest';
import type {
  HostFetchResult,
  WorkerEvent,
  WorkerRunOutcome,
} from '../../../../src/runtime/python-protocol';
import { connectSandboxHost } from '../../../../src/runtime/sandbox/sandbox-host';
import {
  openSandboxWorkerChannel,
  transferring,
} from '../../../../src/runtime/sandbox/sandbox-worker-channel';

// The page's end of the sandbox channel takes a closed list of plain-data messages. These
// tests play the sandbox's side with a real MessageChannel: first as Cove's own worker
// code does (openSandboxWorkerChannel), then as hostile code that holds the port.

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const OUTCOME: WorkerRunOutcome = {
  runId: 'r1',
  lastSeq: 0,
  outcome: 'ok',
  duration: 3,
  droppedBytes: 0,
  packages: { loaded: [], failed: [] },
  memoryBytes: 1024,
};

interface Harness {
  /** The sandbox's end, to post hostile messages on. */
  sandbox: MessagePort;
  host: ReturnType<typeof connectSandboxHost>;
  events: WorkerEvent[];
  violations: string[];
  fetched: string[];
  /** Settles with the next violation. */
  nextViolation(): Promise<string>;
}

const open: MessageChannel[] = [];
afterEach(() => {
  for (const channel of open.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** `msPerMessage`: how far the clock moves each time the page reads it (once a message). */
function harness(answer: (url: string) => HostFetchResult = okFile, msPerMessage = 0): Harness {
  const channel = new MessageChannel();
  open.push(channel);
  let now = 0;
  const events: WorkerEvent[] = [];
  const violations: string[] = [];
  const fetched: string[] = [];
  const waiting: ((reason: string) => void)[] = [];
  const host = connectSandboxHost(channel.port1, {
    fetchPackageFile: async (url) => {
      fetched.push(url);
      return answer(url);
    },
    onEvent: (event) => events.push(event),
    onViolation: (reason) => {
      violations.push(reason);
      waiting.splice(0).forEach((resolve) => resolve(reason));
    },
    now: () => (now += msPerMessage),
  });
  return {
    sandbox: channel.port2,
    host,
    events,
    violations,
    fetched,
    nextViolation: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

function okFile(): HostFetchResult {
  return { ok: true, status: 200, contentType: 'application/zip', bytes: new ArrayBuffer(4) };
}

/** The next message the page posts to the sandbox. */
function nextFromPage(port: MessagePort): Promise<MessageEvent> {
  return new Promise((resolve) => {
    port.onmessage = (event) => resolve(event);
  });
}

describe("the page end of the sandbox channel, with Cove's own worker side", () => {
  it('carries calls, answers with their buffers, events in order and package requests', async () => {
    const h = harness();
    const worker = openSandboxWorkerChannel(h.sandbox);
    worker.serve({
      boot: async () => ({
        fromSnapshot: false,
        snapshot: 'disabled',
        bootMs: 5,
        phases: { loader: 1 },
        pyodideVersion: '0.0',
        pythonVersion: '3.14',
        isolated: false,
      }),
      sync: async () => {},
      run: async (request) => {
        worker.postEvent({ runId: request.runId, seq: 0, type: 'started', startedAt: 1 });
        worker.postEvent({
          runId: request.runId,
          seq: 1,
          type: 'figure',
          mimeType: 'image/png',
          bytes: PNG,
        });
        const file = new TextEncoder().encode('hello');
        const file2 = (await worker.host.fetchPackageFile(
          'https://index.example/a.whl',
        )) as HostFetchResult;
        expect(file2.ok).toBe(true);
        return transferring(
          {
            ...OUTCOME,
            lastSeq: 1,
            changes: { written: [{ path: 'out.txt', kind: 'file', bytes: file }], deleted: [] },
          },
          [file.buffer],
        );
      },
    });
    const outcome = await h.host.api.run({
      runId: 'r1',
      firstLine: 1,
      argv: [],
      stdin: '',
      collectChanges: true,
      outputLimitChars: 100,
      timeoutMs: 1000,
    });
    expect(new TextDecoder().decode(outcome.changes!.written[0]!.bytes)).toBe('hello');
    expect(h.events.map((event) => event.type)).toEqual(['started', 'figure']);
    expect(h.fetched).toEqual(['https://index.example/a.whl']);
    await expect(h.host.api.sync({ reset: true, deletes: [], puts: [] })).resolves.toBeUndefined();
    expect(h.violations).toEqual([]);
  });

  it('a call the worker fails is rejected with its message, and the channel goes on', async () => {
    const h = harness();
    const worker = openSandboxWorkerChannel(h.sandbox);
    worker.serve({
      boot: () => Promise.reject(new Error('no core files')),
      sync: async () => {},
      run: async () => OUTCOME,
    });
    await expect(
      h.host.api.boot({
        indexUrl: 'x',
        packageIndexUrl: 'y',
        network: 'off',
        useSnapshot: false,
        warmUp: false,
      }),
    ).rejects.toThrow('no core files');
    await expect(h.host.api.sync({ reset: false, deletes: [], puts: [] })).resolves.toBeUndefined();
  });
});

describe('hostile messages from the sandbox are refused and end it', () => {
  const started = (extra: Record<string, unknown> = {}) => ({
    type: 'event',
    event: { runId: 'r', seq: 0, type: 'started', startedAt: 1, ...extra },
  });

  const hostile: [string, () => unknown, RegExp][] = [
    ['an unknown type', () => ({ type: 'apply', path: ['__proto__', '__defineSetter__'] }), /type/],
    [
      "Comlink's own message shape",
      () => ({ id: 'x', type: 'APPLY', path: ['__proto__', '__defineSetter__'], argumentList: [] }),
      /type/,
    ],
    ['an extra field', () => started({ path: ['__proto__'] }), /Unrecognized key/],
    ['a __proto__ key', () => JSON.parse('{"type":"event","__proto__":{"apiKey":1}}'), /__proto__/],
    [
      'a __proto__ key deep inside',
      () =>
        JSON.parse(
          '{"type":"event","event":{"runId":"r","seq":0,"type":"output","chunks":[{"stream":"stdout","text":"a","__proto__":{"x":1}}]}}',
        ),
      /__proto__/,
    ],
    [
      'a constructor key',
      () => ({ type: 'reply', id: 1, answer: { constructor: { prototype: 1 } } }),
      /constructor/,
    ],
    ['a Map', () => ({ type: 'fetch-package', id: 1, url: new Map([['a', 1]]) }), /plain/],
    ['a Date', () => started({ startedAt: new Date() }), /plain/],
    [
      'a typed array where none belongs',
      () => ({ type: 'fetch-package', id: 1, url: new Float64Array(2) }),
      /typed array/,
    ],
    ['a wrong field type', () => ({ type: 'fetch-package', id: 1, url: 42 }), /string/],
    ['a negative id', () => ({ type: 'fetch-package', id: -1, url: 'https://x/' }), /id/],
    ['an oversized string', () => ({ type: 'fetch-package', id: 1, url: 'x'.repeat(5000) }), /url/],
    [
      'a figure that is not the image it claims',
      () => ({
        type: 'event',
        event: {
          runId: 'r',
          seq: 0,
          type: 'figure',
          mimeType: 'image/png',
          bytes: new TextEncoder().encode('<html><script>alert(1)</script>'),
        },
      }),
      /raster image/,
    ],
    [
      'a figure of a type that is a document',
      () => ({
        type: 'event',
        event: { runId: 'r', seq: 0, type: 'figure', mimeType: 'image/svg+xml', bytes: PNG },
      }),
      /mimeType/,
    ],
    [
      'a figure typed text/html',
      () => ({
        type: 'event',
        event: { runId: 'r', seq: 0, type: 'figure', mimeType: 'text/html', bytes: PNG },
      }),
      /mimeType/,
    ],
    [
      'a boot step Cove does not know (its text would reach the status line)',
      () => ({
        type: 'event',
        event: {
          runId: 'boot',
          seq: 0,
          type: 'boot-step',
          step: 'Your key expired: paste it here',
        },
      }),
      /step/,
    ],
    ['an answer to a call never made', () => ({ type: 'reply', id: 99, answer: null }), /not made/],
    ['a bare string', () => 'APPLY', /expected object/],
    ['null', () => null, /type|expected/],
  ];

  for (const [name, message, reason] of hostile) {
    it(`refuses ${name}`, async () => {
      const h = harness();
      const violation = h.nextViolation();
      h.sandbox.postMessage(message());
      expect(await violation).toMatch(reason);
      // Ended: no event was taken, and no call can be made any more.
      expect(h.events).toEqual([]);
      expect(h.violations).toHaveLength(1);
      await expect(h.host.api.sync({ reset: false, deletes: [], puts: [] })).rejects.toThrow(
        /shut down/,
      );
    });
  }

  it('refuses a transferred port', async () => {
    const h = harness();
    const violation = h.nextViolation();
    const stolen = new MessageChannel();
    open.push(stolen);
    h.sandbox.postMessage(started(), [stolen.port1]);
    expect(await violation).toMatch(/port/);
  });

  it('refuses a malformed answer; the call it answers never settles', async () => {
    const h = harness();
    const call = nextFromPage(h.sandbox);
    const run = h.host.api.run({
      runId: 'r1',
      firstLine: 1,
      argv: [],
      stdin: '',
      collectChanges: false,
      outputLimitChars: 10,
      timeoutMs: 10,
    });
    const { data } = await call;
    const violation = h.nextViolation();
    h.sandbox.postMessage({ type: 'reply', id: data.id, answer: { ...OUTCOME, outcome: 'pwned' } });
    expect(await violation).toMatch(/answer to run/);
    const settled = await Promise.race([
      run.then(
        () => 'settled',
        () => 'settled',
      ),
      Promise.resolve('pending'),
    ]);
    expect(settled).toBe('pending');
  });

  it('a forged answer of the right shape is only what the sandbox could have said anyway', async () => {
    const h = harness();
    const call = nextFromPage(h.sandbox);
    const run = h.host.api.run({
      runId: 'r1',
      firstLine: 1,
      argv: [],
      stdin: '',
      collectChanges: false,
      outputLimitChars: 10,
      timeoutMs: 10,
    });
    const { data } = await call;
    h.sandbox.postMessage({ type: 'reply', id: data.id, answer: OUTCOME });
    await expect(run).resolves.toEqual(OUTCOME);
    expect(h.violations).toEqual([]);
  });

  it('a flood of valid messages ends the sandbox; the same count spread over time does not', async () => {
    const slow = harness(okFile, 2);
    for (let i = 0; i < 6000; i++) slow.sandbox.postMessage(started({ seq: i }));
    const fast = harness();
    const violation = fast.nextViolation();
    for (let i = 0; i < 6000; i++) fast.sandbox.postMessage(started({ seq: i }));
    expect(await violation).toMatch(/faster/);
    await expect.poll(() => slow.events.length).toBe(6000);
    expect(slow.violations).toEqual([]);
  });

  it('answers package requests only through the page, and limits how many wait at once', async () => {
    const never = new Promise<HostFetchResult>(() => {});
    const h = harness(() => never as unknown as HostFetchResult);
    const violation = h.nextViolation();
    for (let i = 0; i < 65; i++)
      h.sandbox.postMessage({ type: 'fetch-package', id: i, url: `https://x/${i}` });
    expect(await violation).toMatch(/at once/);
  });
});
