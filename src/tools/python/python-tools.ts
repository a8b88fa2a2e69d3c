import type { Tool } from '../tool';
import { lintPythonTool } from './lint-python-tool';
import { pythonStructureTool } from './python-structure-tool';
import type { PythonToolContext } from './python-tool-context';
import { runPythonTool } from './run-python-tool';

/** A Python tool whose arguments the loop has validated against its schema. */
export type PythonTool = Tool<Record<string, unknown>, PythonToolContext>;

/**
 * The Python tools, read-only ones first: lint_python, python_structure, run_python.
 * A new array each call, so a caller may filter it.
 */
export function pythonTools(): PythonTool[] {
  return [lintPythonTool, pythonStructureTool, runPythonTool] as PythonTool[];
}
