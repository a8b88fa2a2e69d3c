import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter, type ContentPiece } from '../../../src/llm/think-tag-splitter';

function run(parts: string[]): { text: string; reasoning: string; pieces: ContentPiece[] } {
  const splitter = new ThinkTagSplitter();
  const pieces = [...parts.flatMap((part) => splitter.push(part)), ...splitter.flush()];
  return {
    pieces,
    text: pieces
      .filter((p) => p.kind === 'text')
      .map((p) => p.text)
      .join(''),
    reasoning: pieces
      .filter((p) => p.kind === 'reasoning')
      .map((p) => p.text)
      .join(''),
  };
}

describe('ThinkTagSplitter', () => {
  const input = '<think>\nFirst, 2+2.\nIt is 4.\n</think>\n\nThe answer is 4.';

  it('separates a leading think block from the answer', () => {
    const result = run([input]);
    expect(result.reasoning).toBe('First, 2+2.\nIt is 4.');
    expect(result.text).toBe('The answer is 4.');
  });

  it('gives the same result for every split into two pieces', () => {
    for (let i = 0; i <= input.length; i++) {
      const result = run([input.slice(0, i), input.slice(i)]);
      expect({ i, reasoning: result.reasoning, text: result.text }).toEqual({
        i,
        reasoning: 'First, 2+2.\nIt is 4.',
        text: 'The answer is 4.',
      });
    }
  });

  it('gives the same result for every split into three pieces', () => {
    for (let i = 0; i <= input.length; i++) {
      for (let j = i; j <= input.length; j++) {
        const result = run([input.slice(0, i), input.slice(i, j), input.slice(j)]);
        expect(result.reasoning).toBe('First, 2+2.\nIt is 4.');
        expect(result.text).toBe('The answer is 4.');
      }
    }
  });

  it('handles one character at a time, with the tag split as "<thi" + "nk>"', () => {
    const result = run(Array.from(input));
    expect(result.reasoning).toBe('First, 2+2.\nIt is 4.');
    expect(result.text).toBe('The answer is 4.');
    expect(run(['<thi', 'nk>abc</th', 'ink>done']).text).toBe('done');
  });

  it('streams reasoning before the closing tag arrives', () => {
    const splitter = new ThinkTagSplitter();
    expect(splitter.push('<think>I am thinking')).toEqual([
      { kind: 'reasoning', text: 'I am thinking' },
    ]);
    expect(splitter.push(' more </thi')).toEqual([{ kind: 'reasoning', text: ' more' }]);
    expect(splitter.push('nk>Answer')).toEqual([{ kind: 'text', text: 'Answer' }]);
  });

  it('leaves content without a leading think block alone', () => {
    expect(run(['Hello <think>not reasoning</think>']).text).toBe(
      'Hello <think>not reasoning</think>',
    );
    expect(run(['<b>bold</b>']).text).toBe('<b>bold</b>');
    expect(run(['<', 'thought>']).text).toBe('<thought>');
    expect(run(['  \n', 'Hi']).text).toBe('  \nHi');
  });

  it('releases a half tag at the end as text, and an unclosed block as reasoning', () => {
    expect(run(['<thi'])).toMatchObject({ text: '<thi', reasoning: '' });
    expect(run(['<think>still thinking </th'])).toMatchObject({
      text: '',
      reasoning: 'still thinking </th',
    });
  });

  it('accepts whitespace before the opening tag', () => {
    expect(run(['\n  <think>r</think>a'])).toMatchObject({ reasoning: 'r', text: 'a' });
  });
});
