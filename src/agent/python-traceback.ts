/**
 * Reads Python tracebacks found in a chat message (the "Debug with AI" message, or one the
 * person pasted), so the chat can send the function where the error is rather than a
 * function the traceback merely mentions on the way down.
 */

/** One `File "…", line N, in name` line of a traceback. */
export interface TracebackLocation {
  /** The path as Python printed it. */
  file: string;
  /** 1-based line number. */
  line: number;
  /** The function (`<module>` at top level). */
  name: string;
}

/** Where Cove's Python runtime mounts the workspace (src/runtime/python-runner.py). */
export const RUNTIME_WORKSPACE_ROOT = '/workspace';

const FRAME_LINE = /^\s*File "([^"\n]+)", line (\d+), in ([^\s]+)\s*$/gm;

/** Every frame line of every traceback in `text`, in the order printed (outermost first). */
export function tracebackLocations(text: string): TracebackLocation[] {
  return [...text.matchAll(FRAME_LINE)].map((match) => ({
    file: match[1]!,
    line: Number(match[2]),
    name: match[3]!,
  }));
}

/**
 * The path of a traceback file relative to the workspace, or undefined when it is not a
 * workspace file: `/workspace/pkg/a.py` → `pkg/a.py`; a relative `a.py` stays; other
 * absolute paths (the standard library, site-packages) and pseudo-files (`<string>`,
 * `<frozen …>`) are outside.
 */
export function workspaceRelative(
  file: string,
  root: string = RUNTIME_WORKSPACE_ROOT,
): string | undefined {
  if (file.startsWith(`${root}/`)) return file.slice(root.length + 1) || undefined;
  if (file.startsWith('/') || file.startsWith('<') || /^[A-Za-z]:[\\/]/.test(file)) {
    return undefined;
  }
  if (file.split('/').some((segment) => segment === '..' || segment === '')) return undefined;
  return file;
}

/**
 * The innermost frame of the last traceback in `text` that lies in a workspace file: where
 * the person's own code failed (frames below it are library code it called). Its `file` is
 * workspace-relative. Undefined when no frame is in the workspace.
 */
export function innermostWorkspaceFrame(
  text: string,
  root: string = RUNTIME_WORKSPACE_ROOT,
): TracebackLocation | undefined {
  const locations = tracebackLocations(text);
  for (let i = locations.length - 1; i >= 0; i--) {
    const location = locations[i]!;
    const file = workspaceRelative(location.file, root);
    if (file) return { ...location, file };
  }
  return undefined;
}
