import { describe, expect, it } from 'vitest';
import { capConsoleText, PreviewConsoleLog } from '../../../src/runtime/preview-console';

describe("the preview's console", () => {
  it('cuts a long message and says how long it was', () => {
    expect(capConsoleText('abcdef', 4)).toBe('abcd… (cut: 6 characters)');
    expect(capConsoleText('abcd', 4)).toBe('abcd');
    const log = new PreviewConsoleLog({ entryChars: 10, entries: 5 });
    expect(log.add('log', 'x'.repeat(50)).text).toBe(`${'x'.repeat(10)}… (cut: 50 characters)`);
  });

  it('keeps the newest entries and counts those it let go', () => {
    const log = new PreviewConsoleLog({ entryChars: 100, entries: 3 });
    for (let i = 1; i <= 5; i++) log.add(i === 5 ? 'error' : 'log', `m${i}`);
    expect(log.entries().map((e) => e.text)).toEqual(['m3', 'm4', 'm5']);
    expect(log.entries().map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(log.dropped).toBe(2);
    expect(log.lastSeq()).toBe(5);
  });

  it('reads what came after a place, and keeps counting across a clear', () => {
    const log = new PreviewConsoleLog();
    log.add('log', 'a');
    log.add('warn', 'b');
    expect(log.since(1).map((e) => e.text)).toEqual(['b']);
    log.clear();
    expect(log.entries()).toEqual([]);
    expect(log.dropped).toBe(0);
    expect(log.add('info', 'c').seq).toBe(3);
    expect(log.since(2).map((e) => e.text)).toEqual(['c']);
  });
});
