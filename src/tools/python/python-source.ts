import { isBinary } from '../../workspace/file-content';
import { errorResult, failureResult, parsePath } from '../files/file-tool-results';
import type { ToolResult } from '../tool';
import type { PythonToolContext } from './python-tool-context';

/** Python source to inspect, and the name to report it under. */
export interface PythonSource {
  path: string;
  text: string;
}

/**
 * The source a read-only Python tool looks at: `code` as given (named `path`, or
 * `<code>`), or the saved text of the workspace file at `path`. Failures come back as the
 * result to give the model.
 */
export async function pythonSource(
  args: { code?: string; path?: string },
  context: PythonToolContext,
): Promise<{ ok: true; source: PythonSource } | { ok: false; result: ToolResult }> {
  if (args.code !== undefined) {
    return { ok: true, source: { path: args.path ?? '<code>', text: args.code } };
  }
  if (args.path === undefined) {
    return {
      ok: false,
      result: errorResult('Give `code`, or the `path` of a workspace .py file.'),
    };
  }
  const parsed = parsePath(args.path);
  if (!parsed.ok) return parsed;
  let file;
  try {
    file = await context.files.find(parsed.path);
  } catch (error) {
    return { ok: false, result: failureResult(error, parsed.path) };
  }
  if (!file) {
    return {
      ok: false,
      result: errorResult(`${parsed.path} does not exist. Check the name with list_files.`),
    };
  }
  if (file.kind !== 'file') {
    return { ok: false, result: errorResult(`${parsed.path} is a folder; give a .py file.`) };
  }
  if (isBinary(file.content)) {
    return {
      ok: false,
      result: errorResult(`${parsed.path} is a binary file, not Python source.`),
    };
  }
  return { ok: true, source: { path: parsed.path, text: file.content } };
}
