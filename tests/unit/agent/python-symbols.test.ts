import { describe, expect, it } from 'vitest';
import { listPythonSymbols } from '../../../src/agent/python-symbols';

const SOURCE = [
  'import math', // 1
  '', // 2
  '@cache', // 3
  'async def outer(a):', // 4
  '    def inner(values):', // 5
  '        return sum(values)', // 6
  '    return inner([])', // 7
  '', // 8
  'class Shape(Base):', // 9
  '    sides = 0', // 10
  '    def area(self):', // 11
  '        return 0', // 12
  '    class Meta:', // 13
  '        def describe(cls): ...', // 14
  '', // 15
  'square = lambda x: x * x', // 16
  'def main():', // 17
  '    print(Shape().area())', // 18
].join('\n');

describe('listPythonSymbols', () => {
  it('lists functions, classes and methods in source order, with the line and column of the name', () => {
    expect(listPythonSymbols(SOURCE)).toEqual([
      { name: 'outer', kind: 'function', line: 4, column: 11, container: '' },
      { name: 'inner', kind: 'function', line: 5, column: 9, container: 'outer' },
      { name: 'Shape', kind: 'class', line: 9, column: 7, container: '' },
      { name: 'area', kind: 'method', line: 11, column: 9, container: 'Shape' },
      { name: 'Meta', kind: 'class', line: 13, column: 11, container: 'Shape' },
      { name: 'describe', kind: 'method', line: 14, column: 13, container: 'Shape.Meta' },
      { name: 'main', kind: 'function', line: 17, column: 5, container: '' },
    ]);
  });

  it('still lists what it can while a definition is half typed', () => {
    // A `def` with no name yet is skipped; an empty body still counts.
    const typing = ['def ready():', '    pass', '', 'def ', '', 'def later(x):', '', 'x = 1'];
    const names = listPythonSymbols(typing.join('\n')).map((s) => `${s.name}@${s.line}`);
    expect(names).toEqual(['ready@1', 'later@6']);
  });

  it('finds nothing in a file without definitions', () => {
    expect(listPythonSymbols('')).toEqual([]);
    expect(listPythonSymbols('x = 1\nprint(x)\n')).toEqual([]);
  });
});
