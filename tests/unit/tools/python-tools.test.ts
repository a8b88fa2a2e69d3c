import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import type { PythonLinter } from '../../../src/runtime/lint-protocol';
import { MemoryPythonRuntime, type RunScript } from '../../../src/runtime/memory-python-runtime';
import type { FileContent } from '../../../src/store/records';
import { createMemoryFileToolContext } from '../../../src/tools/files/memory-file-tool-context';
import { lintPythonTool } from '../../../src/tools/python/lint-python-tool';
import { parseStructureOutput } from '../../../src/tools/python/python-structure';
import { STRUCTURE_MARKER } from '../../../src/tools/python/python-structure-script';
import { pythonStructureTool } from '../../../src/tools/python/python-structure-tool';
import type { PythonToolContext } from '../../../src/tools/python/python-tool-context';
import type {
  PythonToolDiagnostic,
  PythonToolLinter,
} from '../../../src/tools/python/python-tool-linter';
import type { PythonToolRunner } from '../../../src/tools/python/python-tool-runner';
import { runPythonTool } from '../../../src/tools/python/run-python-tool';
import { isReadOnly } from '../../../src/tools/tool';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A Python tool context over an in-memory workspace, with the real in-memory runtime wired
 * exactly as the app wires PythonRuntimeClient (which also checks the types fit).
 */
async function setup(
  options: {
    files?: Record<string, FileContent>;
    script?: RunScript;
    diagnostics?: PythonToolDiagnostic[];
    resultCap?: number;
  } = {},
) {
  const updates: { stream: string; text: string }[] = [];
  const base = await createMemoryFileToolContext({
    files: options.files ?? {},
    update: (update) => updates.push(update),
  });
  const clock = new ManualClock(0);
  const runtime = new MemoryPythonRuntime(options.script, clock);
  const python: PythonToolRunner = {
    run: (request, runOptions) => runtime.run(request, { ...runOptions, files: base.files }),
  };
  const linted: { source: string; path: string }[] = [];
  const context: PythonToolContext = {
    ...base.context,
    python,
    linter: {
      lint: async (source, path) => {
        linted.push({ source, path });
        return options.diagnostics ?? [];
      },
    },
    ...(options.resultCap ? { resultCap: options.resultCap } : {}),
  };
  return { ...base, context, runtime, clock, updates, linted };
}

