/**
 * Files the preview serves to the page's own `fetch`: the preview has no server, so a page
 * that loads `data.json` or `./items.csv` gets them from memory. Which files: the relative
 * names its scripts write as string literals (found by pattern, not by running the code; a
 * name built at run time is not found), resolved against the page as a browser resolves a
 * fetch, that exist in the workspace. Nothing else of the workspace enters the frame.
 */
import type { FileContent } from '../../store/records';

/** One file the page may fetch, by the name its script writes. */
export interface ServedFile {
  /** The literal as written, without query or fragment (what the frame matches a fetch on). */
  name: string;
  /** The workspace path it names. */
  path: string;
  type: string;
  content: FileContent;
}

/** Most files served to one page, and their total size; past either, a name is not served. */
export const SERVED_FILES_LIMIT = 100;
export const SERVED_BYTES_LIMIT = 8 * 1024 * 1024;

// A quoted relative file name with an extension: 'data.json', "./a/b.csv", `../x.txt?v=2`.
// No scheme, no spaces, no `${` (a template built at run time).
const FILE_LITERAL =
  /(["'`])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,10})(?:[?#][^"'`\s]*)?\1/g;

/** The relative file names `script` writes as string literals, each once, in order. */
export function fileLiterals(script: string): string[] {
  const names = new Set<string>();
  for (const match of script.matchAll(FILE_LITERAL)) names.add(match[2]!);
  return [...names];
}

/** The size of `content` in bytes, as the frame will hold it. */
export function servedBytes(content: FileContent): number {
  return typeof content === 'string' ? new TextEncoder().encode(content).length : content.length;
}
