import { workspaceError } from './workspace-errors';
import type { FileChange } from '../store/file-store';
import type { FileContent, FileMeta, FileRecord } from '../store/records';
import { ancestorsOf, baseName, isWithin, joinPath } from './paths';

/**
 * Pure planners: each takes the workspace listing as read and returns the batch of changes
 * that does the operation, with expectations so the store refuses it if the listing went
 * stale meanwhile. Paths are already normalized.
 */

type Listing = ReadonlyMap<string, FileMeta>;

export function indexListing(entries: readonly FileMeta[]): Listing {
  return new Map(entries.map((entry) => [entry.path, entry]));
}

/** Folder puts for every missing ancestor of `path`; throws when an ancestor is a file. */
export function planParents(
  listing: Listing,
  path: string,
  planned = new Set<string>(),
): FileChange[] {
  const changes: FileChange[] = [];
  for (const folder of ancestorsOf(path)) {
    const existing = listing.get(folder);
    if (existing?.kind === 'file') {
      throw workspaceError('not-a-folder', { folder, path });
    }
    if (!existing && !planned.has(folder)) {
      planned.add(folder);
      changes.push({ type: 'put', path: folder, kind: 'folder', content: '', expect: 'absent' });
    }
  }
  return changes;
}

/** Creates a new file or folder; refuses when the name is taken. */
export function planCreate(
  listing: Listing,
  path: string,
  kind: 'file' | 'folder',
  content: FileContent = '',
): FileChange[] {
  if (listing.has(path)) {
    throw workspaceError('exists', { variant: 'file', path });
  }
  return [
    ...planParents(listing, path),
    { type: 'put', path, kind, content: kind === 'folder' ? '' : content, expect: 'absent' },
  ];
}

/**
 * Writes a file's content, creating it (and its folders) when missing. With
 * `expectVersion`, refuses when the file changed since that version was read; with
 * `'absent'`, when the file exists (someone created it since the listing was read).
 */
export function planWrite(
  listing: Listing,
  path: string,
  content: FileContent,
  expectVersion?: number | 'absent',
): FileChange[] {
  const existing = listing.get(path);
  if (existing?.kind === 'folder') {
    throw workspaceError('is-folder', { variant: 'write', path });
  }
  return [
    ...(existing ? [] : planParents(listing, path)),
    {
      type: 'put',
      path,
      kind: 'file',
      content,
      expect: expectVersion ?? (existing ? existing.version : 'absent'),
    },
  ];
}

/** Every entry at or under `path`, deepest first. */
export function subtree(listing: Listing, path: string): FileMeta[] {
  return [...listing.values()]
    .filter((entry) => isWithin(entry.path, path))
    .sort((a, b) => b.path.length - a.path.length);
}

/** Deletes a file, or a folder with everything in it. */
export function planDelete(listing: Listing, path: string): FileChange[] {
  if (!listing.has(path)) {
    throw workspaceError('missing', { variant: 'file-to-delete', path });
  }
  return subtree(listing, path).map((entry) => ({
    type: 'delete' as const,
    path: entry.path,
    expect: entry.version,
  }));
}

/**
 * Moves or renames a file or folder (with its contents) to `to`. `read` supplies the
 * rows to copy. Refuses when `to` exists or lies inside `from`.
 */
export async function planMove(
  listing: Listing,
  from: string,
  to: string,
  read: (path: string) => Promise<FileRecord | undefined>,
): Promise<FileChange[]> {
  if (from === to) return [];
  if (!listing.has(from)) {
    throw workspaceError('missing', { variant: 'file-to-move', path: from });
  }
  if (isWithin(to, from)) {
    throw workspaceError('move-into-itself', { name: baseName(from) });
  }
  if (listing.has(to)) {
    throw workspaceError('exists', { variant: 'file', path: to });
  }
  const changes: FileChange[] = [...planParents(listing, to)];
  const entries = subtree(listing, from).reverse();
  for (const entry of entries) {
    const row = await read(entry.path);
    if (!row) {
      throw workspaceError('conflict', { variant: 'moving', path: entry.path });
    }
    const target = joinPath(to, entry.path.slice(from.length + 1));
    changes.push({
      type: 'put',
      path: entry.path === from ? to : target,
      kind: row.kind,
      content: row.content,
      expect: 'absent',
    });
  }
  for (const entry of entries.reverse()) {
    changes.push({ type: 'delete', path: entry.path, expect: entry.version });
  }
  return changes;
}

/** Where a moved entry goes when dropped onto `folder` ('' for the root). */
export function dropTarget(path: string, folder: string): string {
  return joinPath(folder, baseName(path));
}
