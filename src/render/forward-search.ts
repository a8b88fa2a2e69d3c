/**
 * `text.indexOf(needle, from)` for a scan that moves forward through `text`, in linear total
 * time per needle: a result is reused while it is still ahead of `from`, and a miss is
 * remembered for every later `from`. Without it, input like a thousand unclosed `<!--` or
 * `\[` rescans the rest of the text for each one (quadratic).
 */
export type ForwardSearch = (needle: string, from: number) => number;

/** A {@link ForwardSearch} over `text`. Searches from an earlier `from` stay correct, only
 * uncached. */
export function createForwardSearch(text: string): ForwardSearch {
  const last = new Map<string, { from: number; at: number }>();
  return (needle, from) => {
    const known = last.get(needle);
    if (known && from >= known.from && (known.at < 0 || known.at >= from)) return known.at;
    const at = text.indexOf(needle, from);
    last.set(needle, { from, at });
    return at;
  };
}
