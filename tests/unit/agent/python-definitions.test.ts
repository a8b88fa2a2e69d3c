import { describe, expect, it } from 'vitest';
import { findPythonDefinition } from '../../../src/agent/python-definitions';

const SOURCE = [
  'import math', // 1
  '', // 2
  '@cache', // 3
  '@trace(level=2)', // 4
  'async def outer(a):', // 5
  '    def inner(values):', // 6
  '        total = sum(values)', // 7
  '        return total / len(values)', // 8
  '', // 9
  '    return inner([])', // 10
  '', // 11
  'class Shape(Base):', // 12
  '    def area(self):', // 13
  '        return 0', // 14
  '', // 15
  'class Circle(Shape):', // 16
  '    def area(self):', // 17
  '        return math.pi', // 18
  '', // 19
].join('\n');

describe('findPythonDefinition', () => {
  it('finds a function with its decorators, up to its last line', () => {
    const found = findPythonDefinition(SOURCE, 'outer');
    expect(found).toMatchObject({ name: 'outer', kind: 'function', startLine: 3, endLine: 10 });
    expect(found!.source.split('\n')[0]).toBe('@cache');
    expect(found!.source.split('\n').at(-1)).toBe('    return inner([])');
  });

  it('finds a nested function and a class', () => {
    expect(findPythonDefinition(SOURCE, 'inner')).toMatchObject({
      kind: 'function',
      startLine: 6,
      endLine: 8,
      source:
        '    def inner(values):\n        total = sum(values)\n        return total / len(values)',
    });
    expect(findPythonDefinition(SOURCE, 'Circle')).toMatchObject({
      kind: 'class',
      startLine: 16,
      endLine: 18,
    });
  });

  it('with a line, takes the definition of that name around the line', () => {
    expect(findPythonDefinition(SOURCE, 'area')).toMatchObject({ startLine: 13 });
    expect(findPythonDefinition(SOURCE, 'area', 18)).toMatchObject({ startLine: 17, endLine: 18 });
    expect(findPythonDefinition(SOURCE, 'area', 14)).toMatchObject({ startLine: 13 });
    // No `area` holds line 7.
    expect(findPythonDefinition(SOURCE, 'area', 7)).toBeUndefined();
  });

  it('says nothing for a name that is only used, or absent', () => {
    expect(findPythonDefinition(SOURCE, 'math')).toBeUndefined();
    expect(findPythonDefinition(SOURCE, 'total')).toBeUndefined();
    expect(findPythonDefinition(SOURCE, 'missing')).toBeUndefined();
    expect(findPythonDefinition('', 'x')).toBeUndefined();
  });

  it('still finds a definition in a file with a syntax error elsewhere', () => {
    const broken = 'def ok():\n    return 1\n\ndef broken(:\n    pass\n';
    expect(findPythonDefinition(broken, 'ok')).toMatchObject({ startLine: 1, endLine: 2 });
  });

  it('handles CRLF line endings and a file without a final newline', () => {
    const crlf = 'x = 1\r\ndef f():\r\n    return 2';
    expect(findPythonDefinition(crlf, 'f')).toMatchObject({ startLine: 2, endLine: 3 });
  });
});
