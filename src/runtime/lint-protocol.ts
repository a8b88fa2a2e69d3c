/**
 * Linting and formatting Python with Ruff, as the editor and the client see it. DOM-free:
 * shared by the lint worker (workers/lint.worker.ts) and its client.
 */

/** A position range: 1-based lines, 1-based columns in UTF-16 code units, end exclusive. */
export interface LintRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** One replacement of a fix. `content` '' deletes the range. */
export interface LintEdit extends LintRange {
  content: string;
}

/** A fix Ruff can apply (all edits together). */
export interface LintFix {
  message: string | null;
  edits: LintEdit[];
}

/** One finding. */
export interface LintDiagnostic extends LintRange {
  /** Rule code ("F401"), or "invalid-syntax" for a syntax error. */
  code: string | null;
  message: string;
  /** `error` for syntax errors (the code cannot run), `warning` for the rest. */
  severity: 'error' | 'warning';
  /** Editor hints: unused code can be faded, deprecated code struck through. */
  tags: ('unnecessary' | 'deprecated')[];
  fix?: LintFix;
}

/** What the linter checks. */
export interface LintSettings {
  /** Default 88 (Ruff's and Black's). */
  lineLength?: number;
  /** Rule selectors; default those of `ruff check` (E4, E7, E9, F). */
  select?: string[];
}

/**
 * A Python linter and formatter. `lint` never throws for bad source (a syntax error is a
 * diagnostic); `format` throws CoveError `format-failed` when the source does not parse.
 */
export interface PythonLinter {
  lint(source: string, path: string): Promise<LintDiagnostic[]>;
  format(source: string, path?: string): Promise<string>;
}

/**
 * The lint worker's Comlink API: a PythonLinter that can be reconfigured. Across the port,
 * `format` rejects with the CoveError's parts (CoveErrorParts in src/base/errors.ts), which
 * the client turns back into the CoveError.
 */
export interface LintWorkerApi extends PythonLinter {
  configure(settings: LintSettings): Promise<void>;
}

/** `type` of the message that hands the lint worker its Comlink port. */
export const LINT_CONNECT = 'cove-lint-connect';

/** The first message a lint worker receives. */
export interface LintConnectMessage {
  type: typeof LINT_CONNECT;
  rpc: MessagePort;
}
