/**
 * The composer's slash commands as data: Cove's own (/compact, /clear, /fork) and the
 * prompts of the connected MCP servers (`/<server>:<prompt>`). The menu lists them, filtered
 * by what follows the `/`; running one is the composer's job. Pure.
 */
import type { FuzzyMatcher } from '../workspace/fuzzy-match';
import type { McpServerOffer } from './mcp-composer';

/** One argument a command takes (typed after it, `name=value` for a prompt). */
export interface SlashArgument {
  name: string;
  description?: string;
  required: boolean;
}

/** What picking a command does. */
export type SlashAction =
  | { kind: 'compact' }
  | { kind: 'clear' }
  | { kind: 'fork' }
  | { kind: 'prompt'; serverId: string; serverName: string; prompt: string };

/** A command of the menu. */
export interface SlashCommand {
  /** What is typed after the `/`: "compact", "docs:review". */
  name: string;
  description: string;
  arguments: readonly SlashArgument[];
  /** False when it cannot run now; `disabledReason` says why. */
  enabled: boolean;
  disabledReason?: string;
  action: SlashAction;
}

/** What decides which commands can run now. */
export interface SlashContext {
  /** A conversation is shown (something to compact or fork). */
  hasConversation: boolean;
  /** The id of the last message shown: where /fork forks. */
  lastMessageId?: string;
  /** A reply or run holds the session. */
  busy: boolean;
  /** The enabled MCP servers' prompts; servers that could not be asked list none. */
  offers?: readonly McpServerOffer[];
}

const BUSY = 'Wait for the reply to finish';

/**
 * Every command, Cove's own first, then each server's prompts in the server's order. A
 * command that cannot run is listed disabled with its reason, so the menu never hides why.
 */
export function slashCommands(context: SlashContext): SlashCommand[] {
  const conversationReason = !context.hasConversation
    ? 'Start a conversation first'
    : context.busy
      ? BUSY
      : undefined;
  const forkReason = !context.lastMessageId ? 'Start a conversation first' : conversationReason;
  const own: SlashCommand[] = [
    {
      name: 'compact',
      description: 'Summarize the conversation so far to free the context window',
      arguments: [{ name: 'focus', description: 'What the summary should keep', required: false }],
      action: { kind: 'compact' },
      ...state(conversationReason),
    },
    {
      name: 'clear',
      description: 'Start a new conversation (this one stays in the list)',
      arguments: [],
      action: { kind: 'clear' },
      ...state(context.busy ? BUSY : undefined),
    },
    {
      name: 'fork',
      description: 'Copy this conversation up to the last message into a new one',
      arguments: [],
      action: { kind: 'fork' },
      ...state(forkReason),
    },
  ];
  const prompts = (context.offers ?? []).flatMap((offer) =>
    offer.prompts.map((prompt): SlashCommand => ({
      name: `${offer.serverName}:${prompt.name}`,
      description: prompt.description ?? `Prompt of the MCP server ${offer.serverName}`,
      arguments: (prompt.arguments ?? []).map((argument) => ({
        name: argument.name,
        required: Boolean(argument.required),
      })),
      action: {
        kind: 'prompt',
        serverId: offer.serverId,
        serverName: offer.serverName,
        prompt: prompt.name,
      },
      ...state(context.busy ? BUSY : undefined),
    })),
  );
  return [...own, ...prompts];
}

const state = (reason: string | undefined) =>
  reason ? { enabled: false, disabledReason: reason } : { enabled: true };

/**
 * The commands matching `query` (what follows the `/`) by `match` (fuzzy-match.ts's
 * fuzzyMatch), best first; all of them in their order for an empty query. Ties keep the
 * list's order.
 */
export function filterCommands(
  commands: readonly SlashCommand[],
  query: string,
  match: FuzzyMatcher,
): SlashCommand[] {
  if (!query) return [...commands];
  return commands
    .map((command, index) => ({ command, index, match: match(query, command.name) }))
    .filter((entry) => entry.match)
    .sort((a, b) => b.match!.score - a.match!.score || a.index - b.index)
    .map((entry) => entry.command);
}

/**
 * The draft for a command that needs arguments typed: the command and each required
 * argument as `name=` to fill in (the form MCP prompt commands are expanded from).
 */
export function commandDraft(command: SlashCommand): string {
  const required = command.arguments.filter((argument) => argument.required);
  const head = `/${command.name}`;
  return required.length ? `${head} ${required.map((a) => `${a.name}=`).join(' ')}` : head;
}

/** True when picking `command` in the menu runs it at once (nothing must be typed). */
export function runsWhenPicked(command: SlashCommand): boolean {
  if (command.action.kind !== 'prompt') return true;
  return !command.arguments.some((argument) => argument.required);
}
