import { describe, expect, it } from 'vitest';
import { parseArguments, ToolCallAssembler } from '../../../src/llm/tool-call-assembly';

describe('ToolCallAssembler', () => {
  it('assembles arguments streamed one character per delta, with the id only in the first', () => {
    const args = JSON.stringify({
      path: 'src/main.py',
      content: 'print("héllo")\n',
      lines: [1, 2],
    });
    const assembler = new ToolCallAssembler();
    assembler.push([
      { index: 0, id: 'call_1', type: 'function', function: { name: 'write_file', arguments: '' } },
    ]);
    for (const char of args) assembler.push([{ index: 0, function: { arguments: char } }]);
    const [call] = assembler.finish();
    expect(call).toMatchObject({ id: 'call_1', name: 'write_file', arguments: args });
    expect(call!.parsedArguments).toEqual(JSON.parse(args));
    expect(call!.argumentsError).toBeUndefined();
  });

  it('keeps interleaved parallel calls apart by index', () => {
    const assembler = new ToolCallAssembler();
    assembler.push([{ index: 0, id: 'a', function: { name: 'read_file', arguments: '' } }]);
    assembler.push([{ index: 1, id: 'b', function: { name: 'list_files', arguments: '{"pa' } }]);
    assembler.push([{ index: 0, function: { arguments: '{"path":' } }]);
    assembler.push([{ index: 1, function: { arguments: 'th":"."}' } }]);
    assembler.push([{ index: 0, function: { arguments: '"x.py"}' } }]);
    const calls = assembler.finish();
    expect(calls.map((c) => [c.id, c.name, c.parsedArguments])).toEqual([
      ['a', 'read_file', { path: 'x.py' }],
      ['b', 'list_files', { path: '.' }],
    ]);
  });

  it('reports deltas with the call position and what is known so far', () => {
    const assembler = new ToolCallAssembler();
    expect(
      assembler.push([{ index: 3, id: 'x', function: { name: 'f', arguments: '{' } }]),
    ).toEqual([{ index: 0, id: 'x', name: 'f', argumentsDelta: '{' }]);
    expect(assembler.push([{ index: 3, function: { arguments: '}' } }])).toEqual([
      { index: 0, id: 'x', name: 'f', argumentsDelta: '}' },
    ]);
  });

  it('keeps invalid JSON raw and flags it instead of throwing', () => {
    const assembler = new ToolCallAssembler();
    assembler.push([
      { index: 0, id: 'c', function: { name: 'edit', arguments: '{"path": "a.py", "old": ' } },
    ]);
    const [call] = assembler.finish();
    expect(call!.arguments).toBe('{"path": "a.py", "old": ');
    expect(call!.parsedArguments).toBeUndefined();
    expect(call!.argumentsError).toMatch(/not valid JSON/);
  });

  it('tolerates deltas without index: a new id starts a new call', () => {
    const assembler = new ToolCallAssembler();
    assembler.push([{ id: 'one', function: { name: 'a', arguments: '{"x":' } }]);
    assembler.push([{ function: { arguments: '1}' } }]);
    assembler.push([{ id: 'two', function: { name: 'b', arguments: '{}' } }]);
    expect(assembler.finish().map((c) => [c.id, c.name, c.parsedArguments])).toEqual([
      ['one', 'a', { x: 1 }],
      ['two', 'b', {}],
    ]);
  });

  it('splits calls that share an index but have different ids', () => {
    const assembler = new ToolCallAssembler();
    assembler.push([{ index: 0, id: 'one', function: { name: 'a', arguments: '{}' } }]);
    assembler.push([{ index: 0, id: 'two', function: { name: 'b', arguments: '{}' } }]);
    expect(assembler.finish().map((c) => c.id)).toEqual(['one', 'two']);
  });

  it('does not double a name repeated in every delta, but joins a streamed name', () => {
    const repeated = new ToolCallAssembler();
    repeated.push([{ index: 0, id: 'a', function: { name: 'read_file', arguments: '{"p' } }]);
    repeated.push([{ index: 0, id: 'a', function: { name: 'read_file', arguments: '":1}' } }]);
    expect(repeated.finish()[0]).toMatchObject({ name: 'read_file', parsedArguments: { p: 1 } });
    const streamed = new ToolCallAssembler();
    streamed.push([{ index: 0, id: 'a', function: { name: 'read' } }]);
    streamed.push([{ index: 0, function: { name: '_file' } }]);
    expect(streamed.finish()[0]!.name).toBe('read_file');
  });

  it('accepts arguments sent as an object and invents ids that are missing', () => {
    const assembler = new ToolCallAssembler();
    assembler.push([{ index: 0, function: { name: 'run', arguments: { code: 'print(1)' } } }]);
    const [call] = assembler.finish('chatcmpl9');
    expect(call).toMatchObject({ id: 'call_chatcmpl9_0', parsedArguments: { code: 'print(1)' } });
  });

  it('ignores junk entries', () => {
    const assembler = new ToolCallAssembler();
    expect(assembler.push('nope')).toEqual([]);
    expect(assembler.push([null, 3])).toEqual([]);
    expect(assembler.count).toBe(0);
  });
});

describe('parseArguments', () => {
  it('reads empty text as no arguments', () => {
    expect(parseArguments('')).toEqual({ parsedArguments: {} });
    expect(parseArguments('  ')).toEqual({ parsedArguments: {} });
  });

  it('unwraps double-encoded JSON objects', () => {
    expect(parseArguments(JSON.stringify(JSON.stringify({ a: 1 })))).toEqual({
      parsedArguments: { a: 1 },
    });
  });

  it('refuses values that are not objects', () => {
    for (const text of ['[1,2]', '42', 'null', '"just text"']) {
      expect(parseArguments(text).argumentsError).toBe('The arguments are not a JSON object.');
    }
  });
});
