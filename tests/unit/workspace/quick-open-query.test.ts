import { describe, expect, it } from 'vitest';
import { parseQuickOpenQuery } from '../../../src/workspace/quick-open-query';

describe('parseQuickOpenQuery', () => {
  it('reads a file filter', () => {
    expect(parseQuickOpenQuery('mnpy')).toEqual({ kind: 'file', filter: 'mnpy' });
    expect(parseQuickOpenQuery('  src/util ')).toEqual({ kind: 'file', filter: 'src/util' });
    expect(parseQuickOpenQuery('')).toEqual({ kind: 'file', filter: '' });
  });

  it('reads a command filter after ">", the command palette', () => {
    expect(parseQuickOpenQuery('>')).toEqual({ kind: 'command', filter: '' });
    expect(parseQuickOpenQuery('> new conv ')).toEqual({ kind: 'command', filter: 'new conv' });
    // What follows ">" is a title, never a line or a symbol.
    expect(parseQuickOpenQuery('>run:3')).toEqual({ kind: 'command', filter: 'run:3' });
    expect(parseQuickOpenQuery('>@x')).toEqual({ kind: 'command', filter: '@x' });
  });

  it('reads a line of the active file', () => {
    expect(parseQuickOpenQuery(':42')).toEqual({ kind: 'line', line: 42 });
    expect(parseQuickOpenQuery(':42:7')).toEqual({ kind: 'line', line: 42, column: 7 });
  });

  it('waits for a line number after ":"', () => {
    expect(parseQuickOpenQuery(':')).toEqual({ kind: 'line' });
    expect(parseQuickOpenQuery(':abc')).toEqual({ kind: 'line' });
    expect(parseQuickOpenQuery(':0')).toEqual({ kind: 'line' });
  });

  it('reads a file with a line', () => {
    expect(parseQuickOpenQuery('main.py:42')).toEqual({
      kind: 'file',
      filter: 'main.py',
      line: 42,
    });
    expect(parseQuickOpenQuery('main.py:42:3')).toEqual({
      kind: 'file',
      filter: 'main.py',
      line: 42,
      column: 3,
    });
    // Typing on: the ":" is not part of the file's name.
    expect(parseQuickOpenQuery('main.py:')).toEqual({ kind: 'file', filter: 'main.py' });
  });

  it('reads a symbol filter', () => {
    expect(parseQuickOpenQuery('@greet')).toEqual({ kind: 'symbol', filter: 'greet' });
    expect(parseQuickOpenQuery('@')).toEqual({ kind: 'symbol', filter: '' });
    expect(parseQuickOpenQuery('@ Shape')).toEqual({ kind: 'symbol', filter: 'Shape' });
  });
});
