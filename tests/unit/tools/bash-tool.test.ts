import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { MemoryPythonRuntime, type RunScript } from '../../../src/runtime/memory-python-runtime';
import type { FileContent } from '../../../src/store/records';
import { createMemoryFileToolContext } from '../../../src/tools/files/memory-file-tool-context';
import { readFileTool } from '../../../src/tools/files/read-file-tool';
import type { PythonToolRunner } from '../../../src/tools/python/python-tool-runner';
import { bashTool } from '../../../src/tools/shell/bash-tool';
import type { BashToolContext } from '../../../src/tools/shell/bash-tool-context';
import { waitUntil } from '../support/wait-until';

async function setup(
  options: { files?: Record<string, FileContent>; script?: RunScript; unsaved?: string[] } = {},
) {
  const updates: { stream: string; text: string }[] = [];
  const base = await createMemoryFileToolContext({
    files: options.files ?? {},
    update: (update) => updates.push(update),
  });
  const runtime = new MemoryPythonRuntime(options.script, new ManualClock(0));
  const python: PythonToolRunner = {
    run: (request, runOptions) => runtime.run(request, { ...runOptions, files: base.files }),
  };
  let now = 0;
  const context: BashToolContext = {
    ...base.context,
    python,
    now: () => (now += 5),
    ...(options.unsaved ? { hasUnsavedEdits: (path) => options.unsaved!.includes(path) } : {}),
  };
  const run = (command: string) => bashTool.execute({ command }, context);
  const text = async (path: string) => (await base.files.read(path)).content;
  return { ...base, context, runtime, updates, run, text };
}

const FILES = {
  'notes.txt': 'apples\nbananas\ncherries\n',
  'src/main.py': 'print("hi")\n',
  'src/util.py': '# TODO: tidy\n',
};

describe('bash over the workspace', () => {
  it('lists, reads and searches workspace files', async () => {
    const { run } = await setup({ files: FILES });
    expect((await run('ls')).content).toContain('stdout:\nnotes.txt\nsrc\n');
    expect((await run('cat notes.txt')).content).toContain('apples\nbananas\ncherries\n');
    const grep = await run('grep -rn TODO src');
    expect(grep.content).toContain('src/util.py:1:# TODO: tidy');
    expect(grep.content).toMatch(/^Exit code 0 in /);
  });

  it('pipes one command into the next', async () => {
    const { run } = await setup({ files: FILES });
    const result = await run('cat notes.txt | grep an | tr a-z A-Z');
    expect(result.content).toContain('stdout:\nBANANAS\n');
    expect((await run('ls src | wc -l')).content).toContain('stdout:\n2\n');
  });

  it('writes a new file into the workspace and reports it as changed', async () => {
    const { run, text } = await setup({ files: FILES });
    const result = await run('mkdir -p out && echo "done" > out/log.txt');
    expect(result.isError).toBeUndefined();
    expect(result.changedFiles).toEqual(['out', 'out/log.txt']);
    expect(result.content).toContain('Files changed: out, out/log.txt');
    expect(await text('out/log.txt')).toBe('done\n');
  });

  it('reports which changed files a command removed: deleted, or moved away', async () => {
    const { run } = await setup({ files: FILES });
    const result = await run('mv notes.txt list.txt && rm src/util.py && echo x > new.txt');
    expect(result.changedFiles).toEqual(['list.txt', 'new.txt', 'notes.txt', 'src/util.py']);
    expect(result.deletedFiles).toEqual(['notes.txt', 'src/util.py']);
    expect((await run('echo y > other.txt')).deletedFiles).toBeUndefined();
  });

  it('does not overwrite a file the agent has not read, and says why', async () => {
    const { run, text } = await setup({ files: FILES });
    const result = await run('echo gone > notes.txt');
    expect(result.isError).toBe(true);
    expect(result.content).toContain('notes.txt exists and you have not read it');
    expect(await text('notes.txt')).toBe(FILES['notes.txt']);
  });

  it('overwrites a file read with read_file, or read earlier in the same command', async () => {
    const { run, text, context } = await setup({ files: FILES });
    await readFileTool.execute({ path: 'notes.txt' }, context);
    expect((await run('echo fresh > notes.txt')).isError).toBeUndefined();
    expect(await text('notes.txt')).toBe('fresh\n');
    // sed -i reads the file before writing it back.
    const sed = await run('sed -i "s/TODO/DONE/" src/util.py && cat src/util.py');
    expect(sed.content).toContain('# DONE: tidy');
    expect(await text('src/util.py')).toBe('# DONE: tidy\n');
  });

  it('refuses a file that changed since the agent read it', async () => {
    const { run, text, context, files } = await setup({ files: FILES });
    await readFileTool.execute({ path: 'notes.txt' }, context);
    const current = await files.read('notes.txt');
    await files.write('notes.txt', 'edited in the editor\n', { expectVersion: current.version });
    const result = await run('echo mine > notes.txt');
    expect(result.content).toContain('notes.txt changed since you read it');
    expect(await text('notes.txt')).toBe('edited in the editor\n');
  });

  it('never touches a file with unsaved text in an editor', async () => {
    const { run, text } = await setup({ files: FILES, unsaved: ['src/main.py'] });
    const result = await run('rm src/main.py');
    expect(result.isError).toBe(true);
    expect(result.content).toContain('src/main.py has unsaved changes in the editor');
    expect(await text('src/main.py')).toBe(FILES['src/main.py']);
  });

  it('applies the workspace path rules to names it writes', async () => {
    const { run, files } = await setup();
    const result = await run("echo x > ' lead.txt'");
    expect(result.isError).toBe(true);
    expect(result.content).toContain('starts or ends with a space');
    expect(await files.list()).toEqual([]);
  });

  it('keeps binary files as bytes and text as text', async () => {
    const { run, text } = await setup({ files: { 'img.bin': new Uint8Array([0, 200, 255]) } });
    const result = await run(
      'cp img.bin copy.bin && printf "a\\x00b" > nul.dat && echo "héllo ✓" > u.txt',
    );
    expect(result.changedFiles).toEqual(['copy.bin', 'nul.dat', 'u.txt']);
    expect(await text('copy.bin')).toEqual(new Uint8Array([0, 200, 255]));
    expect(await text('nul.dat')).toEqual(new Uint8Array([97, 0, 98]));
    expect(await text('u.txt')).toBe('héllo ✓\n');
  });

  it('appends to a file without having read it, since an append keeps what is there', async () => {
    const { run, text } = await setup({ files: FILES });
    expect((await run('echo dates >> notes.txt')).isError).toBeUndefined();
    expect(await text('notes.txt')).toBe(`${FILES['notes.txt']}dates\n`);
  });

  it('keeps /tmp as scratch space outside the workspace', async () => {
    const { run, files } = await setup({ files: FILES });
    const result = await run('sort -r notes.txt > /tmp/sorted && head -1 /tmp/sorted');
    expect(result.content).toContain('stdout:\ncherries\n');
    expect(result.changedFiles).toBeUndefined();
    expect((await files.list()).map((f) => f.path)).toEqual([
      'notes.txt',
      'src',
      'src/main.py',
      'src/util.py',
    ]);
  });

  it('stops a command over the execution limits with a clear message', async () => {
    const { run } = await setup();
    const result = await run('deeper() { deeper; }; deeper; echo never');
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/maximum recursion depth|maxCallDepth/i);
    expect(result.content).not.toContain('never');
  });

  // Invariant 16: code Cove runs cannot reach keys, storage or other hosts.
  it('has no network', async () => {
    const { run } = await setup();
    expect((await run('curl https://example.com')).content).toContain('curl: command not found');
  });

  it('times the command with the injected clock', async () => {
    const { run } = await setup();
    expect((await run('true')).details).toMatchObject({ exitCode: 0, duration: 5 });
  });
});

