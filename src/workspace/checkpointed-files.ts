import type { FileChange } from '../store/file-store';
import type { FileContent, FileRecord } from '../store/records';
import { isWithin, normalizePath } from './paths';
import type { WorkspaceFiles } from './workspace-files';

/**
 * Called before a write with every path it may change (both ends of a move; a folder
 * stands for the files in it). A rejection stops the write: nothing is changed that could
 * not be recorded.
 */
export type BeforeWrite = (paths: string[]) => Promise<void>;

/**
 * A workspace's files as the agent's tools see them during a run: the WorkspaceFiles
 * methods the file tools, bash and the Python write-back use, each write preceded by
 * `before(paths)` so a checkpoint holds what was there first. Reads pass straight through.
 * This is the one seam every agent write crosses: write_file, edit_file, delete_path,
 * move_path and make_dir through the tool context, bash through its file system, and a
 * Python run through the batch its write-back applies.
 */
export type CheckpointedFiles = Pick<
  WorkspaceFiles,
  | 'workspaceId'
  | 'list'
  | 'listWithContent'
  | 'find'
  | 'write'
  | 'createFolder'
  | 'move'
  | 'delete'
  | 'apply'
>;

/**
 * Where the files under folder `from` land when it moves to `to` (none when `from` is a
 * file or bad: the move itself reports that). Recorded as absent before the move, so a
 * rewind removes the moved copies as well as putting the originals back.
 */
async function movedFiles(files: WorkspaceFiles, from: string, to: string): Promise<string[]> {
  let source: string;
  let target: string;
  try {
    source = normalizePath(from);
    target = normalizePath(to);
  } catch {
    return [];
  }
  if ((await files.find(source))?.kind !== 'folder') return [];
  return (await files.list())
    .filter((entry) => entry.kind === 'file' && isWithin(entry.path, source))
    .map((entry) => target + entry.path.slice(source.length));
}

export function checkpointedFiles(files: WorkspaceFiles, before: BeforeWrite): CheckpointedFiles {
  return {
    workspaceId: files.workspaceId,
    list: () => files.list(),
    listWithContent: () => files.listWithContent(),
    find: (path) => files.find(path),
    async write(
      path: string,
      content: FileContent,
      options?: { expectVersion?: number | 'absent' },
    ) {
      await before([path]);
      return files.write(path, content, options);
    },
    // A new folder holds no file content: nothing to record (a rewind leaves it, empty).
    createFolder: (path) => files.createFolder(path),
    async move(from, to) {
      await before([from, to, ...(await movedFiles(files, from, to))]);
      return files.move(from, to);
    },
    async delete(path) {
      await before([path]);
      return files.delete(path);
    },
    async apply(changes: FileChange[]): Promise<FileRecord[]> {
      const paths = changes
        .filter((change) => change.type === 'delete' || change.kind === 'file')
        .map((change) => change.path);
      if (paths.length) await before(paths);
      return files.apply(changes);
    },
  };
}
