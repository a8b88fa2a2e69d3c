import { errorResult } from '../files/file-tool-results';
import type { Tool } from '../tool';
import { formatStructure, parseStructureOutput } from './python-structure';
import { PYTHON_STRUCTURE_SCRIPT } from './python-structure-script';
import { pythonSource } from './python-source';
import type { PythonToolContext } from './python-tool-context';
import { excerpt, outputBudget } from './tool-output';

export type PythonStructureArgs = { path?: string; code?: string };

/** Time budget of the outline script; parsing even a large file takes well under this. */
const STRUCTURE_TIMEOUT_MS = 10_000;

/**
 * python_structure: the outline of a Python file from Python's own `ast` (the file is
 * parsed, never run): imports, classes and functions with signatures and line ranges.
 * Runs a fixed script through the Python runner with the source on stdin.
 */
export const pythonStructureTool: Tool<PythonStructureArgs, PythonToolContext> = {
  name: 'python_structure',
  description:
    "Outline a Python file without running it: its imports, classes and functions with signatures, decorators and line numbers (from Python's ast). Pass `path` of a workspace .py file, or `code`. Cheaper than reading a long file whole; read_file the lines you need next.",
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Workspace path of the .py file to outline.' },
      code: { type: 'string', description: 'Python source to outline instead of a file.' },
    },
    additionalProperties: false,
  },
  approval: 'read',
  needs: 'python',
  promptHint:
    'Use python_structure to see the classes and functions of a Python file with their line numbers.',
  async execute(args, context) {
    const found = await pythonSource(args, context);
    if (!found.ok) return found.result;
    const { path, text } = found.source;
    const run = await context.python.run(
      {
        code: PYTHON_STRUCTURE_SCRIPT,
        stdin: JSON.stringify({ source: text, path }),
        timeoutMs: STRUCTURE_TIMEOUT_MS,
      },
      { signal: context.signal },
    );
    const structure = run.status === 'ok' ? parseStructureOutput(run.stdout) : undefined;
    if (!structure) {
      const why = run.exception
        ? `${run.exception.type}: ${run.exception.message}`
        : (run.message ?? `the outline script ended with status ${run.status}`);
      return errorResult(
        `Could not outline ${path}: ${why}. Read the file with read_file instead.`,
      );
    }
    if (!structure.ok) {
      const { message, line, column } = structure.error;
      const where = line ? ` at line ${line}${column ? `, column ${column}` : ''}` : '';
      return errorResult(
        `${path} does not parse: ${message}${where}. Fix the syntax error first (lint_python shows it too).`,
      );
    }
    return {
      content: excerpt(formatStructure(path, structure), outputBudget(context)),
      details: { path, structure },
    };
  },
};
