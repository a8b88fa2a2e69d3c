import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/app/messages/describe-error';
import { searchTexts, type ProjectQuery } from '../../../src/workspace/project-search';

const texts = [
  { path: 'src/app.py', text: 'import os\nvalue = Value + value_2\n# VALUE\n' },
  { path: 'src/util.py', text: 'def value():\r\n    return "value"\r\n' },
  { path: 'tests/test_app.py', text: 'assert value\n' },
  { path: 'README.md', text: 'The value of values.\n' },
];

function find(pattern: string, options: Partial<ProjectQuery> = {}, limit?: number) {
  const query: ProjectQuery = {
    pattern,
    regex: false,
    caseSensitive: false,
    wholeWord: false,
    include: '',
    exclude: '',
    ...options,
  };
  const found = searchTexts(query, texts, limit);
  if (!found.ok) throw found.error;
  return found.result;
}

/** Each match as "path:line:column match-in-preview". */
function listed(result: ReturnType<typeof find>) {
  return result.files.flatMap((file) =>
    file.hits.map(
      (hit) =>
        `${file.path}:${hit.line}:${hit.column} ${hit.preview.slice(hit.highlight.from, hit.highlight.to)}`,
    ),
  );
}

describe('project search over texts', () => {
  it('finds every match of a line, with its line, column and highlighted text, by file', () => {
    const result = find('value');
    expect(listed(result)).toEqual([
      'src/app.py:2:1 value',
      'src/app.py:2:9 Value',
      'src/app.py:2:17 value',
      'src/app.py:3:3 VALUE',
      'src/util.py:1:5 value',
      'src/util.py:2:13 value',
      'tests/test_app.py:1:8 value',
      'README.md:1:5 value',
      'README.md:1:14 value',
    ]);
    expect(result.total).toBe(9);
    expect(result.files.map((file) => [file.path, file.hits.length])).toEqual([
      ['src/app.py', 4],
      ['src/util.py', 2],
      ['tests/test_app.py', 1],
      ['README.md', 2],
    ]);
    expect(result.capped).toBe(false);
    // The preview is the line without its line end (CRLF too).
    expect(result.files[1]!.hits[0]!.preview).toBe('def value():');
  });

  it('matches case only when asked', () => {
    expect(listed(find('Value', { caseSensitive: true }))).toEqual(['src/app.py:2:9 Value']);
  });

  it('finds whole words only when asked: not inside value_2 or values', () => {
    expect(listed(find('value', { wholeWord: true }))).toEqual([
      'src/app.py:2:1 value',
      'src/app.py:2:9 Value',
      'src/app.py:3:3 VALUE',
      'src/util.py:1:5 value',
      'src/util.py:2:13 value',
      'tests/test_app.py:1:8 value',
      'README.md:1:5 value',
    ]);
    expect(listed(find('valu.', { regex: true, wholeWord: true, caseSensitive: true }))).toEqual([
      'src/app.py:2:1 value',
      'src/util.py:1:5 value',
      'src/util.py:2:13 value',
      'tests/test_app.py:1:8 value',
      'README.md:1:5 value',
    ]);
  });

  it('reads a regular expression as one, and plain text literally', () => {
    expect(listed(find('value_\\d', { regex: true }))).toEqual(['src/app.py:2:17 value_2']);
    expect(listed(find('value_\\d'))).toEqual([]);
    expect(listed(find('"value"'))).toEqual(['src/util.py:2:12 "value"']);
    // Empty matches are not results and do not loop.
    expect(find('x*', { regex: true }).total).toBe(0);
  });

  it('keeps to the files to include and leaves out the files to exclude', () => {
    const paths = (options: Partial<ProjectQuery>) =>
      find('value', options).files.map((file) => file.path);
    expect(paths({ include: '*.py' })).toEqual(['src/app.py', 'src/util.py', 'tests/test_app.py']);
    expect(paths({ include: 'src' })).toEqual(['src/app.py', 'src/util.py']);
    expect(paths({ include: 'src/*.py, README.md' })).toEqual([
      'src/app.py',
      'src/util.py',
      'README.md',
    ]);
    expect(paths({ include: '*.py', exclude: 'tests/**' })).toEqual(['src/app.py', 'src/util.py']);
    expect(paths({ exclude: '*.{md,txt}, util.py' })).toEqual(['src/app.py', 'tests/test_app.py']);
    expect(paths({ include: '**/test_*.py' })).toEqual(['tests/test_app.py']);
  });

  it('stops at the limit and says the result was cut', () => {
    const result = find('value', {}, 5);
    expect(result.total).toBe(5);
    expect(result.capped).toBe(true);
    expect(result.files.map((file) => file.path)).toEqual(['src/app.py', 'src/util.py']);
    expect(find('value', {}, 9).capped).toBe(false);
  });

  it('turns a bad regular expression into an error that says what is wrong', () => {
    const found = searchTexts(
      {
        pattern: 'value(',
        regex: true,
        caseSensitive: false,
        wholeWord: false,
        include: '',
        exclude: '',
      },
      texts,
    );
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error.code).toBe('search-pattern');
    expect(errorText(found.error)).toMatch(
      /^The regular expression is invalid: .*missing closing \)/,
    );
    // The same text as plain text is fine.
    expect(find('value(').total).toBe(1);
  });

  it('an empty pattern finds nothing and is no error', () => {
    expect(find('')).toEqual({ files: [], total: 0, capped: false });
  });
});
