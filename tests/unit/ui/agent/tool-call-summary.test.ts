import { expect, test } from 'vitest';
import { formatArguments, formatDuration } from '../../../../src/ui/agent/tool-call-summary';
import { textAfter, textBefore } from '../../../../src/ui/agent/diff-texts';
import { createTwoFilesPatch } from 'diff';
import { enFirstScreenUi } from '../../../../src/app/messages/en-ui';

const english = {
  locale: 'en',
  underTenth: enFirstScreenUi.toolCall.underTenth,
  seconds: enFirstScreenUi.toolCall.seconds,
};

test('arguments read as written: code keeps its lines; streaming JSON stays raw', () => {
  expect(formatArguments('{"path":"a.py","code":"x = 1\\nprint(x)","timeout":5}')).toBe(
    'path: a.py\ncode:\n  x = 1\n  print(x)\ntimeout: 5',
  );
  expect(formatArguments('{"path":"a.p')).toBe('{"path":"a.p');
});

test('durations read in seconds', () => {
  expect(formatDuration(undefined, english)).toBe('');
  expect(formatDuration(40, english)).toBe('under 0.1 s');
  expect(formatDuration(1234, english)).toBe('1.2 s');
  expect(formatDuration(12_600, english)).toBe('13 s');
  expect(formatDuration(1234, { ...english, locale: 'de' })).toBe('1,2 s');
});

test('the text before a change comes back from the text now and its diff', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
  const after = 'a\nB\nc\nd\ne\nf\ng\nh\nextra\n';
  const diff = createTwoFilesPatch('x.py', 'x.py', before, after);
  expect(textBefore(after, diff)).toBe(before);
  // The file changed again since: the diff no longer fits, so no merge view is offered.
  expect(textBefore('something else entirely\n', diff)).toBeUndefined();
  expect(textBefore(after, 'not a diff')).toBeUndefined();
});

test('the text after a change comes from the file now and the diff; a new file from nothing', () => {
  const before = 'x = 1\nprint(x)\n';
  const after = 'x = 2\nprint(x)\n';
  expect(textAfter(before, createTwoFilesPatch('a.py', 'a.py', before, after))).toBe(after);
  expect(textAfter('', createTwoFilesPatch('/dev/null', 'b.py', '', after))).toBe(after);
  expect(
    textAfter('unrelated\n', createTwoFilesPatch('a.py', 'a.py', before, after)),
  ).toBeUndefined();
});
