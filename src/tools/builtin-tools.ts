import type { FileToolContext } from './files/file-tool-context';
import { workspaceFileTools } from './files/workspace-file-tools';
import type { PythonToolContext } from './python/python-tool-context';
import { pythonTools } from './python/python-tools';
import type { BashToolContext } from './shell/bash-tool-context';
import { bashTool } from './shell/bash-tool';
import type { Tool } from './tool';
import type { TodoToolContext } from './todo/todo-write-tool';
import { todoWriteTool } from './todo/todo-write-tool';
import type { WebToolContext } from './web/web-tool-context';
import { webTools } from './web/web-tools';

/** The context every built-in tool can run in: each family's capabilities together. */
export type BuiltinToolContext = FileToolContext &
  PythonToolContext &
  BashToolContext &
  WebToolContext &
  TodoToolContext;

/** A built-in tool whose arguments the loop has validated against its schema. */
export type BuiltinTool = Tool<Record<string, unknown>, BuiltinToolContext>;

/** Which families to include; all by default. Files and todo_write are always in. */
export interface BuiltinToolOptions {
  /** run_python, lint_python, python_structure. */
  python?: boolean;
  /** bash. */
  shell?: boolean;
  /** fetch_url. */
  web?: boolean;
}

/**
 * The built-in agent tools in the order offered to the model: workspace files (read-only
 * first), todo_write, Python, bash, fetch_url. A new array each call. The app builds one
 * BuiltinToolContext per run (or per call) and may leave out a family it cannot serve.
 */
export function builtinTools(options: BuiltinToolOptions = {}): BuiltinTool[] {
  const tools: BuiltinTool[] = [...workspaceFileTools(), todoWriteTool as BuiltinTool];
  if (options.python !== false) tools.push(...pythonTools());
  if (options.shell !== false) tools.push(bashTool as BuiltinTool);
  if (options.web !== false) tools.push(...webTools());
  return tools;
}
