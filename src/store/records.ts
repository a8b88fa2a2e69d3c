/**
 * The rows Cove keeps in IndexedDB (docs/ARCHITECTURE.md, "Data model"). Plain data: no
 * Dexie here, so every layer may import these types.
 */

export interface WorkspaceRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** Text is kept as a string; anything that is not valid UTF-8 text as bytes. */
export type FileContent = string | Uint8Array;

export type FileKind = 'file' | 'folder';

export interface FileRecord {
  workspaceId: string;
  /** Normalized POSIX path relative to the workspace root (see src/workspace/paths.ts). */
  path: string;
  /** Folders are stored so that empty ones survive; their content is ''. */
  kind: FileKind;
  content: FileContent;
  /** Bytes: UTF-8 length for text. */
  size: number;
  /** Milliseconds since the epoch of the last write. */
  mtime: number;
  /** Increases by one on every write of this path; lets writers detect a concurrent change. */
  version: number;
}

/** A file's row without its content, for trees and listings. */
export type FileMeta = Omit<FileRecord, 'content'> & { binary: boolean };

export interface SettingRecord {
  key: string;
  value: unknown;
}

export function fileMeta(record: FileRecord): FileMeta {
  const { content, ...meta } = record;
  return { ...meta, binary: typeof content !== 'string' };
}
