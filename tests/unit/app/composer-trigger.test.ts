import { describe, expect, it } from 'vitest';
import { replaceTrigger, triggerAt } from '../../../src/app/composer-trigger';

/** The trigger with the caret at the end of `text`. */
const atEnd = (text: string) => triggerAt(text, text.length);

describe('composer trigger', () => {
  it('an @ at the start or after whitespace opens a mention with what follows as the query', () => {
    expect(atEnd('@')).toEqual({ kind: 'mention', start: 0, end: 1, query: '' });
    expect(atEnd('look at @mai')).toEqual({ kind: 'mention', start: 8, end: 12, query: 'mai' });
    expect(atEnd('first line\n@src/ut')).toMatchObject({ kind: 'mention', query: 'src/ut' });
  });

  it('an @ inside a word (an email address) is no mention', () => {
    expect(atEnd('write to me@example.com')).toBeUndefined();
    expect(atEnd('me@')).toBeUndefined();
  });

  it('a space ends the query: the menu closes', () => {
    expect(atEnd('@main.py ')).toBeUndefined();
    expect(atEnd('@main.py and')).toBeUndefined();
  });

  it('follows the caret, not the end of the text', () => {
    const text = 'see @mai and more';
    expect(triggerAt(text, 8)).toEqual({ kind: 'mention', start: 4, end: 8, query: 'mai' });
    expect(triggerAt(text, 4)).toBeUndefined();
    expect(triggerAt(text, 0)).toBeUndefined();
  });

  it('a / opens a command only as the first word of the message', () => {
    expect(atEnd('/comp')).toEqual({ kind: 'command', start: 0, end: 5, query: 'comp' });
    expect(atEnd('  \n/')).toMatchObject({ kind: 'command', start: 3, query: '' });
    expect(atEnd('use and/or')).toBeUndefined();
    expect(atEnd('open the /etc folder')).toBeUndefined();
    expect(atEnd('open /etc')).toBeUndefined();
    expect(atEnd('/compact keep the plan')).toBeUndefined();
  });

  it('replacing a trigger puts the caret after the replacement and one space', () => {
    const text = 'explain @mai please';
    const trigger = triggerAt(text, 12)!;
    expect(replaceTrigger(text, trigger, '@main.py')).toEqual({
      text: 'explain @main.py please',
      caret: 16,
    });
    const end = atEnd('explain @mai')!;
    expect(replaceTrigger('explain @mai', end, '@main.py')).toEqual({
      text: 'explain @main.py ',
      caret: 17,
    });
    expect(replaceTrigger('/comp', atEnd('/comp')!, '')).toEqual({ text: '', caret: 0 });
    // A prompt's argument is typed right after its `=`.
    expect(replaceTrigger('/rev', atEnd('/rev')!, '/docs:review file=')).toEqual({
      text: '/docs:review file=',
      caret: 18,
    });
  });
});
