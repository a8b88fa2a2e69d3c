import { describeTooLarge, MAX_FILE_BYTES } from '../../workspace/limits';
import type { IncomingFile, SkippedFile } from '../../workspace/workspace-files';

/** Files read from the browser, plus those refused before reading (too large). */
export interface ReadFiles {
  files: IncomingFile[];
  refused: SkippedFile[];
}

/**
 * Reads picked files into memory. A file over the limit is refused by its size alone, so a
 * huge file is never loaded. Folder picks carry `webkitRelativePath`, which becomes the path.
 */
export async function readPickedFiles(picked: readonly File[]): Promise<ReadFiles> {
  const files: IncomingFile[] = [];
  const refused: SkippedFile[] = [];
  for (const file of picked) {
    const path = file.webkitRelativePath || file.name;
    if (file.size > MAX_FILE_BYTES) {
      refused.push({ path, reason: describeTooLarge(file.size) });
      continue;
    }
    files.push({ path, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return { files, refused };
}

/**
 * Reads what was dropped onto the page, walking dropped folders where the browser allows
 * (webkitGetAsEntry). Must be called synchronously inside the drop handler, because the
 * DataTransfer empties once the event returns.
 */
export function readDroppedItems(transfer: DataTransfer): Promise<ReadFiles> {
  const entries: FileSystemEntry[] = [];
  const plain: File[] = [];
  for (const item of [...transfer.items]) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) plain.push(file);
    }
  }
  return (async () => {
    const collected: { path: string; file: File }[] = plain.map((file) => ({
      path: file.name,
      file,
    }));
    for (const entry of entries) await walk(entry, '', collected);
    const result: ReadFiles = { files: [], refused: [] };
    for (const { path, file } of collected) {
      if (file.size > MAX_FILE_BYTES) {
        result.refused.push({ path, reason: describeTooLarge(file.size) });
      } else {
        result.files.push({ path, bytes: new Uint8Array(await file.arrayBuffer()) });
      }
    }
    return result;
  })();
}

async function walk(
  entry: FileSystemEntry,
  prefix: string,
  out: { path: string; file: File }[],
): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ path, file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries returns at most ~100 entries per call; keep reading until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (!batch.length) break;
    for (const child of batch) await walk(child, path, out);
  }
}

/** True when a drag carries files from outside the page (not a tree item being moved). */
export function carriesFiles(transfer: DataTransfer | null): boolean {
  return Boolean(transfer?.types.includes('Files'));
}
