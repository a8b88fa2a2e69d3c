import { describe, expect, it } from 'vitest';
import { OutputBatcher, utf8Length, type OutputBatch } from '../../../src/runtime/output-batcher';
import { OutputDecoder } from '../../../src/runtime/output-decoder';

function setup(options: { limitChars?: number; flushChars?: number; minIntervalMs?: number } = {}) {
  let time = 1000;
  const batches: OutputBatch[] = [];
  const batcher = new OutputBatcher({
    limitChars: options.limitChars ?? 1000,
    flushChars: options.flushChars ?? 100,
    minIntervalMs: options.minIntervalMs ?? 16,
    now: () => time,
    emit: (batch) => batches.push(batch),
  });
  return {
    batcher,
    batches,
    advance: (ms: number) => {
      time += ms;
    },
    texts: () =>
      batches.flatMap((b) =>
        b.type === 'output' ? b.chunks.map((c) => `${c.stream}:${c.text}`) : [],
      ),
  };
}

describe('OutputBatcher', () => {
  it('passes the first write after a quiet spell on at once', () => {
    const { batcher, batches } = setup();
    batcher.write('stdout', 'hello\n');
    expect(batches).toEqual([{ type: 'output', chunks: [{ stream: 'stdout', text: 'hello\n' }] }]);
  });

  it('holds a burst and merges adjacent writes of one stream, keeping the order', () => {
    const { batcher, batches, advance, texts } = setup();
    batcher.write('stdout', 'a');
    batcher.write('stdout', 'b');
    batcher.write('stderr', 'c');
    batcher.write('stdout', 'd');
    expect(batches).toHaveLength(1);
    advance(20);
    batcher.write('stdout', 'e');
    expect(texts()).toEqual(['stdout:a', 'stdout:b', 'stderr:c', 'stdout:de']);
  });

  it('turns a flood into few batches', () => {
    const { batcher, batches } = setup({ limitChars: 10_000_000, flushChars: 64 * 1024 });
    for (let i = 0; i < 100_000; i++) batcher.write('stdout', 'line of output\n');
    batcher.flush();
    const total = batches.reduce(
      (sum, b) => sum + (b.type === 'output' ? b.chunks.reduce((s, c) => s + c.text.length, 0) : 0),
      0,
    );
    expect(total).toBe(1_500_000);
    expect(batches.length).toBeLessThan(30);
  });

  it('flushIfDue sends held output once the interval passed, flush always', () => {
    const { batcher, batches, advance } = setup();
    batcher.write('stdout', 'a');
    batcher.write('stdout', 'b');
    batcher.flushIfDue();
    expect(batches).toHaveLength(1);
    advance(16);
    batcher.flushIfDue();
    expect(batches).toHaveLength(2);
    batcher.write('stdout', 'c');
    batcher.flush();
    expect(batches).toHaveLength(3);
    batcher.flush();
    expect(batches).toHaveLength(3);
  });

  it('cuts at the cap, sends one notice, then only counts bytes', () => {
    const { batcher, batches, texts } = setup({ limitChars: 10 });
    batcher.write('stdout', '12345678');
    batcher.write('stderr', 'abcdef');
    expect(batcher.truncated).toBe(true);
    expect(texts()).toEqual(['stdout:12345678', 'stderr:ab']);
    expect(batches.filter((b) => b.type === 'output-truncated')).toEqual([
      { type: 'output-truncated', limitChars: 10 },
    ]);
    batcher.write('stdout', 'é');
    batcher.drop(100);
    expect(batcher.droppedBytes).toBe(4 + 2 + 100);
    expect(batcher.shownChars).toBe(10);
    expect(batches.filter((b) => b.type === 'output-truncated')).toHaveLength(1);
  });

  it('never splits a surrogate pair at the cap', () => {
    const { batcher, texts } = setup({ limitChars: 3 });
    batcher.write('stdout', 'ab🐍');
    expect(texts()).toEqual(['stdout:ab']);
    expect(batcher.droppedBytes).toBe(4);
  });

  it('ignores empty writes', () => {
    const { batcher, batches } = setup();
    batcher.write('stdout', '');
    batcher.flush();
    expect(batches).toEqual([]);
  });
});

describe('utf8Length', () => {
  it.each(['', 'abc', 'é', '€', '🐍', 'a\ud800b', 'x🐍é'])('matches TextEncoder for %j', (text) => {
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('OutputDecoder', () => {
  it('shows bytes that are not UTF-8 as replacement characters', () => {
    const decoder = new OutputDecoder();
    expect(decoder.decode(new Uint8Array([0x61, 0xff, 0xfe, 0x62]))).toBe('a\ufffd\ufffdb');
  });

  it('joins a character split across writes', () => {
    const decoder = new OutputDecoder();
    const bytes = new TextEncoder().encode('🐍');
    expect(decoder.decode(bytes.subarray(0, 2))).toBe('');
    expect(decoder.decode(bytes.subarray(2))).toBe('🐍');
  });

  it('turns an unfinished character at the end into one replacement character', () => {
    const decoder = new OutputDecoder();
    expect(decoder.decode(new Uint8Array([0x61, 0xf0, 0x9f]))).toBe('a');
    expect(decoder.end()).toBe('\ufffd');
    expect(decoder.decode(new Uint8Array([0x62]))).toBe('b');
  });
});
