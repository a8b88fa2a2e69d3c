/**
 * The page's text in three parts: before the passage, the passage, after it. A passage the
 * page no longer holds (the file changed since it was indexed) leaves the page unmarked.
 */
export function markPassage(text: string, passage: string): [string, string, string] {
  const wanted = passage.trim();
  const at = wanted ? text.indexOf(wanted) : -1;
  if (at < 0) return [text, '', ''];
  return [text.slice(0, at), wanted, text.slice(at + wanted.length)];
}
