import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { FileRecord } from '../../../src/store/records';
import { DEFAULT_ZIP_LIMITS, readZip, writeZip } from '../../../src/workspace/zip-archive';

const text = (s: string) => new TextEncoder().encode(s);

function row(
  path: string,
  content: string | Uint8Array,
  kind: 'file' | 'folder' = 'file',
): FileRecord {
  const size = typeof content === 'string' ? text(content).length : content.byteLength;
  return { workspaceId: 'w', path, kind, content, size, mtime: Date.UTC(2026, 5, 1), version: 1 };
}

/** Rewrites every declared uncompressed size (local and central headers) to 10 bytes. */
function understateSizes(zip: Uint8Array): void {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 4 <= zip.byteLength; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, 10, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, 10, true);
  }
}

/** Bytes that do not compress (a xorshift sequence), so their entries are large. */
function noiseBytes(size: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = 2463534242;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

function failure(run: () => unknown): CoveError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CoveError);
    return error as CoveError;
  }
  throw new Error('expected a failure');
}

describe('zip round trip', () => {
  // Invariant 14: export, wipe, import gives back the same files and tree.
  it('gives back byte-identical files, binaries and empty folders included', () => {
    const binary = new Uint8Array(256).map((_, i) => i);
    const rows = [
      row('README.md', '# Hi\r\nwith CRLF and ünïcode 🐍\n'),
      row('bom.txt', '\uFEFFbom'),
      row('data/blob.bin', binary),
      row('data', '', 'folder'),
      row('empty', '', 'folder'),
    ];
    const contents = readZip(writeZip(rows));
    expect(contents.skipped).toEqual([]);
    expect(contents.folders.sort()).toEqual(['data', 'empty']);
    const byPath = new Map(contents.files.map((f) => [f.path, f.bytes]));
    expect(byPath.get('README.md')).toEqual(text('# Hi\r\nwith CRLF and ünïcode 🐍\n'));
    expect(byPath.get('bom.txt')).toEqual(new Uint8Array([0xef, 0xbb, 0xbf, 0x62, 0x6f, 0x6d]));
    expect(byPath.get('data/blob.bin')).toEqual(binary);
  });

  it('writes the same archive for the same files', () => {
    const rows = [row('b.py', 'b'), row('a.py', 'a')];
    expect(writeZip(rows)).toEqual(writeZip([...rows].reverse()));
  });
});

