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
        ...DEFAULT_ZIP_LIMITS,
        maxFileBytes: 4 * 1024 * 1024,
        maxExpandedBytes: 5 * 1024 * 1024,
      }),
    );
    expect(error.code).toBe('zip-too-large');
    expect(error.hint).toContain('zip bomb');
  });

  it('stops a bomb whose headers understate the sizes while inflating', () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const zip = zipSync({ 'a.bin': zeros, 'b.bin': zeros }, { level: 9 });
    understateSizes(zip);
    const error = failure(() =>
      readZip(zip, {
        ...DEFAULT_ZIP_LIMITS,
        maxFileBytes: 4 * 1024 * 1024,
        maxExpandedBytes: 5 * 1024 * 1024,
      }),
    );
    expect(error.code).toBe('zip-too-large');
  });

  it('catches an entry whose headers understate its size', () => {
    const zip = zipSync({ 'liar.bin': new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
    understateSizes(zip);
    const result = readZip(zip, { ...DEFAULT_ZIP_LIMITS, maxFileBytes: 1024 * 1024 });
    expect(result.files).toEqual([]);
    expect(result.skipped[0]).toMatchObject({ path: 'liar.bin' });
    expect(result.skipped[0]!.reason).toContain('limit');
  });

  it('skips single files over the per-file limit and keeps the rest', () => {
    const zip = zipSync({ 'big.bin': new Uint8Array(2048), 'small.txt': text('ok') });
    const result = readZip(zip, { ...DEFAULT_ZIP_LIMITS, maxFileBytes: 1024 });
    expect(result.files.map((f) => f.path)).toEqual(['small.txt']);
    expect(result.skipped.map((s) => s.path)).toEqual(['big.bin']);
  });

  it('refuses too many entries', () => {
    const entries = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`f${i}.txt`, text('x')]),
    );
    const error = failure(() =>
      readZip(zipSync(entries), { ...DEFAULT_ZIP_LIMITS, maxEntries: 20 }),
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
