import { describe, expect, it } from 'vitest';
import { parsePromptCommand, promptArguments } from '../../../src/mcp/prompt-command';

describe('prompt slash commands', () => {
  it('splits /server:prompt and the rest of the line', () => {
    expect(parsePromptCommand('/github:review  PR 12 please')).toEqual({
      server: 'github',
      prompt: 'review',
      rest: 'PR 12 please',
    });
    expect(parsePromptCommand('/everything:simple-prompt')).toEqual({
      server: 'everything',
      prompt: 'simple-prompt',
      rest: '',
    });
    expect(parsePromptCommand('/compact')).toBeUndefined();
    expect(parsePromptCommand('hello /a:b')).toBeUndefined();
  });

  const params = [{ name: 'city', required: true }, { name: 'state' }];

  it('reads name=value pairs, quoted values too, and names missing required ones', () => {
    expect(promptArguments('city="New York" state=NY', params)).toEqual({
      args: { city: 'New York', state: 'NY' },
      missing: [],
    });
    expect(promptArguments('state=NY', params)).toEqual({
      args: { state: 'NY' },
      missing: ['city'],
    });
    expect(promptArguments('city=', params).missing).toEqual(['city']);
  });

  it('gives plain words to the arguments in order, the last taking the rest', () => {
    expect(promptArguments('Paris Ile de France', params).args).toEqual({
      city: 'Paris',
      state: 'Ile de France',
    });
    expect(promptArguments('', params)).toEqual({ args: {}, missing: ['city'] });
  });
});
