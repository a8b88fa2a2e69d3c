import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import { MemoryPythonRuntime } from '../../../src/runtime/memory-python-runtime';
import type { RunEvent } from '../../../src/runtime/python-runtime';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

describe('MemoryPythonRuntime', () => {
  it('echoes print lines by default, with the real event order', async () => {
    const runtime = new MemoryPythonRuntime();
    const events: RunEvent[] = [];
    const result = await runtime.run(
      { code: 'print("hi")\nx = 1\nprint(\'there\')' },
      { onEvent: (e) => events.push(e) },
    );
    expect(result.status).toBe('ok');
    expect(result.stdout).toBe('hi\nthere\n');
    expect(events.map((e) => e.type)).toEqual(['started', 'output', 'output']);
    expect(runtime.requests).toHaveLength(1);
  });

  it('plays a script, including exceptions and workspace writes', async () => {
    const store = createMemoryStore();
    const catalog = new WorkspaceCatalog(store, new ManualClock(1));
    const files = catalog.files((await catalog.create('W')).id);
    await files.write('gone.txt', 'x');
    const runtime = new MemoryPythonRuntime(() => ({
      output: [{ stream: 'stderr', text: 'Traceback…\n' }],
      exception: { type: 'ValueError', message: 'bad', traceback: '', frames: [], phase: 'run' },
      write: { 'out/result.txt': '42' },
      delete: ['gone.txt'],
    }));
    const result = await runtime.run({ code: 'x' }, { files });
    expect(result.status).toBe('error');
    expect(result.changedFiles).toMatchObject({
      written: ['out', 'out/result.txt'],
      deleted: ['gone.txt'],
    });
    expect((await files.read('out/result.txt')).content).toBe('42');
  });

  it('hangs until stopped or timed out', async () => {
    const clock = new ManualClock(0);
    const runtime = new MemoryPythonRuntime(() => ({ hang: true }), clock);
    const stopped = runtime.run({ code: 'while True: pass' });
    await clock.advance(10);
    runtime.stop();
    expect((await stopped).status).toBe('killed');
    const timedOut = runtime.run({ code: 'while True: pass', timeoutMs: 1000 });
    await clock.advance(1000);
    expect((await timedOut).status).toBe('timeout');
  });
});
