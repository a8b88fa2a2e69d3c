import type { FileToolContext } from '../files/file-tool-context';
import type { PythonToolRunner } from '../python/python-tool-runner';

/**
 * What bash uses: the workspace files with the file tools' rules (read tracker, unsaved
 * editors) and the Python runner for `python`/`python3` inside commands.
 */
export interface BashToolContext extends FileToolContext {
  python: PythonToolRunner;
  /** Milliseconds from a monotonic clock (the composition root's), for the duration. */
  now: () => number;
}
