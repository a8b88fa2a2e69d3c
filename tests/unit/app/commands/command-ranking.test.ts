import { describe, expect, it } from 'vitest';
import type { Command } from '../../../../src/app/commands/command';
import { rankCommands } from '../../../../src/app/commands/command-ranking';

const command = (id: string, title: string, disabled?: string): Command => ({
  id,
  title,
  ...(disabled ? { disabledReason: () => disabled } : {}),
  run: () => {},
});

const COMMANDS = [
  command('python.run', 'Run the current file'),
  command('chat.new', 'New conversation'),
  command('files.newFile', 'New file…'),
  command('chat.toggleAgentMode', 'Toggle agent mode'),
  command('settings.open', 'Open settings'),
  command('python.stop', 'Stop the run', 'No program is running.'),
];
const titles = (ranked: ReturnType<typeof rankCommands>) => ranked.map((r) => r.command.title);

describe('rankCommands', () => {
  it('with nothing typed lists the recently used first, then the rest by title, disabled last', () => {
    expect(titles(rankCommands('', COMMANDS, ['settings.open', 'python.run']))).toEqual([
      'Open settings',
      'Run the current file',
      'New conversation',
      'New file…',
      'Toggle agent mode',
      'Stop the run',
    ]);
  });

  it('matches a partial name as letters in order, ignoring case and spaces', () => {
    expect(titles(rankCommands('new conv', COMMANDS, []))).toEqual(['New conversation']);
    expect(titles(rankCommands('toggle agent', COMMANDS, []))).toEqual(['Toggle agent mode']);
    expect(titles(rankCommands('SETTINGS', COMMANDS, []))).toEqual(['Open settings']);
    expect(rankCommands('zzz', COMMANDS, [])).toEqual([]);
  });

  it('marks the matched letters of the title', () => {
    const [first] = rankCommands('nf', COMMANDS, []);
    expect(first?.command.title).toBe('New file…');
    expect(first?.positions).toEqual([0, 4]);
  });

  it('puts the recently used that match first, then the better match', () => {
    // fuzzysort prefers the shorter title of two that start alike.
    expect(titles(rankCommands('new', COMMANDS, []))).toEqual(['New file…', 'New conversation']);
    expect(titles(rankCommands('new', COMMANDS, ['chat.new']))).toEqual([
      'New conversation',
      'New file…',
    ]);
    // A recent command that does not match is not listed.
    expect(titles(rankCommands('new', COMMANDS, ['settings.open']))[0]).toBe('New file…');
  });

  it('keeps a disabled command, after those that can run, with the reason', () => {
    const ranked = rankCommands('run', COMMANDS, []);
    expect(titles(ranked)).toEqual(['Run the current file', 'Stop the run']);
    expect(ranked[0]!.disabled).toBeUndefined();
    expect(ranked[1]!.disabled).toBe('No program is running.');
  });
});
