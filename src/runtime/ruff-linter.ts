import { runtimeError } from './runtime-errors';
import type {
  LintDiagnostic,
  LintFix,
  LintRange,
  LintSettings,
  PythonLinter,
} from './lint-protocol';

/** The part of Ruff's wasm `Workspace` this module uses. */
export interface RuffWorkspaceLike {
  check(contents: string): unknown;
  format(contents: string): string;
}

interface RuffLocation {
  row: number;
  column: number;
}

interface RuffDiagnostic {
  code: string | null;
  message: string;
  tags?: string[];
  start_location: RuffLocation;
  end_location: RuffLocation;
  fix: {
    message: string | null;
    edits: { content: string | null; location: RuffLocation; end_location: RuffLocation }[];
  } | null;
}

/**
 * The rules Ruff's command line checks by default. The wasm build's own defaults differ
 * (they include import sorting), so Cove names them to lint as `ruff check` does.
 */
export const DEFAULT_LINT_RULES = ['E4', 'E7', 'E9', 'F'];

/** Ruff's settings object for the given lint settings. */
export function ruffSettings(settings: LintSettings): Record<string, unknown> {
  return {
    'line-length': settings.lineLength ?? 88,
    lint: { select: settings.select?.length ? settings.select : DEFAULT_LINT_RULES },
  };
}

/**
 * Converts Ruff's diagnostics (created with PositionEncoding.Utf16, so columns are UTF-16
 * code units, 1-based, end exclusive) into Cove's shape, sorted by position.
 */
export function toLintDiagnostics(raw: unknown): LintDiagnostic[] {
  if (!Array.isArray(raw)) return [];
  return (raw as RuffDiagnostic[])
    .map((item) => {
      const diagnostic: LintDiagnostic = {
        ...range(item.start_location, item.end_location),
        code: item.code,
        message: item.message,
        severity: isSyntaxError(item.code) ? 'error' : 'warning',
        tags: (item.tags ?? []).filter(
          (tag): tag is 'unnecessary' | 'deprecated' =>
            tag === 'unnecessary' || tag === 'deprecated',
        ),
      };
      if (item.fix?.edits.length) diagnostic.fix = toFix(item.fix);
      return diagnostic;
    })
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

function isSyntaxError(code: string | null): boolean {
  return code === null || code === 'invalid-syntax' || /^E9\d\d$/.test(code);
}

function toFix(fix: NonNullable<RuffDiagnostic['fix']>): LintFix {
  return {
    message: fix.message,
    edits: fix.edits.map((edit) => ({
      ...range(edit.location, edit.end_location),
      content: edit.content ?? '',
    })),
  };
}

function range(start: RuffLocation, end: RuffLocation): LintRange {
  return { line: start.row, column: start.column, endLine: end.row, endColumn: end.column };
}

/**
 * A PythonLinter over a Ruff workspace in the same thread: what the lint worker runs, and
 * usable directly under Node (tests) where Ruff's wasm can be initialised synchronously.
 */
export function makeRuffLinter(workspace: RuffWorkspaceLike): PythonLinter {
  return {
    async lint(source) {
      return toLintDiagnostics(workspace.check(source));
    },
    async format(source) {
      try {
        return workspace.format(source);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw runtimeError('format-failed', { detail });
      }
    },
  };
}
