/** Where Cove's Python runtime mounts the workspace (src/runtime/python-runner.py). */
export const PYTHON_WORKSPACE_ROOT = '/workspace';

/**
 * A traceback with workspace files named by their workspace paths (`File "/workspace/a.py"`
 * → `File "a.py"`), the names the model uses with the file tools.
 */
export function workspaceTraceback(traceback: string): string {
  return traceback.replaceAll(`File "${PYTHON_WORKSPACE_ROOT}/`, 'File "');
}
