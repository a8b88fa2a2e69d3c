/**
 * Text with lines so long that editing it would stall the page: a 5 MB single-line file
 * (minified code, a data dump) held the page's thread for 1.4 s on opening and more on
 * every keystroke. Such files open read-only, with a note that says why.
 */
import { shownFormats } from './messages/shown-formats';

/** Lines longer than this (in UTF-16 code units) make a file read-only in the editor. */
export const LONG_LINE_CHARS = 100_000;

/** The length of the longest line of `text`, found without splitting it. */
export function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const length = (end === -1 ? text.length : end) - start;
    if (length > longest) longest = length;
    if (end === -1) return longest;
    start = end + 1;
  }
}

/**
 * Why `text` opens read-only (a sentence with what the person can do instead), or
 * undefined when it can be edited.
 */
export function readOnlyReason(text: string): string | undefined {
  if (text.length <= LONG_LINE_CHARS) return undefined;
  const longest = longestLine(text);
  if (longest <= LONG_LINE_CHARS) return undefined;
  return (
    `This file has a line of ${shownFormats().number(longest)} characters, too long to edit ` +
    'here without freezing the page, so it is open read-only. Download it to edit it in ' +
    'another editor, or ask the agent or a Python script to change it.'
  );
}
