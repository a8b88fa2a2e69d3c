/**
 * What the terminal loads at its first use, as one chunk: the shell over the workspace
 * (just-bash itself stays a chunk of its own, loaded when the first shell is built), the
 * session that keeps its folder and variables, and Tab completion.
 */
export { createWorkspaceShell } from './workspace-shell';
export { ShellSession } from './shell-session';
export { completeWord } from './shell-completion';