describe('run_python', () => {
  it('runs code and reports output, status and duration, streaming output as it comes', async () => {
    const { context, updates, runtime } = await setup({
      script: () => ({
        output: [
          { stream: 'stdout', text: 'hello\n' },
          { stream: 'stderr', text: 'careful\n' },
        ],
        duration: 120,
      }),
    });
    const result = await runPythonTool.execute({ code: 'print("hello")' }, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain('Python: ok in 0.12 s');
    expect(result.content).toContain('stdout:\nhello\n');
    expect(result.content).toContain('stderr:\ncareful\n');
    expect(updates).toEqual([
      { stream: 'stdout', text: 'hello\n' },
      { stream: 'stderr', text: 'careful\n' },
    ]);
    expect(runtime.requests[0]).toEqual({ code: 'print("hello")', timeoutMs: 15_000 });
    expect(result.details).toMatchObject({ status: 'ok', duration: 120 });
  });

  it('runs a workspace file by path with the timeout the call asks for', async () => {
    const { context, runtime } = await setup({ files: { 'src/main.py': 'print(1)\n' } });
    await runPythonTool.execute({ path: './src/main.py', timeout_seconds: 60 }, context);
    expect(runtime.requests[0]).toEqual({ path: 'src/main.py', timeoutMs: 60_000 });
  });

  it('refuses a missing file, a bad path and a call with neither code nor path', async () => {
    const { context, runtime } = await setup();
    const missing = await runPythonTool.execute({ path: 'nope.py' }, context);
    expect(missing).toMatchObject({ isError: true });
    expect(missing.content).toContain('nope.py does not exist');
    const outside = await runPythonTool.execute({ path: '../x.py' }, context);
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain('outside the workspace');
    const empty = await runPythonTool.execute({}, context);
    expect(empty.isError).toBe(true);
    expect(runtime.requests).toHaveLength(0);
  });

  it('reports an exception with its traceback in workspace paths', async () => {
    const { context } = await setup({
      script: () => ({
        output: [{ stream: 'stdout', text: 'before\n' }],
        exception: {
          type: 'ZeroDivisionError',
          message: 'division by zero',
          traceback:
            'Traceback (most recent call last):\n  File "/workspace/src/calc.py", line 3, in <module>\n    print(1 / 0)\nZeroDivisionError: division by zero\n',
          frames: [],
          phase: 'run',
        },
      }),
    });
    const result = await runPythonTool.execute(
      { path: 'src/calc.py', code: 'print(1/0)' },
      context,
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Python: error in');
    expect(result.content).toContain('(ZeroDivisionError: division by zero)');
    expect(result.content).toContain('File "src/calc.py", line 3, in <module>');
    expect(result.content).not.toContain('/workspace/');
    expect(result.details).toMatchObject({ status: 'error' });
  });

  it('reports a timeout and says how to get more time', async () => {
    const { context, clock } = await setup({ script: () => ({ hang: true }) });
    const running = runPythonTool.execute(
      { code: 'while True: pass', timeout_seconds: 2 },
      context,
    );
    await clock.advance(2000);
    const result = await running;
    expect(result.isError).toBe(true);
    expect(result.content).toContain('Python: timeout');
    expect(result.content).toContain('time limit of 2.0 s');
    expect(result.content).toContain('timeout_seconds');
  });

  it('Stop kills the run and reports it as stopped', async () => {
    const setupResult = await setup({
      script: () => ({ output: [{ stream: 'stdout', text: 'partial\n' }], hang: true }),
    });
    const running = runPythonTool.execute({ code: 'loop()' }, setupResult.context);
    await setupResult.clock.advance(0);
    setupResult.abort();
    const result = await running;
    expect(result.content).toContain('Python: stopped');
    expect(result.content).toContain('partial');
    expect(result.details).toMatchObject({ status: 'stopped' });
  });

  it('lists the files the run wrote, which are in the workspace afterwards', async () => {
    const { context, files } = await setup({
      script: () => ({ write: { 'out/result.csv': 'a,b\n1,2\n' } }),
    });
    const result = await runPythonTool.execute({ code: 'write()' }, context);
    expect(result.changedFiles).toEqual(['out', 'out/result.csv']);
    expect(result.content).toContain('Files written: out, out/result.csv');
    expect((await files.read('out/result.csv')).content).toBe('a,b\n1,2\n');
  });

  it('says which files the run deleted, beside those it wrote', async () => {
    const { context, files } = await setup({
      script: () => ({ write: { 'out.txt': 'x\n' }, delete: ['main.py'] }),
    });
    await files.write('main.py', 'print(1)\n');
    const result = await runPythonTool.execute({ code: 'tidy()' }, context);
    expect(result.changedFiles).toEqual(['main.py', 'out.txt']);
    expect(result.deletedFiles).toEqual(['main.py']);
  });

  it('returns figures as PNG images', async () => {
    const { context } = await setup({
      script: () => ({ figures: [{ mimeType: 'image/png', bytes: PNG }] }),
    });
    const result = await runPythonTool.execute({ code: 'plt.show()' }, context);
    expect(result.images).toEqual([
      { url: 'data:image/png;base64,iVBORw0KGgo=', alt: 'Figure 1 of 1 from the run' },
    ]);
    expect(result.content).toContain('Figures: 1');
  });

  it('keeps long output under the result cap, with its start and its end', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const { context } = await setup({
      script: () => ({ output: [{ stream: 'stdout', text: lines }] }),
      resultCap: 4000,
    });
    const result = await runPythonTool.execute({ code: 'spam()' }, context);
    expect(result.content.length).toBeLessThanOrEqual(4000);
    expect(result.content).toContain('line 0\n');
    expect(result.content).toContain('line 4999\n');
    expect(result.content).toMatch(/characters left out/);
  });

  it('offers a preview naming the code and its limit', async () => {
    const { context } = await setup();
    expect(await runPythonTool.preview!({ path: 'a.py', timeout_seconds: 30 }, context)).toEqual({
      summary: 'Run Python a.py (limit 30 s)',
    });
  });
});

describe('lint_python', () => {
  it("takes the app's Ruff linter as it is", () => {
    // A compile-time check: LintClient (a PythonLinter) is what the app passes.
    const wire = (linter: PythonLinter): PythonToolLinter => linter;
    expect(wire).toBeTypeOf('function');
  });

  const unused: PythonToolDiagnostic = {
    line: 1,
    column: 8,
    endLine: 1,
    endColumn: 10,
    code: 'F401',
    message: '`os` imported but unused',
    severity: 'warning',
    fix: { message: 'Remove unused import: `os`' },
  };
  const syntax: PythonToolDiagnostic = {
    line: 3,
    column: 7,
    endLine: 3,
    endColumn: 8,
    code: 'invalid-syntax',
    message: 'Expected an expression',
    severity: 'error',
  };

  it("lints a workspace file's saved text, one line per finding in order", async () => {
    const { context, linted } = await setup({
      files: { 'app.py': 'import os\n\nx = (\n' },
      diagnostics: [syntax, unused],
    });
    const result = await lintPythonTool.execute({ path: 'app.py' }, context);
    expect(linted).toEqual([{ source: 'import os\n\nx = (\n', path: 'app.py' }]);
    expect(result.content).toBe(
      [
        'app.py: 2 problems (1 syntax error: the code cannot run).',
        'app.py:1:8: F401 `os` imported but unused (fixable)',
        'app.py:3:7: invalid-syntax Expected an expression',
      ].join('\n'),
    );
  });

  it('lints code given inline and says when there is nothing to fix', async () => {
    const { context } = await setup();
    const result = await lintPythonTool.execute({ code: 'print(1)\n' }, context);
    expect(result).toMatchObject({ content: '<code>: no problems found.' });
  });

  it('refuses a missing file and a binary one', async () => {
    const { context } = await setup({ files: { 'img.png': PNG } });
    expect((await lintPythonTool.execute({ path: 'x.py' }, context)).content).toContain(
      'x.py does not exist',
    );
    expect((await lintPythonTool.execute({ path: 'img.png' }, context)).content).toContain(
      'binary',
    );
  });
});

/** What PYTHON_STRUCTURE_SCRIPT printed under CPython 3.11 for SAMPLE (recorded). */
const SAMPLE = [
  '"""Module doc."""',
  'import os',
  'from pathlib import Path as P, PurePath',
  '',
  '@dataclass(frozen=True)',
  'class Point(Base, metaclass=Meta):',
  '    """A point."""',
  '    x: int = 0',
  '',
  '    def dist(self, other: "Point", *, scale: float = 1.0) -> float:',
  '        import math',
  '        return math.hypot(self.x - other.x, 0)',
  '',
  '    class Inner:',
  '        pass',
  '',
  'async def fetch(url, *args, timeout=10, **kw):',
  '    return None',
  '',
].join('\n');
const SAMPLE_OUTPUT = `${STRUCTURE_MARKER}{"ok": true, "imports": [{"line": 2, "text": "import os"}, {"line": 3, "text": "from pathlib import Path as P, PurePath"}, {"line": 11, "text": "import math"}], "items": [{"kind": "class", "name": "Point", "signature": "class Point(Base, metaclass=Meta)", "line": 6, "endLine": 15, "decorators": ["@dataclass(frozen=True)"], "doc": "A point.", "children": [{"kind": "function", "name": "dist", "signature": "def dist(self, other: 'Point', *, scale: float=1.0) -> float", "line": 10, "endLine": 12, "decorators": [], "doc": null, "children": []}, {"kind": "class", "name": "Inner", "signature": "class Inner", "line": 14, "endLine": 15, "decorators": [], "doc": null, "children": []}]}, {"kind": "function", "name": "fetch", "signature": "async def fetch(url, *args, timeout=10, **kw)", "line": 17, "endLine": 18, "decorators": [], "doc": null, "children": []}]}\n`;

describe('python_structure', () => {
  it('outlines a file: imports, classes with methods, functions, with lines and signatures', async () => {
    const { context, runtime } = await setup({
      files: { 'geo.py': SAMPLE },
      script: () => ({ output: [{ stream: 'stdout', text: SAMPLE_OUTPUT }] }),
    });
    const result = await pythonStructureTool.execute({ path: 'geo.py' }, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      [
        'geo.py',
        'Imports:',
        '  2: import os',
        '  3: from pathlib import Path as P, PurePath',
        '  11: import math',
        'Classes and functions:',
        '  @dataclass(frozen=True)',
        '  6-15: class Point(Base, metaclass=Meta)  # A point.',
        "    10-12: def dist(self, other: 'Point', *, scale: float=1.0) -> float",
        '    14-15: class Inner',
        '  17-18: async def fetch(url, *args, timeout=10, **kw)',
      ].join('\n'),
    );
    // The file is parsed by the script from stdin, not run.
    const request = runtime.requests[0]!;
    expect(request.path).toBeUndefined();
    expect(JSON.parse(request.stdin!)).toEqual({ source: SAMPLE, path: 'geo.py' });
  });

  it('reports a syntax error with its position', async () => {
    const { context } = await setup({
      script: () => ({
        output: [
          {
            stream: 'stdout',
            text: `${STRUCTURE_MARKER}{"ok": false, "error": {"message": "invalid syntax", "line": 1, "column": 7}}\n`,
          },
        ],
      }),
    });
    const result = await pythonStructureTool.execute({ code: 'def f(:\n' }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      '<code> does not parse: invalid syntax at line 1, column 7. Fix the syntax error first (lint_python shows it too).',
    );
  });

  it('says so when the outline script does not finish', async () => {
    const { context } = await setup({
      script: () => ({ status: 'crashed', message: 'out of memory' }),
    });
    const result = await pythonStructureTool.execute({ code: 'x = 1' }, context);
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toContain('Could not outline <code>: out of memory');
  });

  it('finds the JSON after the last marker and rejects garbage', () => {
    expect(parseStructureOutput(`noise\n${SAMPLE_OUTPUT}`)).toMatchObject({ ok: true });
    expect(parseStructureOutput('no marker')).toBeUndefined();
    expect(parseStructureOutput(`${STRUCTURE_MARKER}{"truncated": `)).toBeUndefined();
  });
});

describe('the Python tools', () => {
  it('need the Python runtime, with the approval each needs', () => {
    const tools = [lintPythonTool, pythonStructureTool, runPythonTool];
    expect(tools.map((tool) => [tool.name, tool.approval, isReadOnly(tool), tool.needs])).toEqual([
      ['lint_python', 'read', true, 'python'],
      ['python_structure', 'read', true, 'python'],
      ['run_python', 'code', false, 'python'],
    ]);
  });
});
