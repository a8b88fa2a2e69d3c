import { describe, expect, it } from 'vitest';
import {
  expandReplacement,
  needsText,
  planRewrites,
  startReplace,
  undoRewrites,
  type CurrentFile,
  type FileRewrite,
} from '../../../src/workspace/project-replace';
import type { ProjectQuery } from '../../../src/workspace/project-search';

const query = (pattern: string, options: Partial<ProjectQuery> = {}): ProjectQuery => ({
  pattern,
  regex: false,
  caseSensitive: false,
  wholeWord: false,
  include: '',
  exclude: '',
  ...options,
});

/** The rewrites of `texts` for `query`, as the search service works them out one by one. */
function planReplace(
  query: ProjectQuery,
  replacement: string,
  texts: { path: string; text: string }[],
): FileRewrite[] | undefined {
  const replacer = startReplace(query, replacement);
  return replacer && texts.flatMap(({ path, text }) => replacer.rewrite(path, text) ?? []);
}

const current = (entries: Record<string, string | undefined>, version = 3) =>
  new Map<string, CurrentFile>(
    Object.entries(entries).map(([path, text]) => [path, { text, version }]),
  );

describe('project replace', () => {
  it('replaces every match of every text, and counts them', () => {
    const rewrites = planReplace(query('cat', { wholeWord: true }), 'dog', [
      { path: 'a.txt', text: 'cat catalog Cat\ncat' },
      { path: 'b.txt', text: 'no match here' },
    ]);
    expect(rewrites).toEqual([
      { path: 'a.txt', before: 'cat catalog Cat\ncat', after: 'dog catalog dog\ndog', count: 3 },
    ]);
  });

  it('puts regex groups in with $1, $& and $$; plain text replaces literally', () => {
    const [rewrite] = planReplace(query('(\\w+)@(\\w+)', { regex: true }), '$2 at $1 ($&) $$1', [
      { path: 'm.txt', text: 'ann@home, bo@work' },
    ])!;
    expect(rewrite!.after).toBe('home at ann (ann@home) $1, work at bo (bo@work) $1');
    const [plain] = planReplace(query('a.b'), '$1', [{ path: 'p.txt', text: 'a.b axb' }])!;
    expect(plain!.after).toBe('$1 axb');
    expect(expandReplacement('$12|$9|$0', ['x', 'one'], true)).toBe('one2|$9|$0');
  });

  it('plans nothing for an empty or invalid pattern', () => {
    expect(planReplace(query(''), 'x', [{ path: 'a', text: 'a' }])).toBeUndefined();
    expect(
      planReplace(query('(', { regex: true }), 'x', [{ path: 'a', text: '(' }]),
    ).toBeUndefined();
  });

  it('writes only files that still hold the text the search read, expecting their version', () => {
    const rewrites = planReplace(query('old'), 'new', [
      { path: 'a.py', text: 'old a' },
      { path: 'b.py', text: 'old b' },
      { path: 'c.py', text: 'old c' },
    ])!;
    // b.py was edited since the search; c.py was deleted.
    const batch = planRewrites(rewrites, current({ 'a.py': 'old a', 'b.py': 'old b!' }, 7));
    expect(batch.changes).toEqual([
      { type: 'put', path: 'a.py', kind: 'file', content: 'new a', expect: 7 },
    ]);
    expect(batch.written.map((rewrite) => rewrite.path)).toEqual(['a.py']);
    expect(batch.skipped).toEqual(['b.py', 'c.py']);
  });

  it('undoes what it wrote, and leaves a file changed since the replace alone', () => {
    const rewrites = planReplace(query('x'), 'y', [
      { path: 'a.py', text: 'x1' },
      { path: 'b.py', text: 'x2' },
    ])!;
    const done = planRewrites(rewrites, current({ 'a.py': 'x1', 'b.py': 'x2' }));
    const undo = undoRewrites(done.written);
    const back = planRewrites(undo, current({ 'a.py': 'y1', 'b.py': 'y2' }, 4));
    expect(back.changes).toEqual([
      { type: 'put', path: 'a.py', kind: 'file', content: 'x1', expect: 4 },
      { type: 'put', path: 'b.py', kind: 'file', content: 'x2', expect: 4 },
    ]);
    const partly = planRewrites(undo, current({ 'a.py': 'y1', 'b.py': 'y2 and more' }, 4));
    expect(partly.changes.map((change) => change.path)).toEqual(['a.py']);
    expect(partly.skipped).toEqual(['b.py']);
  });

  it('tells a file read from the store by its version, without reading it again', () => {
    const replacer = startReplace(query('old'), 'new')!;
    const rewrites = [replacer.rewrite('a.py', 'old a', 5)!, replacer.rewrite('b.py', 'old b', 5)!];
    expect(rewrites.map(needsText)).toEqual([false, false]);
    const batch = planRewrites(
      rewrites,
      new Map<string, CurrentFile>([
        ['a.py', { version: 5 }],
        // Written again since the search, even with the same text: it changed.
        ['b.py', { version: 6, text: 'old b' }],
      ]),
    );
    expect(batch.changes).toEqual([
      { type: 'put', path: 'a.py', kind: 'file', content: 'new a', expect: 5 },
    ]);
    expect(batch.skipped).toEqual(['b.py']);
    // The undo expects the version the replace stored.
    const [undo] = undoRewrites(batch.written, new Map([['a.py', 6]]));
    expect(undo).toMatchObject({ path: 'a.py', before: 'new a', after: 'old a', version: 6 });
  });

  it('never writes over a file open in a tab with edits not stored', () => {
    const rewrites = planReplace(query('x'), 'y', [{ path: 'a.py', text: 'x' }])!;
    expect(rewrites.map(needsText)).toEqual([true]);
    const batch = planRewrites(
      rewrites,
      new Map<string, CurrentFile>([['a.py', { version: 2, text: 'x', unsaved: true }]]),
    );
    expect(batch.skipped).toEqual(['a.py']);
  });
});
