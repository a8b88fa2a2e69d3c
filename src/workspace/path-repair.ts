/**
 * Names older Cove versions stored but `normalizePath` now refuses: a path with an empty
 * segment, a segment made only of spaces, or one that starts or ends with a space
 * (" notes.py", "src/ a.py ", "   "). Such a file can be neither opened, renamed nor
 * deleted, because every way in checks the path first. The schema-6 migration
 * (src/store/path-repair-migration.ts) gives each one a name that passes, computed here.
 */
import { normalizeName, MAX_NAME_LENGTH } from './paths';

/** What an empty or blank name becomes (then "untitled (2)"… when taken). */
export const UNTITLED_NAME = 'untitled';

/** True when a stored segment is one `normalizePath` refuses for its spaces or emptiness. */
function isBlankOrPadded(segment: string): boolean {
  return segment === '' || segment.trim() !== segment;
}

/** Whether `path` has a segment this module repairs. */
export function needsPathRepair(path: string): boolean {
  return path.split('/').some(isBlankOrPadded);
}

/**
 * The name a blank or padded segment gets: trimmed (String.prototype.trim, which removes
 * every Unicode white space, as `normalizePath` checks with it), in NFC. A name that
 * trimming leaves empty, or that is still refused ("." or ".." once trimmed, say), becomes
 * "untitled": the aim is a name the person can open and rename, not a guess.
 */
function repairedSegment(segment: string): string {
  const trimmed = segment.trim().normalize('NFC');
  if (trimmed === '' || trimmed === '.' || trimmed === '..') return UNTITLED_NAME;
  try {
    return normalizeName(trimmed) === trimmed ? trimmed : UNTITLED_NAME;
  } catch {
    return UNTITLED_NAME;
  }
}

/**
 * "notes.py" → "notes (2).py"; "Makefile", ".env" → "Makefile (2)", ".env (2)". A name
 * near the length limit gives up the end of its stem (never half a character) so that the
 * numbered name still fits; an extension too long to keep goes with it.
 */
export function numberedName(name: string, n: number): string {
  const mark = ` (${n})`;
  const dot = name.lastIndexOf('.');
  let stem = dot > 0 ? name.slice(0, dot) : name;
  let extension = dot > 0 ? name.slice(dot) : '';
  if (extension.length + mark.length >= MAX_NAME_LENGTH) {
    stem = name;
    extension = '';
  }
  const room = MAX_NAME_LENGTH - mark.length - extension.length;
  if (stem.length > room) {
    stem = stem.slice(0, room);
    if (/[\uD800-\uDBFF]$/.test(stem)) stem = stem.slice(0, -1);
  }
  return `${stem}${mark}${extension}`;
}

/** One folder of the path tree: its children by their stored segment. */
interface Folder {
  children: Map<string, Folder>;
}

const emptyFolder = (): Folder => ({ children: new Map() });

/**
 * Where every path with a blank or padded segment goes: a map from each such stored path to
 * its new path; paths that need nothing are not in it. `paths` are all the paths of one
 * workspace, files and folders (and any path its history still names), in any order.
 *
 * Each bad segment is trimmed (empty → "untitled"); a name already taken in its new folder
 * gets " (2)", " (3)"… before its extension. Names that need no change keep theirs and are
 * taken first, so a repaired name never displaces a good one; bad siblings are named in
 * code-unit order of their stored names, so the plan is the same every time. A renamed
 * folder carries everything under it, so a folder and its contents stay together and two
 * folders are never merged. The result is one to one, no new path equals a path that stays,
 * and planning again over the renamed paths changes nothing.
 */
export function planPathRepairs(paths: Iterable<string>): Map<string, string> {
  const all = [...new Set(paths)];
  const renames = new Map<string, string>();
  if (!all.some(needsPathRepair)) return renames;
  const root = emptyFolder();
  for (const path of all) {
    let folder = root;
    for (const segment of path.split('/')) {
      let child = folder.children.get(segment);
      if (!child) folder.children.set(segment, (child = emptyFolder()));
      folder = child;
    }
  }
  // Stored path → new path of every node of the tree (folders implied by a path included).
  const moved = new Map<string, string>();
  // The root's children have no folder before them: undefined, since '' is a stored segment.
  const visit = (folder: Folder, storedDir?: string, newDir?: string) => {
    const segments = [...folder.children.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const taken = new Set(segments.filter((segment) => !isBlankOrPadded(segment)));
    for (const segment of segments) {
      let name = segment;
      if (isBlankOrPadded(segment)) {
        const wanted = repairedSegment(segment);
        name = wanted;
        for (let n = 2; taken.has(name); n++) name = numberedName(wanted, n);
        taken.add(name);
      }
      const stored = storedDir === undefined ? segment : `${storedDir}/${segment}`;
      const next = newDir === undefined ? name : `${newDir}/${name}`;
      moved.set(stored, next);
      visit(folder.children.get(segment)!, stored, next);
    }
  };
  visit(root);
  for (const path of all) {
    const next = moved.get(path)!;
    if (next !== path) renames.set(path, next);
  }
  return renames;
}
