import { describe, expect, it } from 'vitest';
import { fuzzyMatch } from '../../../src/workspace/fuzzy-match';
import { listPythonSymbols } from '../../../src/agent/python-symbols';
import {
  candidateKey,
  candidateLabel,
  filterMentions,
  mentionCandidates,
  mentionToken,
} from '../../../src/app/mention-candidates';
import type { FileMeta } from '../../../src/store/records';

const meta = (path: string, kind: 'file' | 'folder' = 'file', size = 10): FileMeta => ({
  workspaceId: 'w',
  path,
  kind,
  size,
  mtime: 0,
  version: 1,
  binary: false,
});

const entries = [
  meta('README.md'),
  meta('main.py'),
  meta('src', 'folder'),
  meta('src/maintenance.py'),
  meta('src/util.py'),
];
const symbols = [
  {
    path: 'src/util.py',
    symbols: listPythonSymbols(
      'def main_helper():\n    pass\n\nclass Shape:\n    def area(self):\n        return 0\n',
    ),
  },
];

describe('mention candidates', () => {
  it('lists files and folders in path order, then the symbols with their classes', () => {
    const all = mentionCandidates(entries, symbols);
    expect(all.map(candidateLabel)).toEqual([
      'README.md',
      'main.py',
      'src/',
      'src/maintenance.py',
      'src/util.py',
      'main_helper',
      'Shape',
      'Shape.area',
    ]);
    expect(all.at(-1)).toMatchObject({ kind: 'symbol', path: 'src/util.py', line: 5 });
  });

  it('filters fuzzily, a file whose name matches first', () => {
    const all = mentionCandidates(entries, symbols);
    const found = filterMentions(all, 'mai', fuzzyMatch);
    expect(candidateLabel(found[0]!)).toBe('main.py');
    expect(found.map(candidateLabel)).toContain('src/maintenance.py');
    expect(found.map(candidateLabel)).toContain('main_helper');
    expect(found.map(candidateLabel)).not.toContain('README.md');
  });

  it('finds a folder by its path and a method by its class', () => {
    const all = mentionCandidates(entries, symbols);
    expect(filterMentions(all, 'src', fuzzyMatch).map(candidateLabel)[0]).toBe('src/');
    expect(filterMentions(all, 'shapearea', fuzzyMatch).map(candidateLabel)).toEqual([
      'Shape.area',
    ]);
  });

  it('an empty query lists the first candidates; the limit holds', () => {
    const all = mentionCandidates(entries, symbols);
    expect(filterMentions(all, '', fuzzyMatch, 3).map(candidateLabel)).toEqual([
      'README.md',
      'main.py',
      'src/',
    ]);
    expect(filterMentions(all, 'zzz', fuzzyMatch)).toEqual([]);
  });

  it('the text token and key name the thing mentioned', () => {
    const [, file, folder] = mentionCandidates(entries, symbols);
    const area = mentionCandidates(entries, symbols).at(-1)!;
    expect(mentionToken(file!)).toBe('@main.py');
    expect(mentionToken(folder!)).toBe('@src/');
    expect(mentionToken(area)).toBe('@src/util.py:5');
    expect(candidateKey(area)).toBe('symbol:src/util.py:5:area');
  });
});
