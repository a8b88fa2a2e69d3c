/**
 * How lint_python checks code: the subset of PythonLinter (src/runtime/lint-protocol.ts)
 * it uses, restated because the tools layer sits below the runtime. The app passes its
 * LintClient (Ruff in a worker) as is.
 */

/** One Ruff finding: 1-based lines and columns, end exclusive. */
export interface PythonToolDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Rule code ("F401"), or "invalid-syntax". */
  code: string | null;
  message: string;
  severity: 'error' | 'warning';
  /** Present when Ruff can fix it. */
  fix?: { message: string | null };
}

/** Lints Python source; never rejects for bad source (a syntax error is a diagnostic). */
export interface PythonToolLinter {
  lint(source: string, path: string): Promise<PythonToolDiagnostic[]>;
}
