import { CoveError, describeError } from '../../base/errors';
import { isWorkspaceError } from '../../workspace/workspace-errors';
import type { FileRecord } from '../../store/records';
import { normalizePath } from '../../workspace/paths';
import type { ToolResult } from '../tool';
import type { FileToolContext } from './file-tool-context';

/**
 * Shared pieces of the file tools: turning the workspace layer's errors into results the
 * model can act on, and the read-before-write rule.
 */

/** The loop's default cap on a result's content (src/agent/tool-result-truncation.ts). */
const DEFAULT_RESULT_CAP = 10_000;
/** Room kept under the cap for a result's header and closing note. */
const NOTE_ROOM = 400;

/** Characters a tool's listing or text may take so its whole result stays under the cap. */
export function outputBudget(context: FileToolContext): number {
  return Math.max(1000, (context.resultCap ?? DEFAULT_RESULT_CAP) - NOTE_ROOM);
}

/** An error result with `text`. */
export function errorResult(text: string): ToolResult {
  return { content: text, isError: true };
}

/**
 * The result for a failure thrown below: a CoveError's message and hint (bad path, missing,
 * exists, too large, a version conflict said in the tool's words).
 * Aborts and programming errors are rethrown: the loop reports those.
 */
export function failureResult(error: unknown, path?: string): ToolResult {
  if (!(error instanceof CoveError)) throw error;
  if (isWorkspaceError(error, 'conflict') && path) return errorResult(changedSinceRead(path));
  return errorResult(describeError(error));
}

/**
 * As failureResult, for a write made against the version the agent read: the store's
 * `conflict` (another version), `missing` (deleted meanwhile) and `exists` (created
 * meanwhile) all mean the file changed since the agent looked.
 */
export function writeFailureResult(error: unknown, path: string): ToolResult {
  if (isWorkspaceError(error, 'conflict', 'missing', 'exists')) {
    return errorResult(changedSinceRead(path));
  }
  return failureResult(error, path);
}

/** "main.py changed since you read it; read it again." */
export function changedSinceRead(path: string): string {
  return `${path} changed since you read it (edited elsewhere: the editor, another tab or a Python run); nothing was written. Read it again, then make your change to its current content.`;
}

/** Normalizes a path from the model, or says what is wrong with it. */
export function parsePath(
  input: string,
): { ok: true; path: string } | { ok: false; result: ToolResult } {
  try {
    return { ok: true, path: normalizePath(input) };
  } catch (error) {
    return { ok: false, result: failureResult(error) };
  }
}

/**
 * The read-before-write rule for a file that exists: the agent must have read it, at its
 * current version. Returns the refusal, or undefined when the write may go ahead.
 */
export function checkFreshness(
  context: FileToolContext,
  existing: FileRecord,
): ToolResult | undefined {
  const seen = context.reads.versionOf(existing.path);
  if (seen === undefined) {
    return errorResult(
      `${existing.path} exists and you have not read it; nothing was written. Read it first with read_file, so that your change does not undo work you have not seen.`,
    );
  }
  if (seen !== existing.version) return errorResult(changedSinceRead(existing.path));
  return undefined;
}

/**
 * Refuses a change of `paths` while any of them has unsaved text in an editor, naming the
 * first; undefined when none has.
 */
export function checkUnsaved(
  context: FileToolContext,
  paths: readonly string[],
): ToolResult | undefined {
  const open = context.hasUnsavedEdits && paths.find((path) => context.hasUnsavedEdits!(path));
  if (!open) return undefined;
  return errorResult(
    `${open} has unsaved changes in the editor; nothing was written. Ask the user to save or discard them, then read the file again.`,
  );
}

/** The row written at `path` among a write's rows; records it as seen by the agent. */
export function recordWrite(context: FileToolContext, path: string, rows: FileRecord[]): void {
  const row = rows.find((written) => written.path === path);
  if (row) context.reads.record(path, row.version);
}

/** Lines of a text; a final line end does not start another line. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}
