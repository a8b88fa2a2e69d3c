import { describe, expect, it } from 'vitest';
import { copyRow } from '../../../src/store/row-copy';

describe('copyRow', () => {
  it('copies nested plain data so changing the copy leaves the row as stored', () => {
    const row = {
      id: 'n1',
      toolCalls: [{ id: 'c1', args: { path: 'a.py' } }],
      usage: { input: 3 },
    };
    const copy = copyRow(row);
    expect(copy).toEqual(row);
    copy.toolCalls[0]!.args.path = 'b.py';
    copy.usage.input = 9;
    expect(row.toolCalls[0]!.args.path).toBe('a.py');
    expect(row.usage.input).toBe(3);
  });

  it('keeps undefined properties, null and holes as structuredClone does', () => {
    const row = { a: undefined, b: null, list: [1, undefined, 'x'] };
    expect(copyRow(row)).toEqual(structuredClone(row));
    expect(Object.keys(copyRow(row))).toEqual(['a', 'b', 'list']);
  });

  it('hands typed arrays, dates and blobs to structuredClone (copies, not shared)', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const row = { bytes, at: new Date(5), blob: new Blob(['hi']) };
    const copy = copyRow(row);
    expect(copy.bytes).not.toBe(bytes);
    expect([...copy.bytes]).toEqual([1, 2, 3]);
    expect(copy.at.getTime()).toBe(5);
    expect(copy.blob.size).toBe(2);
  });

  it('refuses a function as IndexedDB would', () => {
    expect(() => copyRow({ run: () => 1 })).toThrow();
  });
});
