/**
 * The "Files to include / exclude" fields of project search: comma-separated globs over
 * workspace paths, read the way editors people know read them (VS Code's search panel).
 *
 * - `*` any characters but `/`; `**` any characters, `/` too; `?` one character but `/`;
 *   `{a,b}` either; `[abc]` / `[!abc]` one of (not) these characters.
 * - A glob without `/` matches a name at any depth: `*.py` is `**` + `/*.py`.
 * - A glob that names a folder matches what is inside it: `src` and `src/` take `src/**`.
 *
 * Matching is case-sensitive, as workspace paths are.
 */

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
  const patterns = splitGlobs(field).map(globToRegExp);
  return {
    empty: patterns.length === 0,
    matches(path) {
      // The path itself, then each folder it is in: a folder's glob covers its contents.
      for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
        const candidate = path.slice(0, end);
        if (patterns.some((pattern) => pattern.test(candidate))) return true;
      }
      return false;
    },
  };
}

function globToRegExp(glob: string): RegExp {
  let body = glob.replace(/^\.\//, '').replace(/\/+$/, '');
  if (!body.includes('/') && !body.startsWith('**')) body = `**/${body}`;
  return new RegExp(`^${translate(body)}$`);
}

function translate(glob: string): string {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*') {
      if (glob[i + 1] === '*') {
        // `**/` also matches no folder at all: `**/a` takes `a`.
        if (glob[i + 2] === '/') {
          out += '(?:.*/)?';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else out += '[^/]*';
    } else if (char === '?') out += '[^/]';
    else if (char === '{') {
      braces++;
      out += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (char === ',' && braces > 0) out += '|';
    else if (char === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        let set = glob.slice(i + 1, close);
        const negated = set.startsWith('!') || set.startsWith('^');
        if (negated) set = set.slice(1);
        out += `[${negated ? '^' : ''}${set.replace(/[\\\]^]/g, '\\$&')}]`;
        i = close;
      }
    } else out += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  // An unclosed `{` runs to the end of the glob.
  return out + ')'.repeat(braces);
}
