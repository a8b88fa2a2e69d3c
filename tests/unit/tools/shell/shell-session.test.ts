import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/base/clock';
import { MemoryPythonRuntime, type RunScript } from '../../../../src/runtime/memory-python-runtime';
import type { FileContent } from '../../../../src/store/records';
import { createMemoryFileToolContext } from '../../../../src/tools/files/memory-file-tool-context';
import type { PythonToolRunner } from '../../../../src/tools/python/python-tool-runner';
import { ShellSession, streamsLive } from '../../../../src/tools/shell/shell-session';
import {
  createWorkspaceShell,
  FORBIDDEN_SHELL_COMMANDS,
} from '../../../../src/tools/shell/workspace-shell';
import { waitUntil } from '../../support/wait-until';

/** A terminal's session over an in-memory workspace, with a scripted Python. */
async function setup(
  options: { files?: Record<string, FileContent>; script?: RunScript; unsaved?: string[] } = {},
) {
  const base = await createMemoryFileToolContext({ files: options.files ?? {} });
  const runtime = new MemoryPythonRuntime(options.script, new ManualClock(0));
  const python: PythonToolRunner = {
    run: (request, runOptions) => runtime.run(request, { ...runOptions, files: base.files }),
  };
  const shell = await createWorkspaceShell({
    files: {
      ...base.context,
      ...(options.unsaved ? { hasUnsavedEdits: (path) => options.unsaved!.includes(path) } : {}),
    },
    python,
    actor: 'person',
    timeoutMs: 60_000,
  });
  const session = new ShellSession(shell);
  const run = async (line: string, signal = new AbortController().signal) => {
    const shown: { stream: string; text: string }[] = [];
    const result = await session.run(line, {
      signal,
      output: (stream, text) => shown.push({ stream, text }),
    });
    const text = shown.map((part) => part.text).join('');
    return { ...result, shown, text };
  };
  return { ...base, shell, session, runtime, run };
}

