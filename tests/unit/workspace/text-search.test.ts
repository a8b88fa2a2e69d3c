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
  const complete = searchContent(compiled.matcher, 'f.txt', content, out, options.limit ?? 100);
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

  it('a pattern that would backtrack for minutes answers at once (RE2, linear time)', () => {
    const text = `${'a'.repeat(5_000)}!\n`;
    expect(search('(a+)+$', text, { regex: true }).lines).toEqual([]);
    expect(search('(a|aa)*b', `${'a'.repeat(5_000)}\nb`, { regex: true }).lines).toEqual(['2: b']);
  });

  it('says which regex features RE2 lacks', () => {
    const bad = compileSearch({ pattern: '(a)\\1', regex: true, caseSensitive: false });
    expect(!bad.ok && bad.message).toMatch(/RE2 syntax \(no backreferences or lookaround\)/);
  });

  it('matches paths as a whole, again and again with the same compiled pattern', () => {
    const compiled = compileSearch({ pattern: 'src/.*\\.py$', regex: true, caseSensitive: true });
    if (!compiled.ok) throw new Error('compile');
    expect(pathMatches(compiled.matcher, 'src/a.py')).toBe(true);
    expect(pathMatches(compiled.matcher, 'src/b.py')).toBe(true);
    expect(pathMatches(compiled.matcher, 'lib/a.py')).toBe(false);
  });
});
