import { describe, expect, it } from 'vitest';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createTerminalService, HISTORY_LIMIT } from '../../../src/app/terminal-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { ManualClock } from '../../../src/base/clock';
import { MemoryPythonRuntime, type RunScript } from '../../../src/runtime/memory-python-runtime';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { waitUntil } from '../support/wait-until';

async function setup(script?: RunScript) {
  const store = createMemoryStore();
  const clock = new ManualClock(Date.UTC(2026, 11, 7));
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const notices = createNoticeService(clock);
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const runtime = new MemoryPythonRuntime(script, new ManualClock(0));
  const errors: unknown[] = [];
  const create = () =>
    createTerminalService({
      workspaces,
      editor,
      settings: store.settings,
      python: {
        run: (request, options) => runtime.run(request, { ...options, files: workspaces.files()! }),
      },
      onError: (error) => errors.push(error),
    });
  const terminal = create();
  const run = async (line: string) => {
    let text = '';
    const result = await terminal.run(line, (_stream, part) => (text += part));
    return { ...result, text };
  };
  return { store, workspaces, editor, runtime, terminal, create, run, errors };
}

describe('the terminal service', () => {
  it('runs command lines over the open workspace, the prompt following cd', async () => {
    const { terminal, run, workspaces } = await setup();
    await terminal.prepare();
    expect(terminal.cwd()).toBe('~');
    expect((await run('ls')).text).toContain('main.py');
    await run('mkdir -p out && cd out && echo hi > a.txt');
    expect(terminal.cwd()).toBe('~/out');
    await waitUntil(() =>
      expect(workspaces.entries().map((entry) => entry.path)).toContain('out/a.txt'),
    );
    expect(terminal.running()).toBe(false);
  });

  it('keeps a bounded history per workspace in settings, without repeats', async () => {
    const { terminal, run, create, workspaces } = await setup();
    await run('echo one');
    await run('echo one');
    await run('  ');
    await run('echo two');
    expect(terminal.history()).toEqual(['echo one', 'echo two']);
    // A new page (another service over the same settings) finds it.
    await waitUntil(async () => {
      const again = create();
      await again.prepare();
      expect(again.history()).toEqual(['echo one', 'echo two']);
    });
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await run(`true ${i}`);
    expect(terminal.history()).toHaveLength(HISTORY_LIMIT);
    expect(terminal.history().at(-1)).toBe(`true ${HISTORY_LIMIT + 4}`);
    // Another workspace has its own.
    const other = await workspaces.create('Other');
    await workspaces.open(other.id);
    await terminal.prepare();
    expect(terminal.history()).toEqual([]);
  });

  it('interrupt stops a running Python command (Ctrl+C)', async () => {
    const { terminal, runtime } = await setup(() => ({ hang: true }));
    const running = terminal.run('python main.py', () => {});
    await waitUntil(() => expect(runtime.requests).toHaveLength(1));
    expect(terminal.running()).toBe(true);
    terminal.interrupt();
    const result = await running;
    expect(result.stopped).toBe(true);
    expect(terminal.running()).toBe(false);
  });

  it('completes paths and commands once the shell is loaded', async () => {
    const { terminal } = await setup();
    expect(terminal.complete('ca', 2)).toEqual({ insert: '', matches: [] });
    await terminal.prepare();
    expect(terminal.complete('ca', 2).insert).toBe('t ');
    expect(terminal.complete('cat mai', 7)).toEqual({ insert: 'n.py ', matches: [] });
  });
});
