/**
 * Helpers for a tool's chip summary (`Tool.summarize`): what a call is about in a few
 * words, from arguments that may still be streaming or malformed, so nothing here assumes
 * the schema holds. Pure; the app calls them, the UI shows the text.
 */
import type { Tool } from './tool';

/** Longest summary, in characters (a longer one ends in "…"). */
export const SUMMARY_MAX_CHARS = 60;

/** The argument `name` when it is a string, else undefined. */
export function stringArgument(
  args: Readonly<Record<string, unknown>>,
  name: string,
): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

/** The first non-blank line of `text`, trimmed and cut to `max` characters. */
export function firstLine(text: string, max = SUMMARY_MAX_CHARS): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  const trimmed = line.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}

/** What a tool without a summary of its own shows: its `path` argument, if it has one. */
export function pathSummary(args: Readonly<Record<string, unknown>>): string {
  return stringArgument(args, 'path') ?? '';
}

/**
 * The chip summary of a call of `tool` (undefined: a tool this page does not know, such as
 * an MCP tool of an earlier run): the tool's own `summarize`, else the path argument. A
 * summarize that throws is treated as having nothing to say, never as a broken chip.
 */
export function summarizeCall(
  tool: Pick<Tool, 'summarize'> | undefined,
  args: Readonly<Record<string, unknown>>,
  result?: string,
): string {
  try {
    return tool?.summarize ? tool.summarize(args, result) : pathSummary(args);
  } catch {
    return '';
  }
}

/**
 * The arguments the model wrote, parsed; `{}` while they are still streaming or when they
 * are not a JSON object.
 */
export function parseArguments(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
