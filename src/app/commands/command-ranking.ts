import { fuzzyMatch } from '../../workspace/fuzzy-match';
import type { Command } from './command';

/** A command as the palette lists it: which letters matched, and why it is off, if it is. */
export interface RankedCommand {
  command: Command;
  /** Offsets of the matched characters in the title. */
  positions: number[];
  /** Set when the command cannot run now: the reason to show. */
  disabled?: string;
}

/**
 * The commands whose title matches `filter` (a fuzzy subsequence, as Quick open's files),
 * in this order: commands that can run now before those that cannot (so Enter on the first
 * row does something); among them the recently used that match, newest first (`recent`,
 * ids newest first), as VS Code lists them; then the better match (fuzzysort's score, which
 * prefers word starts and shorter titles); then by title. With no filter: recently used
 * first, the rest alphabetically.
 */
export function rankCommands(
  filter: string,
  commands: readonly Command[],
  recent: readonly string[],
): RankedCommand[] {
  const recency = new Map(recent.map((id, index) => [id, index]));
  const ranked: (RankedCommand & { score: number; recency: number })[] = [];
  for (const command of commands) {
    const match = fuzzyMatch(filter, command.title);
    if (!match) continue;
    const disabled = command.disabledReason?.();
    ranked.push({
      command,
      positions: match.positions,
      ...(disabled ? { disabled } : {}),
      score: match.score,
      recency: recency.get(command.id) ?? Infinity,
    });
  }
  ranked.sort(
    (a, b) =>
      Number(Boolean(a.disabled)) - Number(Boolean(b.disabled)) ||
      // Infinity − Infinity is NaN, which `||` passes over like 0.
      a.recency - b.recency ||
      b.score - a.score ||
      a.command.title.localeCompare(b.command.title, 'en'),
  );
  return ranked.map(({ command, positions, disabled }) => ({
    command,
    positions,
    ...(disabled ? { disabled } : {}),
  }));
}
