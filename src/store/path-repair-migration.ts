import type { Transaction } from 'dexie';
import type { CheckpointRecord } from './checkpoint-store';
import { fileMeta, type FileRecord, type SettingRecord } from './records';

/**
 * Old path → new path for the paths of one workspace that need a new name; paths that keep
 * theirs are not in the map. The workspace layer computes it (`planPathRepairs` in
 * src/workspace/path-repair.ts); the store cannot import that layer, so the composition
 * root hands the function to `openDexieStore`.
 */
export type PathRenamePlanner = (paths: readonly string[]) => ReadonlyMap<string, string>;

/**
 * Setting the schema-6 upgrade leaves when it renamed files, so the next start tells the
 * person what happened (src/app/renamed-files-notice.ts) and then removes it.
 */
export const RENAMED_FILES_SETTING = 'store.renamedFiles';

/** The value of {@link RENAMED_FILES_SETTING}. */
export interface RenamedFilesNote {
  /** When the upgrade ran, milliseconds since the epoch. */
  at: number;
  /** Each stored file or folder that got a new name, in workspace and path order. */
  renames: { workspaceId: string; from: string; to: string }[];
}

/**
 * Whether a stored path has an empty segment or one with white space at either end. Only to
 * refuse an upgrade that was given no planner while there is something to plan: the rule
 * itself lives with the planner, in src/workspace/path-repair.ts.
 */
const looksBlankOrPadded = (path: string) =>
  path.split('/').some((segment) => segment === '' || segment.trim() !== segment);

/**
 * The schema-6 upgrade, inside its versionchange transaction: files whose path an older Cove
 * allowed and `normalizePath` now refuses get the names `plan` gives them, so they can be
 * opened, renamed and deleted again. What moves with a file:
 *
 * - its `files` and `fileMeta` rows: the same row under the new key (content, size, mtime,
 *   version, kind: everything but the path is kept);
 * - the paths in the workspace's checkpoints, so a rewind puts content back under the name
 *   the file has now instead of recreating the old, unreachable one. The plan is made over
 *   the files' paths and the paths checkpoints name, so a new name never lands on a file
 *   an older checkpoint could bring back;
 * - the open tabs (`editor.tabs.<workspace>`) and the unsaved-text journal kept in settings
 *   (`editor.unsaved.<workspace>`).
 *
 * Left as they were: messages, tool calls and traces, which record what was said and done
 * at the time; the journal the page keeps in localStorage, which IndexedDB cannot reach (its
 * text for an old name is restored beside the file at the next start, or refused).
 *
 * Every read here is raw (the row guard does not check upgrades), so the settings are only
 * rewritten when they have the shape the editor writes. Throws, which leaves the database at
 * version 5 untouched, when there is something to rename and no planner was given.
 */
export async function repairStoredPaths(
  tx: Transaction,
  plan: PathRenamePlanner | undefined,
  now: number,
): Promise<void> {
  const files = tx.table<FileRecord, [string, string]>('files');
  const metas = tx.table('fileMeta');
  const checkpointTable = tx.table<CheckpointRecord, string>('checkpoints');
  const settings = tx.table<SettingRecord, string>('settings');

  // Keys only: no file content is loaded to find the names.
  const keys = (await files.toCollection().primaryKeys()) as [string, string][];
  const checkpoints = await checkpointTable.toArray();
  const pathsOf = new Map<string, Set<string>>();
  const add = (workspaceId: string, path: string) => {
    let set = pathsOf.get(workspaceId);
    if (!set) pathsOf.set(workspaceId, (set = new Set()));
    set.add(path);
  };
  for (const [workspaceId, path] of keys) add(workspaceId, path);
  for (const checkpoint of checkpoints) {
    for (const file of checkpoint.files ?? []) add(checkpoint.workspaceId, file.path);
  }
  if (!plan) {
    if ([...pathsOf.values()].some((paths) => [...paths].some(looksBlankOrPadded))) {
      throw new Error('Opening Cove’s database needs a path planner to rename files (schema 6).');
    }
    return;
  }

  const renamed: RenamedFilesNote['renames'] = [];
  for (const workspaceId of [...pathsOf.keys()].sort()) {
    const renames = plan([...pathsOf.get(workspaceId)!]);
    if (!renames.size) continue;
    const stored = keys.filter(([id, path]) => id === workspaceId && renames.has(path));
    const rows = (await files.bulkGet(stored)).filter((row): row is FileRecord => !!row);
    const moved = rows.map((row) => ({ ...row, path: renames.get(row.path)! }));
    await files.bulkDelete(stored);
    await metas.bulkDelete(stored);
    await files.bulkPut(moved);
    await metas.bulkPut(moved.map(fileMeta));
    for (const row of rows)
      renamed.push({ workspaceId, from: row.path, to: renames.get(row.path)! });

    const rename = (path: unknown) =>
      typeof path === 'string' ? (renames.get(path) ?? path) : path;
    for (const checkpoint of checkpoints) {
      if (checkpoint.workspaceId !== workspaceId) continue;
      if (!checkpoint.files?.some((file) => renames.has(file.path))) continue;
      await checkpointTable.put({
        ...checkpoint,
        files: checkpoint.files.map((file) => ({ ...file, path: rename(file.path) as string })),
      });
    }

    const tabs = await settings.get(`editor.tabs.${workspaceId}`);
    const open = tabs?.value as { paths?: unknown; active?: unknown } | undefined;
    if (open && Array.isArray(open.paths)) {
      await settings.put({
        key: tabs!.key,
        value: { ...open, paths: open.paths.map(rename), active: rename(open.active) },
      });
    }
    const unsaved = await settings.get(`editor.unsaved.${workspaceId}`);
    if (Array.isArray(unsaved?.value)) {
      await settings.put({
        key: unsaved.key,
        value: (unsaved.value as unknown[]).map((entry) =>
          entry && typeof entry === 'object' && 'path' in entry
            ? { ...entry, path: rename(entry.path) }
            : entry,
        ),
      });
    }
  }
  if (renamed.length) {
    const note: RenamedFilesNote = { at: now, renames: renamed };
    await settings.put({ key: RENAMED_FILES_SETTING, value: note });
  }
}
