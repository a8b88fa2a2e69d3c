/**
 * The "Files to include / exclude" fields of project search: comma-separated globs over
 * workspace paths, read the way editors people know read them (VS Code's search panel).
 *
 * - `*` any characters but `/`; `**` any characters, `/` too; `?` one character but `/`;
 *   `{a,b}` either; `[abc]` / `[!abc]` one of (not) these characters.
 * - A glob without `/` matches a name at any depth: `*.py` is `**` + `/*.py`.
 * - A glob that names a folder matches what is inside it: `src` and `src/` take `src/**`.
 *
 * Matching is case-sensitive, as workspace paths are. The globs are read by picomatch.
 */
import picomatch from 'picomatch/posix';

/** A test of workspace paths; `empty` when the field held no glob (then it matches all). */
export interface PathGlobs {
  readonly empty: boolean;
  matches(path: string): boolean;
}

/** Splits a field at commas outside braces, trims each glob, drops blank ones. */
export function splitGlobs(field: string): string[] {
  const globs: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of field) {
    if (char === '{') depth++;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      globs.push(current);
      current = '';
    } else current += char;
  }
  globs.push(current);
  return globs.map((glob) => glob.trim()).filter(Boolean);
}

/** Compiles a field of globs (see the module comment). Never throws: every glob is valid. */
export function compilePathGlobs(field: string): PathGlobs {
  const globs = splitGlobs(field).map((glob) => glob.replace(/^\.\//, '').replace(/\/+$/, ''));
  // A glob without `/` is a name at any depth; picomatch's `basename` reads it so.
  const tests = globs.map((glob) => picomatch(glob, { basename: !glob.includes('/'), dot: true }));
  const test = (path: string) => tests.some((matches) => matches(path));
  return {
    empty: globs.length === 0,
    matches(path) {
      // The path itself, then each folder it is in: a folder's glob covers its contents.
      for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
        if (test(path.slice(0, end))) return true;
      }
      return false;
    },
  };
}
