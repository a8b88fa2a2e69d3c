import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/base/clock';
import { MemoryPythonRuntime, type RunScript } from '../../../../src/runtime/memory-python-runtime';
import { createMemoryFileToolContext } from '../../../../src/tools/files/memory-file-tool-context';
import {
  parsePipArgs,
  PIP_TIMEOUT_MS,
  pipInstallCode,
  requirementsOf,
} from '../../../../src/tools/shell/pip-install';
import { ShellSession } from '../../../../src/tools/shell/shell-session';
import { createWorkspaceShell } from '../../../../src/tools/shell/workspace-shell';

describe('pip arguments', () => {
  it('reads package names without versions, extras or ignored flags', () => {
    expect(parsePipArgs(['install', '-U', 'numpy>=2', 'Pillow[extra]', '--quiet'])).toEqual({
      install: ['numpy', 'Pillow'],
      requirementFiles: [],
    });
    expect(parsePipArgs(['install', '-r', 'requirements.txt'])).toEqual({
      install: [],
      requirementFiles: ['requirements.txt'],
    });
  });

  it('refuses what it cannot do, saying so', () => {
    expect(parsePipArgs(['uninstall', 'x'])).toMatchObject({ exitCode: 1 });
    expect(parsePipArgs(['install'])).toMatchObject({ exitCode: 1 });
    expect(parsePipArgs(['install', '--index-url', 'https://evil.example'])).toMatchObject({
      exitCode: 2,
    });
    expect(parsePipArgs([])).toMatchObject({ exitCode: 1 });
  });

  it('reads a requirements file', () => {
    expect(requirementsOf('# tools\nnumpy==2.0\n\n-e .\nrequests ; python_version>"3"\n')).toEqual([
      'numpy',
      'requests',
    ]);
  });

  it('installs through Pyodide by the lock file, never from another host', () => {
    const code = pipInstallCode(['numpy', 'numpy', 'scikit-learn']);
    expect(code).toContain('_wanted = ["numpy","scikit-learn"]');
    expect(code).toContain('pyodide_js.loadPackage(');
    expect(code).toContain('pyodide_js.lockfile.packages');
    expect(code).not.toMatch(/micropip|https?:/);
  });
});

describe('pip in the shell', () => {
  async function setup(script: RunScript) {
    const base = await createMemoryFileToolContext({
      files: { 'requirements.txt': 'pandas\nnumpy>=2\n' },
    });
    const runtime = new MemoryPythonRuntime(script, new ManualClock(0));
    const shell = await createWorkspaceShell({
      files: base.context,
      python: {
        run: (request, options) => runtime.run(request, { ...options, files: base.files }),
      },
      actor: 'person',
      timeoutMs: 60_000,
    });
    const session = new ShellSession(shell);
    const run = async (line: string) => {
      const shown: string[] = [];
      const result = await session.run(line, {
        signal: new AbortController().signal,
        output: (_stream, text) => shown.push(text),
      });
      return { ...result, shown };
    };
    return { runtime, run };
  }

  it('maps pip install and python -m pip install to a Python run, its output streamed', async () => {
    const { runtime, run } = await setup(() => ({
      output: [
        { stream: 'stdout', text: 'Loading numpy\n' },
        { stream: 'stdout', text: 'Successfully installed numpy\n' },
      ],
    }));
    const result = await run('pip install numpy');
    expect(result.exitCode).toBe(0);
    expect(result.shown).toEqual(['Loading numpy\n', 'Successfully installed numpy\n']);
    expect(runtime.requests[0]!.code).toBe(pipInstallCode(['numpy']));
    expect(runtime.requests[0]!.timeoutMs).toBe(PIP_TIMEOUT_MS);
    await run('python -m pip install -r requirements.txt');
    expect(runtime.requests[1]!.code).toBe(pipInstallCode(['pandas', 'numpy']));
  });

  it('fails like pip when a package is missing from the index', async () => {
    const { run } = await setup(() => ({
      output: [{ stream: 'stderr', text: 'ERROR: No matching distribution found for nope\n' }],
      status: 'error',
      exitCode: 1,
    }));
    const result = await run('pip3 install nope');
    expect(result.exitCode).toBe(1);
    expect(result.shown.join('')).toContain('No matching distribution found for nope');
  });

  it('answers a subcommand it does not have without running Python', async () => {
    const { runtime, run } = await setup(() => ({}));
    const result = await run('pip freeze');
    expect(result.exitCode).toBe(1);
    expect(result.shown.join('')).toContain('pip freeze is not supported here');
    expect(runtime.requests).toHaveLength(0);
  });
});
