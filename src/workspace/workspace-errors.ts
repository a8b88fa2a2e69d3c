import { CoveError, type ErrorParams } from '../base/errors';
import type { StoreErrorCode } from '../store/store-errors';

/**
 * The codes of the errors workspace operations throw (src/workspace), the store's included
 * since they pass through. Callers (the file tools, bash, the editor) test them with
 * {@link isWorkspaceError}, typed by this union, so a renamed code is a compile error.
 */
export const WORKSPACE_ERROR_CODES = [
  'bad-name',
  'bad-path',
  'is-folder',
  'not-a-folder',
  'move-into-itself',
  'too-large',
  /** A file action (create, move, import, export…) while no workspace is open. */
  'no-workspace',
  /** A checkpoint or rewind of another workspace than the open one. */
  'wrong-workspace',
  'zip-damaged',
  'zip-too-large',
  /** A zip import that stopped for another reason than its archive (its worker failed). */
  'zip-import-failed',
  /** A backup made by a newer version of Cove. */
  'backup-newer',
  /** A git action in a workspace that has no repository (no `.git`). */
  'git-no-repository',
  /** A commit without an author name and email (Settings → Git). */
  'git-no-author',
  /** A commit with nothing staged, without a message (`no-message`), or an amend before any commit (`no-commit`). */
  'git-nothing-to-commit',
  /** A branch name git refuses (`name`), or one taken (`variant: 'exists'`). */
  'git-branch',
  /** A branch that cannot go: the one checked out (`variant: 'current'`). */
  'git-branch-current',
  /** Switching branches would overwrite uncommitted changes (`paths`). */
  'git-local-changes',
  /** A clone URL that is not http(s) (`variant: 'protocol'`) or carries credentials. */
  'git-remote-url',
  /** A fetch, pull or push in a repository without `origin` (or on a detached HEAD). */
  'git-no-remote',
  /** The server wants a token (`variant: 'needed'`) or refused the one sent (`host`). */
  'git-auth',
  /** No response at all from `host`: no CORS, no proxy, offline (`variant`: proxy or direct). */
  'git-unreachable',
  /** The server has no repository at `url` (`variant: 'not-git'`: it is not a git server). */
  'git-remote-missing',
  /** A push refused because the remote `branch` has commits this one lacks. */
  'git-push-rejected',
  /** A merge's conflicted files (`paths`) are not resolved and staged yet. */
  'git-conflicts',
  /** Any other failure of isomorphic-git (`detail`: its words, `action`: what was tried). */
  'git-failed',
  /** Project search's regular expression does not compile (`reason`: the engine's words). */
  'search-pattern',
] as const;

/** One of {@link WORKSPACE_ERROR_CODES}, or a store error passing through. */
export type WorkspaceErrorCode = StoreErrorCode | (typeof WORKSPACE_ERROR_CODES)[number];

/**
 * A workspace error: its code and the parameters of its wording (the catalog words it, in
 * src/app/messages/workspace-messages.ts, and store-messages.ts for the store's codes).
 * `variant` names which of a code's sentences fits (`bad-path` of an absolute path, of "..",
 * …); the other params are what the sentence names (a path, a name, a limit, a size).
 */
export function workspaceError(
  code: WorkspaceErrorCode,
  params: ErrorParams = {},
  options?: { cause?: unknown },
): CoveError<WorkspaceErrorCode> {
  return new CoveError(code, params, options);
}

/** True when `error` is a workspace (or store) error with one of `codes`. */
export function isWorkspaceError<C extends WorkspaceErrorCode>(
  error: unknown,
  ...codes: C[]
): error is CoveError<C> {
  return error instanceof CoveError && (codes as string[]).includes(error.code);
}
