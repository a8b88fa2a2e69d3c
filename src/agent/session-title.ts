/** Longest session title taken from the first message, in characters. */
export const TITLE_LENGTH = 60;

/**
 * A session's title from its first message: its words, without the code blocks it quotes
 * (all of it when it is only code), on one line, at most TITLE_LENGTH characters.
 */
export function sessionTitle(content: string): string {
  const words = content.replace(
    /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(^ {0,3}\1[^\n]*$|(?![\s\S]))/gm,
    ' ',
  );
  const title = words.replace(/\s+/g, ' ').trim() || content.replace(/\s+/g, ' ').trim();
  return title.slice(0, TITLE_LENGTH);
}
