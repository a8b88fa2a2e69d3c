/** What a GGUF header tells about the window a model can be given. */
export interface GgufWindowFacts {
  /** The context the model was trained for (`<arch>.context_length`). */
  trainedContext?: number;
  /** Bytes of llama.cpp's f16 key/value cache per token of context. */
  kvBytesPerToken?: number;
}

/**
 * Reads the header of a GGUF file without loading the model, so the model picker and the
 * context meter know the window as soon as a file is stored. Empty when the file is not a
 * GGUF. Reads the header in slices: a vocabulary of 150,000 tokens sits in it.
 */
export async function readGgufWindowFacts(file: Blob): Promise<GgufWindowFacts> {
  const numbers = new Map<string, number>();
  try {
    await readHeader(new BlobCursor(file), numbers);
  } catch {
    // A damaged or cut header: what was read before the damage still holds.
  }
  const find = (suffix: string) =>
    [...numbers].find(([key]) => key.endsWith(suffix) && !key.startsWith('general.'))?.[1];
  const trainedContext = find('.context_length');
  const layers = find('.block_count');
  const width = find('.embedding_length');
  const heads = find('.attention.head_count');
  const kvHeads = find('.attention.head_count_kv') ?? heads;
  const keyWidth = find('.attention.key_length') ?? (width && heads ? width / heads : undefined);
  const kvBytesPerToken =
    layers && keyWidth && kvHeads ? layers * 2 * keyWidth * kvHeads * 2 : undefined;
  return {
    ...(trainedContext ? { trainedContext } : {}),
    ...(kvBytesPerToken ? { kvBytesPerToken } : {}),
  };
}

/** GGUF value types (ggml/include/gguf.h) and the byte size of the fixed-size ones. */
const FIXED_SIZE: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};
const STRING = 8;
const ARRAY = 9;
const UINT32 = 4;
const UINT64 = 10;
/** No real model has this many header entries; a bigger number means a damaged file. */
const MAX_ENTRIES = 100_000;

/** Collects the header's whole-number entries into `numbers`. */
async function readHeader(cursor: BlobCursor, numbers: Map<string, number>): Promise<void> {
  if ((await cursor.text(4)) !== 'GGUF') return;
  const version = await cursor.u32();
  if (version < 2) return;
  await cursor.u64(); // tensor count
  const entries = await cursor.u64();
  if (entries > MAX_ENTRIES) return;
  for (let index = 0; index < entries; index++) {
    const key = await cursor.text(await cursor.u64());
    const type = await cursor.u32();
    if (type === UINT32) numbers.set(key, await cursor.u32());
    else if (type === UINT64) numbers.set(key, await cursor.u64());
    else await skipValue(cursor, type);
  }
}

async function skipValue(cursor: BlobCursor, type: number): Promise<void> {
  if (type === STRING) return cursor.skip(await cursor.u64());
  if (type === ARRAY) {
    const itemType = await cursor.u32();
    const count = await cursor.u64();
    const size = FIXED_SIZE[itemType];
    if (size !== undefined) return cursor.skip(size * count);
    for (let item = 0; item < count; item++) await skipValue(cursor, itemType);
    return;
  }
  const size = FIXED_SIZE[type];
  if (size === undefined) throw new Error(`unknown GGUF value type ${type}`);
  cursor.skip(size);
}

/** Reads a Blob front to back, a slice at a time. */
class BlobCursor {
  private static readonly SLICE = 256 * 1024;
  private buffer = new Uint8Array(0);
  /** The file offset of buffer[0]. */
  private start = 0;
  private offset = 0;
  constructor(private readonly file: Blob) {}

  private async need(count: number): Promise<DataView> {
    const end = this.offset + count;
    if (end > this.file.size) throw new Error('the GGUF header ends early');
    if (this.offset < this.start || end > this.start + this.buffer.length) {
      this.start = this.offset;
      const slice = this.file.slice(this.offset, this.offset + Math.max(count, BlobCursor.SLICE));
      this.buffer = new Uint8Array(await slice.arrayBuffer());
    }
    const view = new DataView(this.buffer.buffer, this.offset - this.start, count);
    this.offset = end;
    return view;
  }
  skip(count: number): void {
    this.offset += count;
  }
  async u32(): Promise<number> {
    return (await this.need(4)).getUint32(0, true);
  }
  async u64(): Promise<number> {
    return Number((await this.need(8)).getBigUint64(0, true));
  }
  async text(length: number): Promise<string> {
    const view = await this.need(length);
    return new TextDecoder().decode(new Uint8Array(view.buffer, view.byteOffset, length));
  }
}
