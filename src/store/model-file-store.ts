import { CoveError } from '../base/errors';
import { readGgufWindowFacts } from './gguf-window-facts';

/** A model file kept in this browser for the in-browser model (GGUF). */
export interface StoredModelFile {
  /** Stable id; also the model id in the model picker. */
  id: string;
  /** The file's name as the person picked or downloaded it. */
  name: string;
  size: number;
  storedAt: number;
  /** Where the bytes live. */
  where: 'opfs' | 'memory';
  /** The context the model was trained for, read from the file's header when stored. */
  trainedContext?: number;
  /** What each token of context costs in llama.cpp's cache, from the header too. */
  kvBytesPerToken?: number;
}

/** Progress of a file being stored, in bytes. */
export type StoreProgress = (written: number, total: number) => void;

/**
 * The model files kept in this browser. A file is listed only once all its bytes are
 * written: a store interrupted half-way (a closed tab, a cancelled download, a full disk)
 * leaves nothing that could be offered to the model picker.
 */
export interface ModelFileStore {
  list(): Promise<StoredModelFile[]>;
  /**
   * Stores `size` bytes read from `source` under a new id. Checks the storage estimate
   * first and throws CoveError('model-no-room') when the file cannot fit; throws an
   * AbortError when `signal` aborts (nothing is kept).
   */
  add(
    name: string,
    source: Blob | ReadableStream<Uint8Array>,
    size: number,
    options?: { signal?: AbortSignal; onProgress?: StoreProgress },
  ): Promise<StoredModelFile>;
  /** The file's bytes, or undefined when it is not (completely) stored. */
  read(id: string): Promise<Blob | undefined>;
  remove(id: string): Promise<void>;
  /**
   * Deletes what an interrupted store left (bytes without a description): a closed tab or a
   * crash in the middle of a copy. Never touches a file another tab is still writing.
   */
  sweep(): Promise<void>;
}

/** What `navigator.storage.estimate()` answers. */
export type StorageEstimate = () => Promise<{ quota?: number; usage?: number }>;

/** Room kept free beside a model, so Cove's own data can still be written. */
export const MODEL_HEADROOM_BYTES = 64 * 1024 * 1024;

/** Throws CoveError('model-no-room') when `size` bytes (plus headroom) do not fit. */
export async function checkRoomFor(size: number, estimate: StorageEstimate): Promise<void> {
  const { quota, usage } = await estimate().catch(() => ({}) as { quota?: number; usage?: number });
  if (quota === undefined) return;
  const free = Math.max(0, quota - (usage ?? 0));
  if (size + MODEL_HEADROOM_BYTES > free) {
    throw new CoveError(
      'model-no-room',
      `This model needs ${formatBytes(size)}, but this browser lets Cove store only ${formatBytes(free)} more.`,
      'Delete other models or site data, or pick a smaller model.',
    );
  }
}

/**
 * An id made from the file's name, so replies name the model readably ("qwen2.5-coder.gguf"),
 * with a number added when that name is already stored.
 */
export function modelIdFor(name: string, taken: ReadonlySet<string>): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'model.gguf';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.replace(/(\.gguf)?$/i, '')}-${n}.gguf`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function abortError(): DOMException {
  return new DOMException('The model file was not stored: cancelled.', 'AbortError');
}

/** Reads `source` in chunks, reporting progress and honouring `signal`. */
export async function* chunksOf(
  source: Blob | ReadableStream<Uint8Array>,
  total: number,
  options: { signal?: AbortSignal; onProgress?: StoreProgress },
): AsyncGenerator<Uint8Array> {
  const stream = source instanceof Blob ? source.stream() : source;
  const reader = stream.getReader();
  let written = 0;
  try {
    for (;;) {
      if (options.signal?.aborted) throw abortError();
      const { done, value } = await reader.read();
      if (done) break;
      written += value.byteLength;
      yield value;
      options.onProgress?.(written, total);
    }
  } finally {
    if (options.signal?.aborted) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  if (written !== total) {
    throw new CoveError(
      'model-incomplete',
      `The model file ended after ${formatBytes(written)} of ${formatBytes(total)}.`,
      'Pick or download it again.',
    );
  }
}

/** The in-memory store, for tests and for browsers without OPFS (lost on reload). */
export function createMemoryModelFileStore(
  options: { estimate?: StorageEstimate; now?: () => number } = {},
): ModelFileStore {
  const files = new Map<string, { file: StoredModelFile; blob: Blob }>();
  return {
    list: () => Promise.resolve([...files.values()].map((entry) => entry.file)),
    async add(name, source, size, addOptions = {}) {
      if (options.estimate) await checkRoomFor(size, options.estimate);
      const parts: Uint8Array[] = [];
      for await (const chunk of chunksOf(source, size, addOptions)) parts.push(chunk);
      const blob = new Blob(parts as BlobPart[]);
      const facts = await readGgufWindowFacts(blob);
      const file: StoredModelFile = {
        id: modelIdFor(name, new Set(files.keys())),
        name,
        size,
        storedAt: options.now?.() ?? Date.now(),
        where: 'memory',
        ...facts,
      };
      files.set(file.id, { file, blob });
      return file;
    },
    read: (id) => Promise.resolve(files.get(id)?.blob),
    remove: (id) => {
      files.delete(id);
      return Promise.resolve();
    },
    // Nothing half-written survives: the bytes are kept only once complete.
    sweep: () => Promise.resolve(),
  };
}
