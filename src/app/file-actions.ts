import { retryingImport } from '../base/retrying-import';
import { baseName, childPath, normalizePath } from '../workspace/paths';
import {
  skipReason,
  type IncomingFile,
  type ImportResult,
  type SkippedFile,
} from '../workspace/workspace-files';
import { workspaceError } from '../workspace/workspace-errors';
import type { ZipImporter, ZipImportProgress } from '../workspace/zip-import';
import type { EditorService } from './editor-service';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';

/** The zip code (fflate) loads on the first import or export, not with the app. */
const loadZip = retryingImport(() => import('../workspace/zip-archive'));

/**
 * What the file tree can do, with the person told of every outcome. Methods that take a
 * typed name throw CoveError for bad input (so a dialog can show it next to the field);
 * the others report failures as notices and resolve.
 */
export interface FileActions {
  /** Creates `name` (may hold "/") inside `folder` ('' for the root), opens it, returns its path. */
  createFile(folder: string, name: string): Promise<string>;
  /** Creates the folder `name` inside `folder`; returns its path. */
  createFolder(folder: string, name: string): Promise<string>;
  /** Moves or renames; `to` is a full path, so a rename may also change folders. */
  move(from: string, to: string): Promise<string>;
  delete(path: string): Promise<void>;
  /**
   * Brings files in (upload, drop); existing names are skipped unless `replace`.
   * `refused` lists files the caller already turned away (e.g. too large to read), so the
   * person gets one report.
   */
  importFiles(
    files: IncomingFile[],
    options?: { into?: string; replace?: boolean; refused?: SkippedFile[] },
  ): Promise<ImportResult | undefined>;
  /**
   * Reads a .zip and imports its contents, all or nothing: a damaged or oversized archive,
   * a failed write or a cancel (`signal`) changes nothing. The archive's buffer may be
   * handed to a worker (then `bytes` is empty afterwards). Resolves undefined when nothing
   * was imported (the person was told why, or cancelled).
   */
  importZip(
    bytes: Uint8Array,
    options?: {
      into?: string;
      replace?: boolean;
      signal?: AbortSignal;
      onProgress?: (progress: ZipImportProgress) => void;
    },
  ): Promise<ImportResult | undefined>;
  /**
   * The current workspace as a .zip: its files, without git's `.git` folder unless
   * `includeGit` (then the archive is a repository with its history).
   */
  exportZip(options?: { includeGit?: boolean }): Promise<{ name: string; bytes: Uint8Array }>;
  /** The bytes of one file, for download. */
  fileBytes(path: string): Promise<{ name: string; bytes: Uint8Array }>;
}

function requireFiles(workspaces: WorkspaceService) {
  const files = workspaces.files();
  if (!files) throw workspaceError('no-workspace');
  return files;
}

/** Without a worker (tests, demos): the import runs on this thread, its code loaded on use. */
async function inThreadImporter(workspaces: WorkspaceService): Promise<ZipImporter> {
  const { createInThreadZipImporter } = await import('../workspace/zip-import');
  return createInThreadZipImporter(() => requireFiles(workspaces));
}

export function createFileActions(deps: {
  workspaces: WorkspaceService;
  editor: EditorService;
  notices: NoticeService;
  /** Imports archives; the page passes one that works in a worker. Default: this thread. */
  zipImporter?: ZipImporter;
}): FileActions {
  const { workspaces, editor, notices } = deps;

  function report(result: ImportResult, what: string): ImportResult {
    const count = result.written.length + result.replaced.length;
    if (result.skipped.length) {
      notices.show({
        kind: 'error',
        text: `${what}: ${count} ${count === 1 ? 'file' : 'files'} added, ${result.skipped.length} skipped.`,
        details: result.skipped.map((s) => `${s.path}: ${skipReason(s)}`),
      });
    } else {
      notices.show({
        kind: 'success',
        text: `${what}: ${count} ${count === 1 ? 'file' : 'files'} added.`,
      });
    }
    return result;
  }

  return {
    async createFile(folder, name) {
      const path = await requireFiles(workspaces).createFile(childPath(folder, name));
      await editor.openFile(path);
      return path;
    },
    async createFolder(folder, name) {
      return requireFiles(workspaces).createFolder(childPath(folder, name));
    },
    async move(from, to) {
      const files = requireFiles(workspaces);
      // Save first so the moved file carries the latest text.
      await editor.saveAll();
      const target = await files.move(from, normalizePath(to));
      editor.moved(from, target);
      return target;
    },
    async delete(path) {
      try {
        await requireFiles(workspaces).delete(path);
        for (const tab of editor.tabs()) {
          const open = tab.path();
          if (open === path || open.startsWith(`${path}/`)) await editor.close(open);
        }
      } catch (error) {
        notices.error(error, `Could not delete ${path}`);
      }
    },
    async importFiles(files, options = {}) {
      try {
        const result = await requireFiles(workspaces).importFiles(files, options);
        result.skipped.unshift(...(options.refused ?? []));
        return report(result, 'Upload');
      } catch (error) {
        notices.error(error, 'Upload failed; nothing was added');
        return undefined;
      }
    },
    async importZip(bytes, options = {}) {
      const { signal, onProgress, into, replace } = options;
      try {
        const files = requireFiles(workspaces);
        const importer = deps.zipImporter ?? (await inThreadImporter(workspaces));
        const result = await importer.importZip(
          {
            workspaceId: files.workspaceId,
            bytes,
            ...(into ? { into } : {}),
            ...(replace ? { replace } : {}),
          },
          { ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) },
        );
        return report(result, 'Zip import');
      } catch (error) {
        if (signal?.aborted) {
          notices.show({ kind: 'info', text: 'Zip import cancelled; nothing was added.' });
        } else notices.error(error, 'Zip import failed');
        return undefined;
      }
    },
    async exportZip(options = {}) {
      const files = requireFiles(workspaces);
      await editor.saveAll();
      const name = `${(workspaces.current()?.name ?? 'workspace').replace(/[^\w.-]+/g, '-')}.zip`;
      const { writeZip } = await loadZip();
      const rows = await files.listWithContent({ includeGit: !!options.includeGit });
      return { name, bytes: writeZip(rows) };
    },
    async fileBytes(path) {
      const row = await requireFiles(workspaces).read(path);
      const bytes =
        typeof row.content === 'string' ? new TextEncoder().encode(row.content) : row.content;
      return { name: baseName(path), bytes };
    },
  };
}
