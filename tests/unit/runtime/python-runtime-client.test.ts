import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, type Clock } from '../../../src/base/clock';
import type { CoveStore } from '../../../src/store/cove-store';
import { createMemoryStore } from '../../../src/store/memory-store';
import { PythonRuntimeClient } from '../../../src/runtime/python-runtime-client';
import type { RunEvent, RunResult, RuntimeStatus } from '../../../src/runtime/python-runtime';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { elapse, FakeWorkerFarm, settle } from './fake-python-worker';

const text = (s: string) => new TextEncoder().encode(s);

let runtime: PythonRuntimeClient | undefined;
let store: CoveStore | undefined;
afterEach(() => {
  runtime?.dispose();
  store?.close();
});

function setup(options: { isolated?: boolean; spare?: boolean; timeoutMs?: number } = {}) {
  const clock = new ManualClock(1_000_000);
  const farm = new FakeWorkerFarm(clock);
  let ids = 0;
  runtime = new PythonRuntimeClient({
    spawn: farm.spawn,
    indexUrl: 'https://cove.test/pyodide/',
    clock,
    isolated: options.isolated ?? true,
    settings: { spareWorker: options.spare ?? true, timeoutMs: options.timeoutMs ?? 30_000 },
    newRunId: () => `run-${ids++}`,
  });
  return { clock, farm, runtime };
}

/** Starts a run and returns a way to read its result once time has moved. */
function startRun(
  rt: PythonRuntimeClient,
  request: Parameters<PythonRuntimeClient['run']>[0],
  options: Parameters<PythonRuntimeClient['run']>[1] = {},
) {
  const events: RunEvent[] = [];
  let result: RunResult | undefined;
  let error: unknown;
  const promise = rt.run(request, { ...options, onEvent: (e) => events.push(e) }).then(
    (r) => (result = r),
    (e: unknown) => (error = e),
  );
  return {
    events,
    promise,
    get result() {
      return result;
    },
    get error() {
      return error;
    },
  };
}

async function workspace() {
  store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, new ManualClock(1));
  const created = await catalog.create('W');
  return catalog.files(created.id);
}

