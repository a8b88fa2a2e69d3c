import type { FileToolContext } from '../files/file-tool-context';
import type { PythonToolLinter } from './python-tool-linter';
import type { PythonToolRunner } from './python-tool-runner';

/**
 * What the Python tools use: the workspace files (to read a file to lint or outline; the
 * runner syncs files for runs itself), the Python runner and the linter.
 */
export interface PythonToolContext extends FileToolContext {
  python: PythonToolRunner;
  linter: PythonToolLinter;
}
