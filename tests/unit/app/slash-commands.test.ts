import { describe, expect, it } from 'vitest';
import { fuzzyMatch } from '../../../src/workspace/fuzzy-match';
import type { McpServerOffer } from '../../../src/app/mcp-composer';
import {
  commandDraft,
  filterCommands,
  runsWhenPicked,
  slashCommands,
} from '../../../src/app/slash-commands';

const offers: McpServerOffer[] = [
  {
    serverId: 's1',
    serverName: 'docs',
    resources: [],
    templates: [],
    prompts: [
      {
        name: 'review',
        description: 'Review a file',
        arguments: [{ name: 'file', required: true }, { name: 'tone' }],
      },
      { name: 'summary' },
    ],
  },
  {
    serverId: 's2',
    serverName: 'down',
    resources: [],
    templates: [],
    prompts: [],
    problem: 'CORS',
  },
];

const ready = { hasConversation: true, lastMessageId: 'n9', busy: false, offers };

describe('slash commands', () => {
  it("lists Cove's own commands, then each server's prompts with their arguments", () => {
    const commands = slashCommands(ready);
    expect(commands.map((c) => c.name)).toEqual([
      'compact',
      'clear',
      'fork',
      'docs:review',
      'docs:summary',
    ]);
    expect(commands.every((c) => c.enabled)).toBe(true);
    expect(commands[3]).toMatchObject({
      description: 'Review a file',
      arguments: [
        { name: 'file', required: true },
        { name: 'tone', required: false },
      ],
      action: { kind: 'prompt', serverId: 's1', serverName: 'docs', prompt: 'review' },
    });
  });

  it('a command that cannot run now is listed disabled with its reason', () => {
    const fresh = slashCommands({ hasConversation: false, busy: false });
    expect(fresh.find((c) => c.name === 'compact')).toMatchObject({
      enabled: false,
      disabledReason: 'Start a conversation first',
    });
    expect(fresh.find((c) => c.name === 'fork')?.enabled).toBe(false);
    expect(fresh.find((c) => c.name === 'clear')?.enabled).toBe(true);
    const busy = slashCommands({ ...ready, busy: true });
    expect(busy.filter((c) => c.enabled)).toEqual([]);
    expect(busy[0]?.disabledReason).toBe('Wait for the reply to finish');
  });

  it('filters by what follows the slash, fuzzily', () => {
    const commands = slashCommands(ready);
    expect(filterCommands(commands, 'comp', fuzzyMatch).map((c) => c.name)).toEqual(['compact']);
    expect(filterCommands(commands, 'rev', fuzzyMatch).map((c) => c.name)).toEqual(['docs:review']);
    expect(filterCommands(commands, 'docs', fuzzyMatch).map((c) => c.name)).toEqual([
      'docs:review',
      'docs:summary',
    ]);
    expect(filterCommands(commands, '', fuzzyMatch)).toHaveLength(5);
    expect(filterCommands(commands, 'xyz', fuzzyMatch)).toEqual([]);
  });

  it("a prompt's required arguments are named in its draft; then it waits to be filled", () => {
    const commands = slashCommands(ready);
    const review = commands.find((c) => c.name === 'docs:review')!;
    const summary = commands.find((c) => c.name === 'docs:summary')!;
    expect(commandDraft(review)).toBe('/docs:review file=');
    expect(runsWhenPicked(review)).toBe(false);
    expect(commandDraft(summary)).toBe('/docs:summary');
    expect(runsWhenPicked(summary)).toBe(true);
    expect(runsWhenPicked(commands[0]!)).toBe(true);
  });
});
