import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { installErrorWording } from '../../../src/base/error-wording';
import { englishWording } from '../../../src/app/messages/en';

describe('a data error’s English', () => {
  afterEach(() => installErrorWording(englishWording));

  it('is read from the installed wording when it is read, not when it is made', () => {
    const error = new CoveError('some-code', { count: 2 });
    installErrorWording((code, params) => ({
      message: `${code}: ${String(params['count'])}`,
      hint: 'h',
    }));
    expect(error.message).toBe('some-code: 2');
    expect(error.userText).toBe('some-code: 2 h');
  });

  it('falls back to the code and its params for a log line', () => {
    installErrorWording(() => undefined);
    const error = new CoveError('some-code', { path: 'a.py', size: 3, missing: undefined });
    expect(error.message).toBe('some-code (path=a.py, size=3)');
    expect(error.hint).toBe('');
  });

  it('keeps the sentences of an error worded where it is thrown', () => {
    const error = new CoveError('legacy', 'What happened.', 'What to do.');
    expect(error.message).toBe('What happened.');
    expect(error.hint).toBe('What to do.');
    expect(error.params).toEqual({});
  });
});
