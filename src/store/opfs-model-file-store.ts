import {
  checkRoomFor,
  chunksOf,
  modelIdFor,
  type ModelFileStore,
  type StorageEstimate,
  type StoredModelFile,
} from './model-file-store';

const DIRECTORY = 'cove-models';

/**
 * Model files in the origin private file system (OPFS): `<id>.gguf` holds the bytes and
 * `<id>.json` describes them. The description is written last, after the bytes are closed,
 * so it is the commit mark: a file without one (an interrupted store, or one still being
 * written by another tab) is never listed.
 */
export function createOpfsModelFileStore(
  root: () => Promise<FileSystemDirectoryHandle>,
  estimate: StorageEstimate,
  now: () => number = Date.now,
): ModelFileStore {
  const directory = async () => (await root()).getDirectoryHandle(DIRECTORY, { create: true });

  const describe = async (dir: FileSystemDirectoryHandle, id: string) => {
    try {
      const handle = await dir.getFileHandle(`${id}.json`);
      const parsed = JSON.parse(await (await handle.getFile()).text()) as StoredModelFile;
      const bytes = await (await dir.getFileHandle(`${id}.gguf`)).getFile();
      return bytes.size === parsed.size ? { ...parsed, where: 'opfs' as const } : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    async list() {
      const dir = await directory();
      const ids = new Set<string>();
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) {
        ids.add(name.replace(/\.(gguf|json)$/, ''));
      }
      const files: StoredModelFile[] = [];
      for (const id of ids) {
        const file = await describe(dir, id);
        if (file) files.push(file);
      }
      return files.sort((a, b) => a.storedAt - b.storedAt);
    },

    async add(name, source, size, options = {}) {
      await checkRoomFor(size, estimate);
      const dir = await directory();
      const taken = new Set<string>();
      for await (const entry of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) {
        taken.add(entry.replace(/\.(gguf|json)$/, ''));
      }
      const id = modelIdFor(name, taken);
      const handle = await dir.getFileHandle(`${id}.gguf`, { create: true });
      const writable = await handle.createWritable();
      try {
        for await (const chunk of chunksOf(source, size, options)) {
          await writable.write(chunk as Uint8Array<ArrayBuffer>);
        }
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => undefined);
        await removeEntries(dir, id);
        throw error;
      }
      const file: StoredModelFile = { id, name, size, storedAt: now(), where: 'opfs' };
      const meta = await (await dir.getFileHandle(`${id}.json`, { create: true })).createWritable();
      await meta.write(JSON.stringify(file));
      await meta.close();
      return file;
    },

    async read(id) {
      const dir = await directory();
      if (!(await describe(dir, id))) return undefined;
      return (await dir.getFileHandle(`${id}.gguf`)).getFile();
    },

    async remove(id) {
      await removeEntries(await directory(), id);
    },
  };
}

async function removeEntries(dir: FileSystemDirectoryHandle, id: string): Promise<void> {
  // The description first: without it the bytes are no longer offered, even if removing
  // them fails.
  await dir.removeEntry(`${id}.json`).catch(() => undefined);
  await dir.removeEntry(`${id}.gguf`).catch(() => undefined);
}
