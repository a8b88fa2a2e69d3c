import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createRunService, dedent, splitArguments } from '../../../src/app/run-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { MemoryPythonRuntime, type RunScript } from '../../../src/runtime/memory-python-runtime';
import type { RunRequest, RuntimeStatus } from '../../../src/runtime/python-runtime';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

async function setup(script: RunScript) {
  const clock = new ManualClock(1000);
  const store = createMemoryStore();
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const requests: RunRequest[] = [];
  const runtime = new MemoryPythonRuntime((request) => {
    requests.push(request);
    return script(request);
  });
  const runs = createRunService({
    runtime,
    workspaces,
    editor,
    settingsStore: store.settings,
    notices,
  });
  await runs.start();
  return { runs, editor, workspaces, store, requests, notices };
}

describe('arguments and selections', () => {
  it.each([
    ['a b  c', ['a', 'b', 'c']],
    ['"two words" x', ['two words', 'x']],
    ['"it\'s fine" x', ["it's fine", 'x']],
    ['escaped\\ space', ['escaped space']],
    ['', []],
    ['""', ['']],
  ])('splits %j', (input, expected) => {
    expect(splitArguments(input)).toEqual(expected);
  });

  it('dedents an indented selection so it runs on its own', () => {
    expect(dedent('    x = 1\n    if x:\n        print(x)')).toBe('x = 1\nif x:\n    print(x)');
    expect(dedent('x = 1')).toBe('x = 1');
  });
});

describe('run service', () => {
  it('saves open files, runs the active file with arguments, stdin and the time limit', async () => {
    const ctx = await setup(() => ({ output: [{ stream: 'stdout', text: 'hi\n' }] }));
    await ctx.workspaces.files()!.write('app.py', 'print("hi")');
    await ctx.editor.openFile('app.py');
    ctx.runs.setArgv('--name "Ada Lovelace"');
    ctx.runs.setStdin('42\n');
    await ctx.runs.saveSettings({ timeoutMs: 5000 });
    const result = await ctx.runs.runFile();
    expect(result?.status).toBe('ok');
    expect(ctx.requests[0]).toMatchObject({
      path: 'app.py',
      argv: ['--name', 'Ada Lovelace'],
      stdin: '42\n',
      timeoutMs: 5000,
    });
    const run = ctx.runs.current()!;
    expect(
      run
        .output()
        .map((c) => c.text)
        .join(''),
    ).toBe('hi\n');
    expect(run.phase()).toBe('ok');
  });

  it('keeps the last run of each workspace and shows the open workspace’s one', async () => {
    const ctx = await setup((request) => ({
      output: [{ stream: 'stdout', text: `ran ${request.path}\n` }],
    }));
    const first = ctx.workspaces.current()!.id;
    await ctx.workspaces.files()!.write('a.py', 'print(1)');
    await ctx.editor.openFile('a.py');
    await ctx.runs.runFile();
    expect(ctx.runs.current()?.label).toBe('a.py');

    const other = await ctx.workspaces.create('Other');
    await ctx.workspaces.open(other.id);
    expect(ctx.runs.current()).toBeUndefined();
    await ctx.workspaces.files()!.write('b.py', 'print(2)');
    await ctx.editor.openFile('b.py');
    await ctx.runs.runFile();
    expect(ctx.runs.current()?.label).toBe('b.py');

    await ctx.workspaces.open(first);
    expect(ctx.runs.current()?.label).toBe('a.py');
    ctx.runs.clear();
    expect(ctx.runs.current()).toBeUndefined();
    await ctx.workspaces.open(other.id);
    expect(ctx.runs.current()?.label).toBe('b.py');
  });

  it('says since when Python is starting, and forgets it once it is up', async () => {
    const clock = new ManualClock(5000);
    const store = createMemoryStore();
    const notices = createNoticeService(clock);
    const workspaces = createWorkspaceService(
      new WorkspaceCatalog(store, clock),
      store.settings,
      store.changes,
    );
    const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
    let listener: ((status: RuntimeStatus) => void) | undefined;
    let phase: RuntimeStatus['phase'] = 'stopped';
    const status = (): RuntimeStatus => ({ phase, canInterrupt: false, spareReady: false });
    const runtime = Object.assign(new MemoryPythonRuntime(() => ({})), {
      status,
      subscribe(next: (status: RuntimeStatus) => void) {
        listener = next;
        return () => {};
      },
    });
    const runs = createRunService({
      runtime,
      workspaces,
      editor,
      settingsStore: store.settings,
      notices,
      clock,
    });
    expect(runs.startingSince()).toBeUndefined();
    phase = 'starting';
    listener!(status());
    expect(runs.startingSince()).toBe(5000);
    await clock.advance(3000);
    listener!(status());
    expect(runs.startingSince()).toBe(5000);
    phase = 'ready';
    listener!(status());
    expect(runs.startingSince()).toBeUndefined();
  });

  it('refuses to run what is not a Python file, saying what to do', async () => {
    const ctx = await setup(() => ({}));
    await ctx.workspaces.files()!.write('notes.md', '# hi');
    await ctx.editor.openFile('notes.md');
    expect(await ctx.runs.runFile()).toBeUndefined();
    expect(ctx.notices.notices().at(-1)?.text).toContain('Open a Python file');
    expect(ctx.requests).toEqual([]);
  });

  it('describes a failed run for the chat with the file, the error and the traceback', async () => {
    const ctx = await setup(() => ({
      status: 'error',
      exception: {
        type: 'ZeroDivisionError',
        message: 'division by zero',
        traceback:
          'Traceback (most recent call last):\n  File "/workspace/app.py", line 2\nZeroDivisionError: division by zero',
        frames: [{ file: 'app.py', line: 2, name: '<module>', inWorkspace: true }],
        phase: 'run',
      },
    }));
    await ctx.workspaces.files()!.write('app.py', 'x = 1\nprint(x / 0)');
    await ctx.editor.openFile('app.py');
    await ctx.runs.runFile();
    const message = ctx.runs.debugMessage()!;
    expect(message).toContain('Running `app.py` failed with ZeroDivisionError: division by zero');
    expect(message).toContain('line 2');
  });

  it('has nothing to debug after a run that worked', async () => {
    const ctx = await setup(() => ({}));
    await ctx.workspaces.files()!.write('ok.py', 'pass');
    await ctx.editor.openFile('ok.py');
    await ctx.runs.runFile();
    expect(ctx.runs.debugMessage()).toBeUndefined();
  });

  it('rejects a bad setting with a message naming it and keeps the old one', async () => {
    const ctx = await setup(() => ({}));
    await expect(ctx.runs.saveSettings({ packageIndexUrl: 'ftp://nope' })).rejects.toThrow();
    expect(ctx.runs.settings().packageIndexUrl).toMatch(/^https:\/\/cdn\.jsdelivr\.net\/pyodide\//);
  });

  it('applies the files a run writes to the workspace', async () => {
    const ctx = await setup(() => ({ write: { 'out.txt': 'result\n' } }));
    await ctx.workspaces.files()!.write('w.py', 'open("out.txt","w").write("result")');
    await ctx.editor.openFile('w.py');
    await ctx.runs.runFile();
    expect((await ctx.workspaces.files()!.read('out.txt')).content).toBe('result\n');
  });
});
