import { findClosestPassage, type ClosestPassage } from './closest-passage';
import { lineLocator } from '../base/line-locator';

/**
 * Search-and-replace edits of a text file, as the agent's edit_file makes them: each
 * `oldText` must occur exactly once in the file as it was before any of the edits, edits
 * may not overlap, and either all apply or none does. A pure kernel: it returns the new
 * text or the reason, and the caller writes.
 */

/** Replace the one occurrence of `oldText` by `newText`. */
export interface TextEdit {
  oldText: string;
  newText: string;
}

/** Why a set of edits was refused. `edit` and `other` are 0-based indexes into the edits. */
export type TextEditFailure =
  | { kind: 'empty'; edit: number }
  | { kind: 'not-found'; edit: number; closest?: ClosestPassage }
  | { kind: 'ambiguous'; edit: number; count: number; lines: number[] }
  | { kind: 'overlap'; edit: number; other: number; line: number }
  | { kind: 'no-change' };

export type TextEditResult =
  | {
      ok: true;
      text: string;
      /** 1-based first line of each edit in the original text, in the order given. */
      lines: number[];
    }
  | { ok: false; failure: TextEditFailure };

/** Occurrence lines listed at most in a "found N times" message. */
const MAX_LINES_LISTED = 10;
/** Occurrences counted at most (a one-character old text can occur millions of times). */
const MAX_COUNT = 1000;

/**
 * Applies `edits` to `text`, all or nothing. A file with Windows line ends only ("\r\n")
 * is matched with "\n" line ends, so edits written with "\n" apply, and its line ends are
 * kept; any other file is matched exactly as it is.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): TextEditResult {
  const crlf = text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
  const toLf = (value: string) => (crlf ? value.replace(/\r\n/g, '\n') : value);
  const source = toLf(text);
  const normalized = edits.map((edit) => ({
    oldText: toLf(edit.oldText),
    newText: toLf(edit.newText),
  }));
  const lineAt = lineLocator(source);

  const spans: { edit: number; start: number; end: number }[] = [];
  for (const [index, edit] of normalized.entries()) {
    if (edit.oldText === '') return { ok: false, failure: { kind: 'empty', edit: index } };
    const positions = occurrences(source, edit.oldText);
    if (positions.length === 0) {
      return {
        ok: false,
        failure: {
          kind: 'not-found',
          edit: index,
          closest: findClosestPassage(source, edit.oldText),
        },
      };
    }
    if (positions.length > 1) {
      const lines = [...new Set(positions.map(lineAt))].slice(0, MAX_LINES_LISTED);
      return {
        ok: false,
        failure: { kind: 'ambiguous', edit: index, count: positions.length, lines },
      };
    }
    spans.push({ edit: index, start: positions[0]!, end: positions[0]! + edit.oldText.length });
  }

  const ordered = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const current = ordered[i]!;
    if (current.start < previous.end) {
      const [edit, other] = [previous.edit, current.edit].sort((a, b) => a - b) as [number, number];
      return {
        ok: false,
        failure: { kind: 'overlap', edit, other, line: lineAt(current.start) },
      };
    }
  }

  let result = '';
  let cursor = 0;
  for (const span of ordered) {
    result += source.slice(cursor, span.start) + normalized[span.edit]!.newText;
    cursor = span.end;
  }
  result += source.slice(cursor);
  if (result === source) return { ok: false, failure: { kind: 'no-change' } };
  return {
    ok: true,
    text: crlf ? result.replace(/\n/g, '\r\n') : result,
    lines: spans.map((span) => lineAt(span.start)),
  };
}

/**
 * What went wrong, for the model: which edit, what was found, and what to do. Always says
 * that nothing was applied. `path` names the file.
 */
export function describeEditFailure(failure: TextEditFailure, path: string): string {
  const nothing = 'No edit was applied.';
  const which = (edit: number) => `Edit ${edit + 1}`;
  switch (failure.kind) {
    case 'empty':
      return `${which(failure.edit)}: old_text is empty. ${nothing} Give the exact text to replace, or use write_file to write the whole file.`;
    case 'not-found': {
      const head = `${which(failure.edit)}: old_text was not found in ${path}. ${nothing}`;
      const closest = failure.closest;
      if (!closest) {
        return `${head} No similar passage is in the file; read it again to see its current content.`;
      }
      const where =
        closest.startLine === closest.endLine
          ? `line ${closest.startLine}`
          : `lines ${closest.startLine}–${closest.endLine}`;
      const note = closest.whitespaceOnly
        ? ' It differs from old_text only in whitespace or indentation.'
        : '';
      return `${head} The closest passage is ${where}:${note}\n\`\`\`\n${closest.text}\n\`\`\`\nCopy old_text exactly from the file, including indentation (read it again if unsure).`;
    }
    case 'ambiguous': {
      const count = failure.count >= MAX_COUNT ? `${MAX_COUNT} or more` : String(failure.count);
      const listed = failure.lines.join(', ');
      return `${which(failure.edit)}: old_text was found ${count} times in ${path} (at line${failure.lines.length > 1 ? 's' : ''} ${listed}${failure.count > failure.lines.length ? ', …' : ''}). ${nothing} Include more of the surrounding lines so that it matches exactly once.`;
    }
    case 'overlap':
      return `Edits ${failure.edit + 1} and ${failure.other + 1} overlap in ${path} (at line ${failure.line}). ${nothing} Merge them into one edit.`;
    case 'no-change':
      return `The edits change nothing in ${path}: each new_text equals its old_text. ${nothing}`;
  }
}

/** Start offsets of every occurrence of `needle` (overlapping ones too), at most MAX_COUNT. */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    found.push(at);
    if (found.length >= MAX_COUNT) break;
  }
  return found;
}
