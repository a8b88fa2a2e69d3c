/** A part of a text file cut out for reading, with line numbers. */
export interface LineWindow {
  /** Lines as "  12\tcode", numbered from 1; long lines cut with a marker. */
  text: string;
  /** 1-based first and last line shown; `endLine` < `startLine` when nothing is shown. */
  startLine: number;
  endLine: number;
  totalLines: number;
  /** True when lines of the requested range were left out to keep within the limits. */
  truncated: boolean;
}

export interface LineWindowOptions {
  /** 1-based first line (default 1). */
  startLine?: number;
  /** 1-based last line, inclusive (default: the end of the file). */
  endLine?: number;
  /** Lines shown at most. */
  maxLines: number;
  /** Characters of output at most (counting numbers and line ends). */
  maxChars: number;
  /** Characters of one line shown at most. */
  maxLineChars: number;
}

/**
 * Lines `startLine`..`endLine` of `text` with their numbers, within the limits. A final
 * line end does not count as an empty last line. Lines end in "\n" or "\r\n"; the "\r" is
 * not shown.
 */
export function lineWindow(text: string, options: LineWindowOptions): LineWindow {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const totalLines = text === '' ? 0 : lines.length;
  const startLine = Math.max(1, options.startLine ?? 1);
  const lastWanted = Math.min(totalLines, options.endLine ?? totalLines);
  const width = String(Math.max(lastWanted, 1)).length;
  const out: string[] = [];
  let chars = 0;
  let line = startLine;
  for (; line <= lastWanted; line++) {
    let body = lines[line - 1]!;
    if (body.endsWith('\r')) body = body.slice(0, -1);
    if (body.length > options.maxLineChars) {
      body = `${body.slice(0, options.maxLineChars)}… [line cut: ${body.length} characters]`;
    }
    const numbered = `${String(line).padStart(width)}\t${body}`;
    if (out.length >= options.maxLines) break;
    // The first line always shows (it is already cut to maxLineChars), so reading advances.
    if (out.length > 0 && chars + numbered.length + 1 > options.maxChars) break;
    out.push(numbered);
    chars += numbered.length + 1;
  }
  return {
    text: out.join('\n'),
    startLine,
    endLine: line - 1,
    totalLines,
    truncated: line <= lastWanted,
  };
}
