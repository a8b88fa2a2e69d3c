import { hasControlCharacter, showControlCharacters } from '../base/control-characters';
import { workspaceError } from './workspace-errors';

/** Longest name of one file or folder, in characters (as most file systems allow). */
export const MAX_NAME_LENGTH = 255;
/** Longest whole path, in characters. */
export const MAX_PATH_LENGTH = 4096;

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). They are invisible and reorder
 * how the text around them displays: "\u202Egnp.py" shows as "yp.png". Right-to-left
 * letters themselves (Arabic, Hebrew) are names like any other.
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

/** The first bidirectional control in `text` as "U+202E", or undefined when it has none. */
export function findBidiControl(text: string): string | undefined {
  const found = BIDI_CONTROL.exec(text);
  return found
    ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
    : undefined;
}

/** A `bad-path` error naming `input` (shortened and printable) and what is wrong with it. */
const badPath = (input: string, variant: string, params: Record<string, string | number> = {}) =>
  workspaceError('bad-path', { variant, path: shorten(input), ...params });

/**
 * `text` safe to show where it came from outside (a refused name in a message or a list of
 * skipped files): control characters and bidirectional controls written as escapes
 * (`\x1b`, `\u202E`), so a name can neither break a line nor reorder what follows it.
 */
export function printablePath(text: string): string {
  return showControlCharacters(text).replace(
    BIDI_CONTROLS,
    (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

function shorten(text: string): string {
  const printable = printablePath(text);
  return printable.length > 60 ? `${printable.slice(0, 57)}…` : printable;
}

/**
 * Checks a user-, model- or archive-supplied path and returns its normal form: POSIX,
 * relative to the workspace root, NFC, without `./` or a trailing slash.
 * Throws CoveError `bad-path` naming the problem for: an empty path, `..`, an absolute
 * path (`/x`, `C:\x`, `~/x`), NUL or other control characters, bidirectional controls
 * (U+202E and the like, which make a name display as another), backslashes, empty
 * segments (`a//b`), a segment made only of spaces (`a/   /b`), a segment that starts or
 * ends with a space (`a /b`, `b.py `), a segment over 255 characters, a path over 4096
 * characters. Spaces are refused rather than trimmed so that every way in (a typed name, a
 * rename, a zip, Python, a model) gets the same answer and two names never fold into one.
 */
export function normalizePath(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw workspaceError('bad-path', { variant: 'empty' });
  }
  if (input.includes('\u0000')) throw badPath(input, 'nul');
  if (hasControlCharacter(input)) throw badPath(input, 'control-character');
  const bidi = findBidiControl(input);
  if (bidi) throw badPath(input, 'bidi-control', { control: bidi });
  if (input.includes('\\')) throw badPath(input, 'backslash');
  if (input.startsWith('/') || /^[a-zA-Z]:/.test(input) || input.startsWith('~')) {
    throw badPath(input, 'absolute');
  }
  let path = input.normalize('NFC');
  while (path.startsWith('./')) path = path.slice(2);
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '' || path === '.') {
    throw workspaceError('bad-path', { variant: 'empty' });
  }
  if (path.length > MAX_PATH_LENGTH) {
    throw badPath(input, 'path-too-long', { limit: MAX_PATH_LENGTH });
  }
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '') throw badPath(input, 'empty-folder-name');
    if (segment.trim() === '') throw badPath(input, 'only-spaces');
    if (segment.trim() !== segment) throw badPath(input, 'space-at-edge');
    if (segment === '..') throw badPath(input, 'outside');
    if (segment.length > MAX_NAME_LENGTH) {
      throw badPath(input, 'name-too-long', { limit: MAX_NAME_LENGTH });
    }
  }
  return segments.filter((segment) => segment !== '.').join('/');
}

/** Checks one file or folder name (no "/") and returns it in normal form. */
export function normalizeName(input: string): string {
  if (typeof input === 'string' && input.includes('/')) {
    throw badPath(input, 'slash');
  }
  return normalizePath(input);
}

/**
 * The path of a new item named `name` (which may hold "/" for subfolders) inside `folder`
 * ('' for the root), in normal form. The name is checked on its own first, so an empty or
 * blank name is "A name is needed." rather than the folder itself; otherwise throws as
 * {@link normalizePath}.
 */
export function childPath(folder: string, name: string): string {
  const relative = normalizePath(name);
  return folder ? normalizePath(`${folder}/${relative}`) : relative;
}

/** The folder holding `path`, or '' for the root. Expects a normalized path. */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last segment of a normalized path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `dir` + `name`, where `dir` may be '' for the root. */
export function joinPath(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

/** True when `path` is `folder` itself or lies somewhere below it. */
export function isWithin(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}

/** Every ancestor folder of a path, outermost first: "a/b/c.py" → ["a", "a/b"]. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The file extension in lower case without the dot, or ''. */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
