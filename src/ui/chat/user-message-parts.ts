/**
 * A person's own message is shown as they typed it, line breaks and all, except that fenced
 * code blocks (``` or ~~~, as in Markdown) are drawn as code blocks. Rendering the whole
 * message as Markdown would join their lines and eat characters such as `*` and `_`.
 */

/** One piece of a user message: plain text, or one fenced code block as typed. */
export type UserMessagePart =
  | { kind: 'text'; text: string }
  /** `source` is the fence as typed (opening and closing lines included). */
  | { kind: 'code'; source: string };

const OPENING = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * Splits a message into text and fenced code, in order. A fence opens with three or more
 * backticks or tildes (indented at most three spaces; a backtick fence's info string has no
 * backtick) and closes with a line of at least as many of the same character; an unclosed
 * fence runs to the end, as in CommonMark. Blank parts are left out, and the line break
 * next to a fence is dropped from the text beside it.
 */
export function splitUserMessage(text: string): UserMessagePart[] {
  const lines = text.split('\n');
  const parts: UserMessagePart[] = [];
  let prose: string[] = [];
  const flushProse = () => {
    const joined = prose.join('\n');
    if (joined.trim()) parts.push({ kind: 'text', text: joined.replace(/^\n+|\n+$/g, '') });
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = OPENING.exec(line);
    if (!open || (open[1]!.startsWith('`') && open[2]!.includes('`'))) {
      prose.push(line);
      continue;
    }
    const marker = open[1]!;
    const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end]!)) end++;
    flushProse();
    parts.push({ kind: 'code', source: lines.slice(i, end + 1).join('\n') });
    i = end;
  }
  flushProse();
  return parts;
}
