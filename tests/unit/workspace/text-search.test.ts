import { describe, expect, it } from 'vitest';
import {
  compileSearch,
  pathMatches,
  searchContent,
  type LineMatch,
} from '../../../src/workspace/text-search';

function search(
  pattern: string,
  content: string,
  options: { regex?: boolean; limit?: number } = {},
) {
  const compiled = compileSearch({ pattern, regex: options.regex ?? false, caseSensitive: false });
  if (!compiled.ok) throw new Error(compiled.message);
  const out: LineMatch[] = [];
  const complete = searchContent(compiled.regex, 'f.txt', content, out, options.limit ?? 100);
  return { lines: out.map((match) => `${match.line}: ${match.text}`), complete };
}

describe('text search', () => {
  it('numbers lines from 1, one entry per matching line, CRLF shown without \\r', () => {
    expect(search('a', 'a a\nb\r\nxa\r\n\nA').lines).toEqual(['1: a a', '3: xa', '5: A']);
    expect(search('x', '\nx').lines).toEqual(['2: x']);
  });

  it('treats plain text literally and regexes as regexes; empty matches do not loop', () => {
    expect(search('a.c', 'abc\na.c').lines).toEqual(['2: a.c']);
    expect(search('a.c', 'abc\na.c', { regex: true }).lines).toEqual(['1: abc', '2: a.c']);
    expect(search('^', 'one\ntwo\n', { regex: true }).lines).toEqual(['1: one', '2: two', '3: ']);
    expect(search('\\n', 'one\ntwo', { regex: true }).lines).toEqual(['1: one']);
  });

  it('stops at the limit and says the file was not done', () => {
    expect(search('x', 'x\nx\nx', { limit: 2 })).toEqual({
      lines: ['1: x', '2: x'],
      complete: false,
    });
    expect(search('x', 'x\nx', { limit: 2 })).toEqual({ lines: ['1: x', '2: x'], complete: true });
  });

  it('refuses an empty pattern and an invalid regex with the reason', () => {
    expect(compileSearch({ pattern: '', regex: false, caseSensitive: false })).toEqual({
      ok: false,
      message: 'The pattern is empty.',
    });
    const bad = compileSearch({ pattern: '[a-', regex: true, caseSensitive: false });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^The regular expression is invalid: .+/);
  });

  it('matches paths as a whole, again and again with the same compiled pattern', () => {
    const compiled = compileSearch({ pattern: 'src/.*\\.py$', regex: true, caseSensitive: true });
    if (!compiled.ok) throw new Error('compile');
    expect(pathMatches(compiled.regex, 'src/a.py')).toBe(true);
    expect(pathMatches(compiled.regex, 'src/b.py')).toBe(true);
    expect(pathMatches(compiled.regex, 'lib/a.py')).toBe(false);
  });
});
