/**
 * Short, plain descriptions of a tool call for the timeline: how a duration and the
 * arguments read. (What a chip says next to the tool's name is the tool's own
 * `summarize`, see src/tools/call-summary.ts.) Pure functions, tested under Node.
 */

/** How a language says a duration in seconds (the catalog's `toolCall` words). */
export interface DurationWords {
  readonly locale: string;
  readonly underTenth: string;
  readonly seconds: (amount: string) => string;
}

/** "0.4 s", "12 s", "under 0.1 s"; "" before the call has a duration. */
export function formatDuration(ms: number | undefined, words: DurationWords): string {
  if (ms === undefined) return '';
  const seconds = ms / 1000;
  if (seconds < 0.1) return words.underTenth;
  const digits = seconds < 10 ? 1 : 0;
  const amount = new Intl.NumberFormat(words.locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return words.seconds(amount.format(seconds));
}

/**
 * The arguments for reading, one per line as `name: value`: strings as written (code and
 * file text keep their lines, indented under the name), other values as JSON. Text that is
 * not a JSON object (still streaming, malformed) comes back as it is.
 */
export function formatArguments(argumentsText: string): string {
  let value: unknown;
  try {
    value = JSON.parse(argumentsText);
  } catch {
    return argumentsText;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return argumentsText;
  return Object.entries(value as Record<string, unknown>)
    .map(([name, item]) => {
      if (typeof item !== 'string') return `${name}: ${JSON.stringify(item, null, 2)}`;
      if (!item.includes('\n')) return `${name}: ${item}`;
      return `${name}:\n${item.replace(/^/gm, '  ')}`;
    })
    .join('\n');
}