describe('the terminal session', () => {
  it('keeps the folder and the variables from one command line to the next', async () => {
    const { run, session } = await setup({ files: { 'src/main.py': '' } });
    expect(session.displayCwd()).toBe('~');
    await run('cd src && export GREETING=hi');
    expect(session.cwd()).toBe('/workspace/src');
    expect(session.displayCwd()).toBe('~/src');
    expect((await run('pwd; echo $GREETING; ls')).text).toBe('/workspace/src\nhi\nmain.py\n');
    // A failed cd leaves the folder as it was.
    expect((await run('cd nowhere')).exitCode).toBe(1);
    expect(session.cwd()).toBe('/workspace/src');
    // `$?` is the last line's status, as in a shell.
    expect((await run('echo $?')).text).toBe('1\n');
    expect((await run('echo $?')).text).toBe('0\n');
  });

  it('keeps /tmp for the life of the session', async () => {
    const { run, files } = await setup();
    await run('echo scratch > /tmp/note');
    expect((await run('cat /tmp/note')).text).toBe('scratch\n');
    expect(await files.list()).toEqual([]);
  });

  it('writes files into the workspace and reports them', async () => {
    const { run, files } = await setup();
    const result = await run('echo hi > a.txt');
    expect(result.changedFiles).toEqual(['a.txt']);
    expect((await files.read('a.txt')).content).toBe('hi\n');
  });

  it("overwrites a file the person has not cat'ed: they typed the command", async () => {
    const { run, files } = await setup({ files: { 'notes.txt': 'old\n' } });
    expect((await run('echo new > notes.txt')).exitCode).toBe(0);
    expect((await files.read('notes.txt')).content).toBe('new\n');
  });

  it('never writes over unsaved text in an editor, and says what to do', async () => {
    const { run, files } = await setup({
      files: { 'notes.txt': 'old\n' },
      unsaved: ['notes.txt'],
    });
    const result = await run('echo new > notes.txt');
    expect(result.exitCode).not.toBe(0);
    expect(result.text).toContain('notes.txt has unsaved changes in the editor; save or discard');
    expect((await files.read('notes.txt')).content).toBe('old\n');
  });

  it('sees files changed between commands (the editor, another tab)', async () => {
    const { run, files } = await setup({ files: { 'a.txt': 'one\n' } });
    expect((await run('cat a.txt')).text).toBe('one\n');
    const current = await files.read('a.txt');
    await files.write('a.txt', 'two\n', { expectVersion: current.version });
    await files.write('b.txt', 'new\n', { expectVersion: 'absent' });
    expect((await run('cat a.txt; ls')).text).toBe('two\na.txt\nb.txt\n');
    expect((await run('echo three > a.txt')).exitCode).toBe(0);
  });

  it('runs python through the runner and shows its output once, as it comes', async () => {
    const { run, runtime } = await setup({
      files: { 'loop.py': 'print(1)' },
      script: () => ({
        output: [
          { stream: 'stdout', text: '1\n' },
          { stream: 'stdout', text: '2\n' },
        ],
      }),
    });
    const result = await run('python loop.py');
    expect(runtime.requests[0]).toMatchObject({ path: 'loop.py' });
    expect(result.shown).toEqual([
      { stream: 'stdout', text: '1\n' },
      { stream: 'stdout', text: '2\n' },
    ]);
    // The runtime's own time limit applies (Settings → Python), not a shell one.
    expect(runtime.requests[0]!.timeoutMs).toBeUndefined();
  });

  it('shows what a pipe made of Python output, not the raw stream', async () => {
    const { run } = await setup({
      script: () => ({ output: [{ stream: 'stdout', text: 'abc\n' }] }),
    });
    const result = await run('python -c "x" | tr a-z A-Z');
    expect(result.shown).toEqual([{ stream: 'stdout', text: 'ABC\n' }]);
  });

  it('Ctrl+C stops a running python, through to the runtime', async () => {
    const { run, runtime } = await setup({
      script: () => ({ output: [{ stream: 'stdout', text: 'tick\n' }], hang: true }),
    });
    const controller = new AbortController();
    const running = run('python -c "while True: print(1)"; echo after', controller.signal);
    await waitUntil(() => expect(runtime.requests).toHaveLength(1));
    controller.abort();
    const result = await running;
    expect(result.stopped).toBe(true);
    expect(result.exitCode).not.toBe(0);
    expect(result.text).not.toContain('after');
    expect(runtime.status().phase).not.toBe('running');
  });

  it('decides when Python output can stream to the screen', () => {
    expect(streamsLive('python loop.py')).toBe(true);
    expect(streamsLive('  python3 -u loop.py arg < in.txt')).toBe(true);
    // Both streams into one: the streamed pieces would not be what it prints.
    expect(streamsLive('python loop.py 2>&1')).toBe(false);
    expect(streamsLive('pip install numpy')).toBe(true);
    expect(streamsLive('python loop.py | head')).toBe(false);
    expect(streamsLive('python loop.py > out.txt')).toBe(false);
    expect(streamsLive('echo a; python loop.py')).toBe(false);
    expect(streamsLive('pythonista')).toBe(false);
  });
});

// Invariant 16: code Cove runs cannot reach keys, storage or other hosts. The terminal's
// shell and the agent's come from createWorkspaceShell, so this holds for both.
describe('the shell is hardened', () => {
  it('has no network commands and no command that evaluates JavaScript', async () => {
    const { run, shell } = await setup();
    for (const name of FORBIDDEN_SHELL_COMMANDS) {
      expect(shell.commands).not.toContain(name);
      const result = await run(`${name} --help`);
      expect(result.exitCode).toBe(127);
      expect(result.text).toContain(`${name}: command not found`);
    }
    expect(FORBIDDEN_SHELL_COMMANDS).toEqual(
      expect.arrayContaining(['curl', 'wget', 'js-exec', 'node']),
    );
  });

  it("registers none of just-bash's network commands, whatever this version names", async () => {
    // The tests load just-bash's browser build, as the page does; it names its network
    // commands (its JavaScript ones, js-exec and node, are Node-only and listed above).
    const { getNetworkCommandNames } = await import('just-bash');
    const { shell, run } = await setup();
    expect(getNetworkCommandNames().length).toBeGreaterThan(0);
    for (const name of getNetworkCommandNames()) {
      expect(FORBIDDEN_SHELL_COMMANDS).toContain(name);
      expect(shell.commands).not.toContain(name);
      expect((await run(`${name} x`)).exitCode).toBe(127);
    }
  });

  it('lists python and pip among its commands, run by Cove', async () => {
    const { shell } = await setup();
    expect(shell.commands).toEqual(expect.arrayContaining(['python', 'python3', 'pip', 'ls']));
  });
});
