import { readGgufWindowFacts } from './gguf-window-facts';
import {
  checkRoomFor,
  chunksOf,
  modelIdFor,
  type ModelFileStore,
  type StorageEstimate,
  type StoredModelFile,
} from './model-file-store';

const DIRECTORY = 'cove-models';

/** What the store needs of `navigator.locks`: one lock per file being written. */
export type WriteLocks = Pick<LockManager, 'request'>;

/**
 * Model files in the origin private file system (OPFS): `<id>.gguf` holds the bytes and
 * `<id>.json` describes them. The description is written last, after the bytes are closed,
 * so it is the commit mark: a file without one (an interrupted store, or one still being
 * written by another tab) is never listed. A write holds the Web Lock named after its id
 * from before its bytes exist until its description is written, so `sweep` (at start) can
 * tell an abandoned copy from one in progress in another tab.
 */
export function createOpfsModelFileStore(
  root: () => Promise<FileSystemDirectoryHandle>,
  estimate: StorageEstimate,
  options: { now?: () => number; locks?: WriteLocks } = {},
): ModelFileStore {
  const now = options.now ?? Date.now;
  const directory = async () => (await root()).getDirectoryHandle(DIRECTORY, { create: true });
  const lockName = (id: string) => `cove-model-file:${id}`;

  /** Runs `work` holding the id's lock; without Web Locks (tests), just runs it. */
  const holding = <T>(id: string, work: () => Promise<T>): Promise<T> =>
    options.locks ? (options.locks.request(lockName(id), work) as Promise<T>) : work();

  return {
    async list() {
      const dir = await directory();
      const files: StoredModelFile[] = [];
      for (const id of await idsIn(dir)) {
        const file = await describe(dir, id);
        if (file) files.push(file);
      }
      return files.sort((a, b) => a.storedAt - b.storedAt);
    },

    async add(name, source, size, addOptions = {}) {
      await checkRoomFor(size, estimate);
      const dir = await directory();
      const id = modelIdFor(name, await idsIn(dir));
      return holding(id, async () => {
        const handle = await dir.getFileHandle(`${id}.gguf`, { create: true });
        const writable = await handle.createWritable();
        try {
          for await (const chunk of chunksOf(source, size, addOptions)) {
            await writable.write(chunk as Uint8Array<ArrayBuffer>);
          }
          await writable.close();
        } catch (error) {
          await writable.abort().catch(() => undefined);
          await removeEntries(dir, id);
          throw error;
        }
        const facts = await readGgufWindowFacts(await handle.getFile());
        const file: StoredModelFile = {
          id,
          name,
          size,
          storedAt: now(),
          where: 'opfs',
          ...facts,
        };
        const meta = await (
          await dir.getFileHandle(`${id}.json`, { create: true })
        ).createWritable();
        await meta.write(JSON.stringify(file));
        await meta.close();
        return file;
      });
    },

    async read(id) {
      const dir = await directory();
      if (!(await describe(dir, id))) return undefined;
      return (await dir.getFileHandle(`${id}.gguf`)).getFile();
    },

    async remove(id) {
      await removeEntries(await directory(), id);
    },

    async sweep() {
      const dir = await directory();
      const names = await namesIn(dir);
      for (const id of new Set(names.map(idOf))) {
        if (await describe(dir, id)) continue;
        const abandoned = async () => {
          // Checked again under the lock: the other tab may have finished meanwhile.
          if (await describe(dir, id)) return;
          for (const name of names.filter((entry) => idOf(entry) === id)) {
            await dir.removeEntry(name).catch(() => undefined);
          }
        };
        if (!options.locks) await abandoned();
        else {
          await options.locks.request(lockName(id), { ifAvailable: true }, (lock) =>
            lock ? abandoned() : undefined,
          );
        }
      }
    },
  };
}

/** `<id>.gguf`, `<id>.json`, or the swap file a browser keeps beside an open writable. */
const idOf = (name: string) => name.replace(/\.(gguf|json)(\.crswap)?$/, '');

async function namesIn(dir: FileSystemDirectoryHandle): Promise<string[]> {
  const names: string[] = [];
  for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) {
    names.push(name);
  }
  return names;
}

async function idsIn(dir: FileSystemDirectoryHandle): Promise<Set<string>> {
  return new Set((await namesIn(dir)).map(idOf));
}

/** The stored file's description, when it is committed and its bytes are all there. */
async function describe(
  dir: FileSystemDirectoryHandle,
  id: string,
): Promise<StoredModelFile | undefined> {
  try {
    const handle = await dir.getFileHandle(`${id}.json`);
    const parsed = JSON.parse(await (await handle.getFile()).text()) as StoredModelFile;
    const bytes = await (await dir.getFileHandle(`${id}.gguf`)).getFile();
    return bytes.size === parsed.size ? { ...parsed, where: 'opfs' } : undefined;
  } catch {
    return undefined;
  }
}

async function removeEntries(dir: FileSystemDirectoryHandle, id: string): Promise<void> {
  // The description first: without it the bytes are no longer offered, even if removing
  // them fails.
  await dir.removeEntry(`${id}.json`).catch(() => undefined);
  await dir.removeEntry(`${id}.gguf`).catch(() => undefined);
}