describe('hostile and broken archives', () => {
  it('returns entries with hostile names as found, for the workspace to reject', () => {
    const zip = zipSync({ '../evil.py': text('x'), '/abs.py': text('y'), 'ok.py': text('z') });
    const names = readZip(zip)
      .files.map((f) => f.path)
      .sort();
    expect(names).toEqual(['../evil.py', '/abs.py', 'ok.py']);
  });

  it('skips macOS metadata', () => {
    const zip = zipSync({ '__MACOSX/._a.py': text('junk'), 'a.py': text('a') });
    const result = readZip(zip);
    expect(result.files.map((f) => f.path)).toEqual(['a.py']);
    expect(result.skipped).toEqual([{ path: '__MACOSX/._a.py', reason: 'macOS metadata' }]);
  });

  it('stops a zip bomb at the expanded-size limit', () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const zip = zipSync({ 'a.bin': zeros, 'b.bin': zeros }, { level: 9 });
    expect(zip.byteLength).toBeLessThan(20_000);
    const error = failure(() =>
      readZip(zip, {
        limits: {
          ...DEFAULT_ZIP_LIMITS,
          maxFileBytes: 4 * 1024 * 1024,
          maxExpandedBytes: 5 * 1024 * 1024,
        },
      }),
    );
    expect(error.code).toBe('zip-too-large');
    expect(error.hint).toContain('zip bomb');
  });

  it('refuses a bomb whose headers understate the sizes, stopping at the stated size', () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const zip = zipSync({ 'a.bin': zeros, 'b.bin': zeros }, { level: 9 });
    understateSizes(zip);
    const error = failure(() =>
      readZip(zip, {
        limits: {
          ...DEFAULT_ZIP_LIMITS,
          maxFileBytes: 4 * 1024 * 1024,
          maxExpandedBytes: 5 * 1024 * 1024,
        },
      }),
    );
    expect(error.code).toBe('zip-damaged');
    expect(error.message).toContain('"a.bin" is larger than the archive says');
    expect(error.hint).toContain('Nothing was imported');
  });

  it('refuses an archive with one entry that inflates past its stated size', () => {
    // Over 64 KB compressed, so it is inflated in steps and stopped at the stated size.
    const noise = noiseBytes(300 * 1024);
    const zip = zipSync({ 'liar.bin': noise, 'ok.txt': text('fine') }, { level: 1 });
    understateSizes(zip);
    const error = failure(() => readZip(zip));
    expect(error.code).toBe('zip-damaged');
    expect(error.message).toContain('"liar.bin" is larger than the archive says');
  });

  it('refuses an entry that inflates to less than its stated size', () => {
    const zip = zipSync({ 'short.txt': text('hello') });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let i = 0; i + 4 <= zip.byteLength; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 50, true);
    }
    expect(failure(() => readZip(zip)).message).toContain('"short.txt" is smaller');
  });

  it('skips an entry stated over the file limit without inflating it', () => {
    const zip = zipSync({ 'big.bin': new Uint8Array(2048), 'small.txt': text('ok') });
    const result = readZip(zip, { limits: { ...DEFAULT_ZIP_LIMITS, maxFileBytes: 1024 } });
    expect(result.files.map((f) => f.path)).toEqual(['small.txt']);
    expect(result.skipped).toEqual([{ path: 'big.bin', reason: 'is over the 1.0 KB limit' }]);
  });

  it('reads thousands of entries and reports progress as it goes', () => {
    const entries = Object.fromEntries(
      Array.from({ length: 2000 }, (_, i) => [`pkg${i % 20}/m${i}.py`, text(`x = ${i}\n`)]),
    );
    const seen: [number, number][] = [];
    const result = readZip(zipSync(entries), { onProgress: (read, all) => seen.push([read, all]) });
    expect(result.files).toHaveLength(2000);
    expect(new TextDecoder().decode(result.files[1234]!.bytes)).toBe('x = 1234\n');
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.at(-1)).toEqual([2000, 2000]);
    expect(seen.every(([read], i) => i === 0 || read >= seen[i - 1]![0])).toBe(true);
  });

  it('reads entries stored without compression, large ones in steps', () => {
    const big = noiseBytes(500 * 1024);
    const zip = zipSync({ 'raw.bin': [big, { level: 0 }], 'packed.bin': big });
    expect(zip.byteLength).toBeGreaterThan(2 * 64 * 1024);
    const byPath = new Map(readZip(zip).files.map((f) => [f.path, f.bytes]));
    // Compared as Buffers: deep equality walks a typed array element by element, slowly.
    expect(Buffer.from(byPath.get('raw.bin')!).equals(big)).toBe(true);
    expect(Buffer.from(byPath.get('packed.bin')!).equals(big)).toBe(true);
  });

  it('refuses too many entries', () => {
    const entries = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`f${i}.txt`, text('x')]),
    );
    const error = failure(() =>
      readZip(zipSync(entries), { limits: { ...DEFAULT_ZIP_LIMITS, maxEntries: 20 } }),
    );
    expect(error.code).toBe('zip-too-large');
  });

  it('refuses a truncated archive', () => {
    const zip = zipSync({ 'a.txt': text('hello'.repeat(1000)), 'b.txt': text('world') });
    for (const cut of [10, Math.floor(zip.byteLength / 2), zip.byteLength - 5]) {
      expect(failure(() => readZip(zip.subarray(0, cut))).code).toBe('zip-damaged');
    }
  });

  it('refuses a file that is not a zip', () => {
    const error = failure(() => readZip(text('just some text, not an archive')));
    expect(error.code).toBe('zip-damaged');
    expect(error.hint).toContain('Nothing was imported');
  });
});