describe('python inside bash', () => {
  it('runs a workspace script through the Python runtime, streaming its output', async () => {
    const { run, runtime, updates } = await setup({
      files: FILES,
      script: (request) => ({
        output: [{ stream: 'stdout', text: `ran ${request.path} ${request.argv?.join(' ')}\n` }],
      }),
    });
    const result = await run('cd src && python3 main.py --fast | tr a-z A-Z');
    expect(result.content).toContain('stdout:\nRAN SRC/MAIN.PY --FAST\n');
    expect(runtime.requests[0]).toMatchObject({ path: 'src/main.py', argv: ['--fast'] });
    expect(updates).toEqual([{ stream: 'stdout', text: 'ran src/main.py --fast\n' }]);
  });

  it('takes code from -c and from stdin, and sees files the command wrote before it', async () => {
    const seen: (string | undefined)[] = [];
    const { run, runtime } = await setup({
      script: async (request) => {
        seen.push(request.code);
        return { output: [{ stream: 'stdout', text: 'ok\n' }] };
      },
    });
    await run(`echo 'data' > in.txt && python -c 'print(open("in.txt").read())'`);
    await run(`echo 'print(2)' | python`);
    expect(seen).toEqual(['print(open("in.txt").read())', 'print(2)\n']);
    expect(runtime.requests[0]!.timeoutMs).toBe(30_000);
  });

  it('says that bare python has no interactive prompt here, and runs nothing', async () => {
    const { run, runtime } = await setup({ script: () => ({}) });
    const result = await run('python');
    expect(result.content).toContain('there is no interactive prompt here');
    expect(result.details).toMatchObject({ exitCode: 2 });
    expect(runtime.requests).toEqual([]);
  });

  it("brings what Python wrote into the workspace and into the command's view", async () => {
    const { run, text } = await setup({ script: () => ({ write: { 'out.csv': 'a,b\n' } }) });
    const result = await run('python3 -c "write()" && cat out.csv');
    expect(result.content).toContain('stdout:\na,b\n');
    expect(result.changedFiles).toEqual(['out.csv']);
    expect(await text('out.csv')).toBe('a,b\n');
  });

  it("fails the command with Python's traceback when the code raises", async () => {
    const { run } = await setup({
      script: () => ({
        exception: {
          type: 'NameError',
          message: "name 'x' is not defined",
          traceback: `Traceback (most recent call last):\n  File "/workspace/a.py", line 1, in <module>\nNameError: name 'x' is not defined\n`,
          frames: [],
          phase: 'run',
        },
      }),
    });
    const result = await run('python a.py || echo failed');
    expect(result.content).toContain('File "a.py", line 1');
    expect(result.content).toContain('stdout:\nfailed\n');
  });

  it('Stop ends a Python run inside bash', async () => {
    const setupResult = await setup({ script: () => ({ hang: true }) });
    const running = setupResult.run('python3 -c "while True: pass"; echo after');
    await waitUntil(() => expect(setupResult.runtime.requests).toHaveLength(1));
    setupResult.abort();
    const result = await running;
    expect(result.content).toMatch(/^Stopped by the user/);
    expect(result.content).not.toContain('stdout:\nafter');
  });
});
