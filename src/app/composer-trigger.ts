/**
 * Where the composer's menu opens: an `@` mention (at the start of the message or after
 * whitespace, so `me@example.com` stays an address) or a `/` command (only at the very
 * start of the message, so "and/or" or "a /path mid-sentence" stays text). Pure: text and
 * caret in, the trigger out.
 */

/** What the characters before the caret ask for. */
export interface ComposerTrigger {
  kind: 'mention' | 'command';
  /** Offset of the `@` or `/`. */
  start: number;
  /** Offset just past the query (the caret). */
  end: number;
  /** What follows the `@` or `/` up to the caret; no whitespace. */
  query: string;
}

/**
 * The trigger the caret is in, or undefined. The query runs from the trigger character to
 * the caret and holds no whitespace: typing a space closes the menu (and a command's
 * arguments follow a space). A caret at or before the trigger character is not in it.
 */
export function triggerAt(text: string, caret: number): ComposerTrigger | undefined {
  if (caret < 1 || caret > text.length) return undefined;
  let start = caret - 1;
  while (start >= 0 && !/\s/.test(text[start]!)) start--;
  start += 1;
  const token = text.slice(start, caret);
  if (token.startsWith('@')) {
    return { kind: 'mention', start, end: caret, query: token.slice(1) };
  }
  // A command is the message's first word, leading blank lines or spaces allowed.
  if (token.startsWith('/') && !text.slice(0, start).trim()) {
    return { kind: 'command', start, end: caret, query: token.slice(1) };
  }
  return undefined;
}

/**
 * The text with the trigger's `@query` or `/query` replaced by `replacement`, and where the
 * caret goes (after it). A space follows unless one is already there, the replacement is
 * empty, or it ends in `=` (an argument's value is typed right after it).
 */
export function replaceTrigger(
  text: string,
  trigger: ComposerTrigger,
  replacement: string,
): { text: string; caret: number } {
  const after = text.slice(trigger.end);
  const bare = after.startsWith(' ') || replacement === '' || replacement.endsWith('=');
  const spaced = bare ? replacement : `${replacement} `;
  return {
    text: `${text.slice(0, trigger.start)}${spaced}${after}`,
    caret: trigger.start + spaced.length,
  };
}