describe('PythonRuntimeClient', () => {
  it('boots, runs, and reports output and events in order', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = async (run) => {
      run.start();
      run.print('out 1\n');
      run.print('err 1\n', 'stderr');
      run.print('out 2\n');
      return { outcome: 'ok' };
    };
    const run = startRun(runtime, { code: 'print(1)' });
    await elapse(clock, 100);
    const result = run.result!;
    expect(result.status).toBe('ok');
    expect(result.stdout).toBe('out 1\nout 2\n');
    expect(result.stderr).toBe('err 1\n');
    expect(result.output).toEqual([
      { stream: 'stdout', text: 'out 1\n' },
      { stream: 'stderr', text: 'err 1\n' },
      { stream: 'stdout', text: 'out 2\n' },
    ]);
    expect(run.events.map((e) => e.type)).toEqual([
      'preparing',
      'started',
      'output',
      'output',
      'output',
    ]);
    expect(farm.workers[0]!.runs[0]).toMatchObject({ code: 'print(1)', argv: [], stdin: '' });
  });

  it('passes argv, stdin and the normalized path on, and rejects a bad path up front', async () => {
    const { clock, farm, runtime } = setup();
    const run = startRun(runtime, {
      path: './src/main.py',
      argv: ['a', 'b'],
      stdin: 'x\n',
      firstLine: 3,
    });
    await elapse(clock, 100);
    expect(run.result?.status).toBe('ok');
    expect(farm.workers[0]!.runs[0]).toMatchObject({
      path: 'src/main.py',
      argv: ['a', 'b'],
      stdin: 'x\n',
      firstLine: 3,
    });
    await expect(runtime.run({ path: '../etc/passwd' })).rejects.toThrow(/outside the workspace/);
    await expect(runtime.run({})).rejects.toThrow(/Nothing to run/);
  });

  it('syncs the workspace in and applies what the run changed', async () => {
    const { clock, farm, runtime } = setup();
    const files = await workspace();
    await files.write('main.py', 'print(1)');
    await files.write('old.txt', 'x');
    farm.script = async (run) => {
      run.start();
      run.fs.writeFile('/workspace/out.txt', text('result'));
      run.fs.remove('/workspace/old.txt');
      return { outcome: 'ok' };
    };
    const run = startRun(runtime, { path: 'main.py' }, { files });
    await elapse(clock, 100);
    expect(run.result?.changedFiles).toEqual({
      written: ['out.txt'],
      deleted: ['old.txt'],
      conflicts: [],
      skipped: [],
    });
    expect((await files.read('out.txt')).content).toBe('result');
    expect(farm.workers[0]!.fs.list('/workspace').sort()).toEqual(['main.py', 'out.txt']);
  });

  it('interrupts at the timeout when isolated: status timeout, files kept, the next run on a fresh interpreter', async () => {
    const { clock, farm, runtime } = setup({ timeoutMs: 1000 });
    farm.script = (run) => {
      run.start();
      return run.spinUntilInterrupted();
    };
    const run = startRun(runtime, { code: 'while True: pass' });
    await elapse(clock, 100);
    const startedAt = clock.now();
    await elapse(clock, 990);
    expect(run.result).toBeUndefined();
    await elapse(clock, 30);
    expect(run.result?.status).toBe('timeout');
    expect(run.result?.message).toMatch(/took longer than 1 s/);
    expect(run.result?.message).not.toMatch(/restarted/);
    expect(clock.now() - startedAt).toBeLessThan(1500);
    // Like after every run: whatever the program left in it goes with the interpreter.
    expect(farm.workers[0]!.dead).toBe(true);
    farm.script = async (r) => {
      r.start();
      return { outcome: 'ok' };
    };
    const next = startRun(runtime, { code: 'pass' });
    await elapse(clock, 1500);
    expect(next.result?.status).toBe('ok');
    expect(farm.workers[0]!.runs).toHaveLength(1);
    expect(farm.workers[1]!.runs).toHaveLength(1);
  });

  it('nothing of a run outlives it: each run that executed code gets an interpreter that never ran any', async () => {
    const { clock, farm, runtime } = setup();
    const files = await workspace();
    await files.write('main.py', 'print(1)');
    farm.script = async (r) => {
      r.start();
      return { outcome: 'ok' };
    };
    for (let i = 0; i < 3; i++) {
      const run = startRun(runtime, { path: 'main.py' }, { files });
      await elapse(clock, 1500);
      expect(run.result?.status).toBe('ok');
    }
    // Three runs, three interpreters, each used once and then ended.
    const used = farm.workers.filter((worker) => worker.runs.length > 0);
    expect(used).toHaveLength(3);
    expect(used.every((worker) => worker.runs.length === 1 && worker.dead)).toBe(true);
    // A syntax error runs nothing: that interpreter stays.
    farm.script = async () => ({
      outcome: 'exception',
      exception: { type: 'SyntaxError', message: 'x', traceback: '', frames: [], phase: 'compile' },
    });
    const broken = startRun(runtime, { code: 'def (' });
    await elapse(clock, 1500);
    expect(broken.result?.status).toBe('error');
    const last = farm.workers.find((worker) => worker.runs.length === 1 && !worker.dead);
    expect(last).toBeDefined();
  });

  // Invariant 11: hard limits win, and the UI is usable afterwards.
  it('terminates when the interrupt does not land, and the next run takes the warm spare', async () => {
    const { clock, farm, runtime } = setup({ timeoutMs: 3000 });
    farm.script = (run) => {
      run.start();
      return run.hang();
    };
    const run = startRun(runtime, { code: 'import time; time.sleep(99)' });
    await elapse(clock, 100);
    const startedAt = clock.now();
    await elapse(clock, 3000 + 300);
    expect(run.result?.status).toBe('timeout');
    expect(run.result?.message).toMatch(/restarted/);
    expect(run.result?.duration).toBeGreaterThanOrEqual(3000);
    expect(run.result?.duration).toBeLessThan(3500);
    expect(clock.now() - startedAt).toBeLessThan(3500);
    expect(farm.workers[0]!.dead).toBe(true);
    expect(farm.workers[1]!.dead).toBe(false);
    farm.script = async (r) => {
      r.start();
      r.print('fine\n');
      return { outcome: 'ok' };
    };
    // No time passes: the spare is booted, so nothing waits for a boot.
    const next = startRun(runtime, { code: 'print("fine")' });
    await settle();
    await next.promise;
    expect(next.result?.stdout).toBe('fine\n');
    expect(farm.workers[1]!.runs).toHaveLength(1);
    // A new spare follows.
    await elapse(clock, 1200);
    expect(farm.alive).toHaveLength(2);
  });

  it('an idle spare holds a copy of the workspace, so the run after a kill sends only what changed', async () => {
    const { clock, farm, runtime } = setup({ timeoutMs: 1000 });
    const files = await workspace();
    for (let i = 0; i < 20; i++) await files.write(`data/f${i}.txt`, `${i}`);
    await files.write('main.py', 'print(1)');
    // The spare boots a second after the first worker, before any run, and copies the
    // workspace once a run shows which one it is.
    runtime.start();
    await elapse(clock, 1200);
    const spare = farm.workers[1]!;
    expect(spare.syncs).toHaveLength(0);
    const run = startRun(runtime, { path: 'main.py' }, { files });
    await elapse(clock, 100);
    expect(run.result?.status).toBe('ok');
    expect(spare.syncs).toHaveLength(1);
    expect(spare.syncs[0]!.reset).toBe(true);
    expect(spare.fs.list('/workspace/data')).toHaveLength(20);

    await files.write('data/f3.txt', 'changed');
    farm.script = (r) => {
      r.start();
      return r.hang();
    };
    const killed = startRun(runtime, { path: 'main.py' }, { files });
    await elapse(clock, 1000 + 400);
    expect(killed.result?.status).toBe('timeout');
    expect(farm.workers[0]!.dead).toBe(true);

    farm.script = async (r) => {
      r.start();
      r.print(new TextDecoder().decode(r.fs.readFile('/workspace/data/f3.txt')));
      return { outcome: 'ok' };
    };
    const next = startRun(runtime, { path: 'main.py' }, { files });
    await elapse(clock, 20);
    expect(next.result?.stdout).toBe('changed');
    expect(spare.syncs).toHaveLength(2);
    expect(spare.syncs[1]).toMatchObject({ reset: false, deletes: [] });
    expect(spare.syncs[1]!.puts.map((put) => put.path)).toEqual(['data/f3.txt']);
  });

  it("a run's write-back reaches the next interpreter's copy after the run, so its run starts without a sync", async () => {
    const { clock, farm, runtime } = setup({ timeoutMs: 1000 });
    const files = await workspace();
    for (let i = 0; i < 20; i++) await files.write(`data/f${i}.txt`, `${i}`);
    runtime.start();
    await elapse(clock, 1200);
    const spare = farm.workers[1]!;
    expect(startRun(runtime, { code: 'pass' }, { files })).toBeDefined();
    await elapse(clock, 100);
    expect(spare.syncs).toHaveLength(1);
    // That run replaced the first interpreter with the spare; wait for the next spare.
    await elapse(clock, 1500);

    // A run that rewrites ten files: the next interpreter catches up once the run is over.
    farm.script = async (r) => {
      r.start();
      for (let i = 0; i < 10; i++)
        r.fs.writeFile(`/workspace/data/f${i}.txt`, new TextEncoder().encode(`new ${i}`));
      return { outcome: 'ok' };
    };
    const writer = startRun(runtime, { code: 'rewrite()' }, { files });
    await elapse(clock, 100);
    expect(writer.result?.status).toBe('ok');
    expect(spare.runs).toHaveLength(1);
    expect(spare.dead).toBe(true);
    expect((await files.read('data/f9.txt')).content).toBe('new 9');
    const next = farm.workers[2]!;
    expect(next.syncs).toHaveLength(2);
    expect(next.syncs[1]!.puts.map((put) => put.path)).toHaveLength(10);

    farm.script = async (r) => {
      r.start();
      r.print(new TextDecoder().decode(r.fs.readFile('/workspace/data/f9.txt')));
      return { outcome: 'ok' };
    };
    const show = startRun(runtime, { code: 'show()' }, { files });
    await elapse(clock, 20);
    expect(show.result?.stdout).toBe('new 9');
    expect(next.runs).toHaveLength(1);
    // It was already current: its run started without a sync.
    expect(next.syncs).toHaveLength(2);
  });

  it('on a page that is not isolated, a busy loop ends at the worker’s own deadline: no kill, files kept', async () => {
    const { clock, farm, runtime } = setup({ isolated: false, timeoutMs: 1000 });
    farm.script = (run) => {
      run.start();
      return run.spinUntilInterrupted();
    };
    const run = startRun(runtime, { code: 'while True: pass' });
    await elapse(clock, 100);
    await elapse(clock, 1300);
    expect(run.result?.status).toBe('timeout');
    expect(run.result?.message).not.toMatch(/restarted/);
    expect(farm.workers[0]!.bootOptions?.interruptBuffer).toBeUndefined();
  });

  // Invariant 11: hard limits win, and the UI is usable afterwards.
  it('on a page that is not isolated, code the deadline cannot reach is terminated after the grace', async () => {
    const { clock, farm, runtime } = setup({ isolated: false, timeoutMs: 1000 });
    farm.script = (run) => {
      run.start();
      return run.hang();
    };
    const run = startRun(runtime, { code: 'import time; time.sleep(60)' });
    await elapse(clock, 100);
    await elapse(clock, 1005);
    expect(run.result).toBeUndefined();
    await elapse(clock, 300);
    expect(run.result?.status).toBe('timeout');
    expect(farm.workers[0]!.dead).toBe(true);
  });

  it('stops at the limit on the worker’s own deadline when the page’s timers are late', async () => {
    const clock = new ManualClock(1_000_000);
    const farm = new FakeWorkerFarm(clock);
    // The page's timers fire 5 s late, as in a throttled background tab; the worker's do not.
    const lateClock: Clock = {
      now: () => clock.now(),
      sleep: (ms, signal) => clock.sleep(ms + 5000, signal),
      schedule: (fn, ms) => clock.schedule(fn, ms + 5000),
    };
    runtime = new PythonRuntimeClient({
      spawn: farm.spawn,
      indexUrl: 'https://cove.test/pyodide/',
      clock: lateClock,
      isolated: false,
      settings: { spareWorker: false, timeoutMs: 1000 },
    });
    farm.script = (run) => {
      run.start();
      return run.spinUntilInterrupted();
    };
    const run = startRun(runtime, { code: 'while True: pass' });
    await elapse(clock, 100);
    const startedAt = clock.now();
    await elapse(clock, 1020);
    expect(run.result?.status).toBe('timeout');
    expect(run.result?.message).toMatch(/took longer than 1 s/);
    expect(clock.now() - startedAt).toBeLessThan(1100);
    expect(run.result?.message).not.toMatch(/restarted/);
  });

  it('does not count package loading against the timeout', async () => {
    const { clock, farm, runtime } = setup({ timeoutMs: 1000 });
    farm.script = async (run) => {
      run.packages(['numpy']);
      await run.sleep(5000);
      run.start();
      await run.sleep(500);
      return { outcome: 'ok', packages: { loaded: ['numpy'], failed: [] } };
    };
    const run = startRun(runtime, { code: 'import numpy' });
    await elapse(clock, 6000);
    expect(run.result?.status).toBe('ok');
    expect(run.result?.packages.loaded).toEqual(['numpy']);
    expect(run.events[1]).toEqual({
      type: 'preparing',
      step: 'loading-packages',
      packages: ['numpy'],
    });
  });

  it('Stop and an aborted signal kill the run', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = (run) => {
      run.start();
      return run.spinUntilInterrupted();
    };
    const run = startRun(runtime, { code: 'while True: pass' });
    await elapse(clock, 200);
    runtime.stop();
    await elapse(clock, 20);
    expect(run.result?.status).toBe('killed');
    expect(run.events.at(-1)).toEqual({ type: 'stopping', reason: 'stop' });

    const controller = new AbortController();
    const second = startRun(runtime, { code: 'while True: pass' }, { signal: controller.signal });
    await elapse(clock, 50);
    controller.abort();
    await elapse(clock, 20);
    expect(second.result?.status).toBe('killed');
  });

  it('reports a worker that dies as crashed, replaces it, and loses nothing else', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = async (run) => {
      run.start();
      run.print('before\n');
      run.worker.crash('Out of memory');
      return run.hang();
    };
    const run = startRun(runtime, { code: 'x = []\nwhile True: x.append(1)' });
    await elapse(clock, 200);
    expect(run.result?.status).toBe('crashed');
    expect(run.result?.message).toBe('the runtime ran out of memory and was restarted');
    expect(run.result?.stdout).toBe('before\n');
    farm.script = async (r) => {
      r.start();
      return { outcome: 'ok' };
    };
    const next = startRun(runtime, { code: 'pass' });
    await elapse(clock, 1500);
    expect(next.result?.status).toBe('ok');
  });

  it('treats a fatal interpreter error as a crash and retires the worker', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = async (run) => {
      run.start();
      return { outcome: 'fatal', fatalMessage: 'RangeError: Maximum call stack size exceeded' };
    };
    const run = startRun(runtime, { code: 'f()' });
    await elapse(clock, 200);
    expect(run.result?.status).toBe('crashed');
    expect(run.result?.message).toMatch(/stopped unexpectedly \(RangeError/);
    expect(farm.workers[0]!.dead).toBe(true);
  });

  it('replaces a worker whose memory grew past the limit after a MemoryError', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = async (run) => {
      run.start();
      return {
        outcome: 'exception',
        memoryBytes: 3 * 1024 ** 3,
        exception: { type: 'MemoryError', message: '', traceback: '', frames: [], phase: 'run' },
      };
    };
    const run = startRun(runtime, { code: 'b = bytearray(10**10)' });
    await elapse(clock, 200);
    expect(run.result?.status).toBe('error');
    expect(run.result?.message).toMatch(/ran out of memory/);
    expect(farm.workers[0]!.dead).toBe(true);
  });

  it('reports a boot failure as a crashed run and retries on the next run', async () => {
    const { clock, farm, runtime } = setup();
    farm.failBoot = 'pyodide.asm.wasm: 404';
    const statuses: RuntimeStatus[] = [];
    runtime.subscribe((s) => statuses.push(s));
    const run = startRun(runtime, { code: 'pass' });
    await elapse(clock, 200);
    expect(run.result?.status).toBe('crashed');
    expect(run.result?.message).toMatch(/Python could not start: pyodide.asm.wasm: 404/);
    expect(runtime.status().phase).toBe('failed');
    farm.failBoot = undefined;
    const next = startRun(runtime, { code: 'pass' });
    await elapse(clock, 200);
    expect(next.result?.status).toBe('ok');
    expect(statuses.map((s) => s.phase)).toContain('failed');
  });

  it('while Python starts, its status says which step of the start it is in, and none once ready', async () => {
    const { clock, runtime } = setup({ spare: false });
    const steps: (string | undefined)[] = [];
    runtime.subscribe((s) => steps.push(s.phase === 'starting' ? s.bootStep : s.phase));
    const run = startRun(runtime, { code: 'pass' });
    await elapse(clock, 200);
    expect(run.result?.status).toBe('ok');
    expect(steps.slice(0, 3)).toEqual(['loading-files', 'restoring-snapshot', 'ready']);
    expect(runtime.status().bootStep).toBeUndefined();
  });

  it('runs one at a time, in order', async () => {
    const { clock, farm, runtime } = setup();
    const order: string[] = [];
    farm.script = async (run) => {
      run.start();
      order.push(`start ${run.request.code}`);
      await run.sleep(100);
      order.push(`end ${run.request.code}`);
      return { outcome: 'ok' };
    };
    const a = startRun(runtime, { code: 'a' });
    const b = startRun(runtime, { code: 'b' });
    await elapse(clock, 400);
    expect(a.result?.status).toBe('ok');
    expect(b.result?.status).toBe('ok');
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('restart replaces the interpreter', async () => {
    const { clock, farm, runtime } = setup({ spare: false });
    runtime.start();
    await elapse(clock, 200);
    const restarted = runtime.restart();
    await elapse(clock, 200);
    await restarted;
    expect(farm.workers).toHaveLength(2);
    expect(farm.workers[0]!.dead).toBe(true);
    expect(runtime.status().phase).toBe('ready');
  });

  it('waits for events that arrive after the answer', async () => {
    const { clock, farm, runtime } = setup();
    farm.eventDelayMs = 30;
    farm.script = async (run) => {
      run.start();
      run.print('late\n');
      return { outcome: 'ok' };
    };
    const run = startRun(runtime, { code: 'print("late")' });
    await elapse(clock, 300);
    expect(run.result?.stdout).toBe('late\n');
  });

  it('asks a busy isolated worker for held output', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = async (run) => {
      run.start();
      await run.sleep(500);
      run.interrupted();
      return { outcome: 'ok' };
    };
    const run = startRun(runtime, { code: 'work()' });
    await elapse(clock, 700);
    expect(run.result?.status).toBe('ok');
    expect(farm.workers[0]!.pokes).toBe(1);
  });

  it('keeps running when a listener throws', async () => {
    const { clock, runtime } = setup();
    const promise = runtime.run(
      { code: 'print(1)' },
      {
        onEvent: () => {
          throw new Error('listener bug');
        },
      },
    );
    await elapse(clock, 200);
    expect((await promise).status).toBe('ok');
  });

  it('maps a KeyboardInterrupt nobody asked for to an error', async () => {
    const { clock, farm, runtime } = setup();
    farm.script = async (run) => {
      run.start();
      return {
        outcome: 'interrupted',
        exception: {
          type: 'KeyboardInterrupt',
          message: '',
          traceback: '',
          frames: [],
          phase: 'run',
        },
      };
    };
    const run = startRun(runtime, { code: 'raise KeyboardInterrupt' });
    await elapse(clock, 200);
    expect(run.result?.status).toBe('error');
    expect(run.result?.exception?.type).toBe('KeyboardInterrupt');
  });

  it('refuses runs after dispose', async () => {
    const { runtime } = setup();
    runtime.dispose();
    await expect(runtime.run({ code: 'pass' })).rejects.toThrow(/shut down/);
  });
});
