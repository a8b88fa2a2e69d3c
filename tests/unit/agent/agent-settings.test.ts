import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_SETTINGS,
  readAgentSettings,
  validateAgentSettings,
} from '../../../src/agent/agent-settings';
import { CoveError } from '../../../src/base/errors';

describe('agent settings', () => {
  it('reads what was stored, and falls back per field for anything broken', () => {
    expect(readAgentSettings(undefined)).toEqual(DEFAULT_AGENT_SETTINGS);
    expect(
      readAgentSettings({
        toolOverrides: { bash: 'allow', write_file: 'ask', run_python: 'sometimes', x: 3 },
        toolResultCap: 20_000,
        maxSteps: 0,
        allowPrivateNetwork: 'yes',
      }),
    ).toEqual({
      toolOverrides: { bash: 'allow', write_file: 'ask' },
      toolResultCap: 20_000,
      maxSteps: DEFAULT_AGENT_SETTINGS.maxSteps,
      allowPrivateNetwork: false,
    });
    expect(readAgentSettings('garbage')).toEqual(DEFAULT_AGENT_SETTINGS);
  });

  it('refuses limits out of range, naming the field and the range', () => {
    const attempt = (patch: object) => () =>
      validateAgentSettings({ ...DEFAULT_AGENT_SETTINGS, ...patch });
    expect(attempt({ toolResultCap: 50 })).toThrow(
      /result limit must be a whole number from 1,000/,
    );
    expect(attempt({ maxSteps: 2.5 })).toThrow(/step limit must be a whole number from 1 to 500/);
    try {
      attempt({ maxSteps: Number.NaN })();
    } catch (error) {
      expect(error).toBeInstanceOf(CoveError);
      expect((error as CoveError).code).toBe('agent-max-steps');
    }
    expect(validateAgentSettings({ ...DEFAULT_AGENT_SETTINGS, maxSteps: 500 }).maxSteps).toBe(500);
  });
});
