import { describe, expect, test } from 'vitest';
import { DEFAULT_RENDER_LIMITS, resolveLimits } from '../../../src/render/render-limits';
import { SourceNormalizer } from '../../../src/render/source-normalizer';
import { randomChunks, seededRandom } from './render-test-kit';

function run(chunks: string[], limits = DEFAULT_RENDER_LIMITS) {
  const normalizer = new SourceNormalizer(limits);
  let lines = '';
  for (const chunk of chunks) {
    normalizer.push(chunk);
    lines += normalizer.drainLines();
  }
  normalizer.end();
  lines += normalizer.drainLines();
  return {
    lines,
    overflow: normalizer.overflowText,
    overflowLength: normalizer.overflowLength,
    normalizer,
  };
}

describe('SourceNormalizer', () => {
  test('CR LF, lone CR and NUL, also when split across chunks', () => {
    expect(run(['a\r\nb\rc\u0000d']).lines).toBe('a\nb\nc\ufffdd');
    expect(run(['a\r', '\nb\r', 'c\r']).lines).toBe('a\nb\nc\n');
  });

  test('hands out complete lines once and keeps the partial line apart', () => {
    const normalizer = new SourceNormalizer(DEFAULT_RENDER_LIMITS);
    normalizer.push('one\ntw');
    expect(normalizer.drainLines()).toBe('one\n');
    expect(normalizer.partialLine).toBe('tw');
    expect(normalizer.drainLines()).toBe('');
    normalizer.push('o\n');
    expect(normalizer.drainLines()).toBe('two\n');
    expect(normalizer.partialLine).toBe('');
    normalizer.push('three');
    normalizer.end();
    expect(normalizer.drainLines()).toBe('three');
    expect(normalizer.markdownComplete).toBe(true);
    expect(() => normalizer.push('x')).toThrow();
  });

  test('the result does not depend on the chunking', () => {
    const text =
      'a\r\nb\n> > > > > > > > > > > > > > x\r\n```\n- - - - - - - - - - - - - - - y\n```\n' +
      'z'.repeat(300);
    const limits = resolveLimits({ maxMarkdownChars: 120, maxPlainChars: 100 });
    const whole = run([text], limits);
    for (let seed = 1; seed < 30; seed++) {
      const chunked = run(randomChunks(text, seededRandom(seed), 9), limits);
      expect(chunked.lines).toBe(whole.lines);
      expect(chunked.overflow).toBe(whole.overflow);
      expect(chunked.overflowLength).toBe(whole.overflowLength);
    }
  });

  test('the Markdown part ends at a line end near the limit; the rest is overflow', () => {
    const limits = resolveLimits({ maxMarkdownChars: 10, maxPlainChars: 5 });
    const { lines, overflow, overflowLength, normalizer } = run(['abc\ndefghijklmnop'], limits);
    expect(lines).toBe('abc\n');
    expect(overflow).toBe('defgh');
    expect(overflowLength).toBe(13);
    expect(normalizer.hasOverflow).toBe(true);
  });

  test('without a line end near the limit the cut is at the limit, never inside a surrogate pair', () => {
    const limits = resolveLimits({ maxMarkdownChars: 5 });
    expect(run(['abcd🙂ef'], limits).lines).toBe('abcd');
    expect(run(['abcd🙂ef'], limits).overflow).toBe('🙂ef');
  });
});
