/**
 * The parts of an attachment's text read_attachment serves: a PDF's pages (behind the
 * "--- page N ---" lines file-attachments.ts writes) or a stretch of any other text.
 */

const MARKER = /^--- page (\d+) ---$/gm;

/** A PDF's text split at its page lines: page number → text. Empty when it has none. */
export function splitPages(text: string): Map<number, string> {
  const pages = new Map<number, string>();
  const marks = [...text.matchAll(MARKER)];
  marks.forEach((mark, i) => {
    const start = mark.index + mark[0].length + 1;
    const end = i + 1 < marks.length ? marks[i + 1]!.index : text.length;
    pages.set(Number(mark[1]), text.slice(start, end).replace(/\n+$/, ''));
  });
  return pages;
}

/** A page range as the model writes it: "3", "2-5", "4-" (to the end); undefined if malformed. */
export function parsePageRange(
  range: string,
  last: number,
): { from: number; to: number } | undefined {
  const match = /^\s*(\d+)\s*(?:[-–]\s*(\d*)\s*)?$/.exec(range);
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : match[2] === '' ? last : Number(match[2]);
  if (from < 1 || to < from) return undefined;
  return { from, to: Math.min(to, last) };
}

/** An attachment's text without the <document …> tag around it (file-attachments.ts). */
export function documentBody(text: string): string {
  const match = /^<document[^>]*>\n([\s\S]*)\n<\/document>$/.exec(text);
  return match ? match[1]! : text;
}
