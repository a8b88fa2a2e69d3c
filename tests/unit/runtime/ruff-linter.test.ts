import { beforeAll, describe, expect, it } from 'vitest';
import { initSync, PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-web';
import { makeRuffLinter, ruffSettings, toLintDiagnostics } from '../../../src/runtime/ruff-linter';
import type { PythonLinter } from '../../../src/runtime/lint-protocol';

/** Reads a file under Node without Node's types (the unit tsconfig is DOM-only). */
function readNodeFile(path: string): Uint8Array {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const fs = process?.getBuiltinModule?.('node:fs') as { readFileSync(p: string): Uint8Array };
  return fs.readFileSync(path);
}

let linter: PythonLinter;

beforeAll(() => {
  initSync({ module: readNodeFile('node_modules/@astral-sh/ruff-wasm-web/ruff_wasm_bg.wasm') });
  linter = makeRuffLinter(new Workspace(ruffSettings({}), PositionEncoding.Utf16));
});

describe('Ruff linter', () => {
  it('reports rule violations with 1-based UTF-16 positions and fixes', async () => {
    const diagnostics = await linter.lint('import os, sys\nx = "é🐍"; print(x)\n', 'main.py');
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.endLine, d.endColumn])).toEqual([
      ['E401', 1, 1, 1, 15],
      ['F401', 1, 8, 1, 10],
      ['F401', 1, 12, 1, 15],
      ['E702', 2, 10, 2, 11],
    ]);
    const unused = diagnostics.find((d) => d.code === 'F401')!;
    expect(unused.severity).toBe('warning');
    expect(unused.tags).toEqual(['unnecessary']);
    expect(unused.fix?.edits[0]).toEqual({
      line: 1,
      column: 1,
      endLine: 2,
      endColumn: 1,
      content: '',
    });
  });

  it('reports a syntax error as an error with its location', async () => {
    const [first] = await linter.lint('def f(:\n    pass\n', 'bad.py');
    expect(first).toMatchObject({ code: 'invalid-syntax', severity: 'error', line: 1, column: 7 });
  });

  it('formats, and refuses to format broken code with a clear error', async () => {
    expect(await linter.format('x  =  [1,2,\n3]\n')).toBe('x = [1, 2, 3]\n');
    await expect(linter.format('def f(:\n')).rejects.toMatchObject({ code: 'format-failed' });
  });

  it('honours the line length and rule selection', async () => {
    const strict = makeRuffLinter(
      new Workspace(ruffSettings({ lineLength: 20, select: ['E501'] }), PositionEncoding.Utf16),
    );
    const diagnostics = await strict.lint('x = "a very long line indeed"\nimport os\n', 'a.py');
    expect(diagnostics.map((d) => d.code)).toEqual(['E501']);
  });

  it('treats anything that is not a list as no diagnostics', () => {
    expect(toLintDiagnostics(undefined)).toEqual([]);
  });
});
