import { expect, it } from 'vitest';
import { INPUT_ECHO_END, INPUT_ECHO_START, splitInputEcho } from '../../../src/runtime/input-echo';

const echo = (line: string) => `${INPUT_ECHO_START}${line}${INPUT_ECHO_END}`;

it('leaves text without echoes alone', () => {
  expect(splitInputEcho('plain\n')).toEqual([{ text: 'plain\n', input: false }]);
  expect(splitInputEcho('')).toEqual([]);
});

it('splits echoes out in order and drops the markers', () => {
  expect(splitInputEcho(`a? ${echo('x\n')}${echo('y\n')}done`)).toEqual([
    { text: 'a? ', input: false },
    { text: 'x\n', input: true },
    { text: 'y\n', input: true },
    { text: 'done', input: false },
  ]);
});

it('runs an echo cut before its end marker to the end of the text', () => {
  expect(splitInputEcho(`a? ${INPUT_ECHO_START}par`)).toEqual([
    { text: 'a? ', input: false },
    { text: 'par', input: true },
  ]);
});
