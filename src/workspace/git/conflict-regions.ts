/**
 * The conflicted regions a merge leaves in a file, as git writes them:
 *
 *   <<<<<<< ours-label
 *   current (this branch's) lines
 *   =======
 *   incoming (the merged branch's) lines
 *   >>>>>>> theirs-label
 *
 * (a `|||||||` base section, written by git's diff3 style, is recognized and dropped when a
 * side is accepted). Offsets are into the text; a region spans whole lines, its last
 * line's newline included.
 */
export interface ConflictRegion {
  /** Start of the `<<<<<<<` line. */
  from: number;
  /** End of the `>>>>>>>` line (after its newline, when it has one). */
  to: number;
  /** The current side's text (whole lines). */
  current: string;
  /** The incoming side's text (whole lines). */
  incoming: string;
  /** Line starts of the marker lines (`<<<<<<<`, `|||||||` when present, `=======`, `>>>>>>>`). */
  markers: number[];
  /** The current side's line range [from, to) and the incoming side's. */
  currentRange: [number, number];
  incomingRange: [number, number];
}

/** Which side a person keeps. */
export type ConflictChoice = 'current' | 'incoming' | 'both';

const OPEN = '<<<<<<<';
const BASE = '|||||||';
const SPLIT = '=======';
const CLOSE = '>>>>>>>';

/** Every complete region of `text`, in order; an unclosed one is left out. */
export function findConflicts(text: string): ConflictRegion[] {
  if (!text.includes(OPEN)) return [];
  const regions: ConflictRegion[] = [];
  let open: number | undefined;
  let base: number | undefined;
  let split: number | undefined;
  let currentStart = 0;
  let currentEnd = 0;
  let incomingStart = 0;
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline + 1;
    const line = text.slice(at, end).replace(/\r?\n$/, '');
    if (isMarker(line, OPEN)) {
      open = at;
      base = split = undefined;
      currentStart = end;
    } else if (
      open !== undefined &&
      split === undefined &&
      base === undefined &&
      isMarker(line, BASE)
    ) {
      base = at;
      currentEnd = at;
    } else if (open !== undefined && split === undefined && line === SPLIT) {
      split = at;
      if (base === undefined) currentEnd = at;
      incomingStart = end;
    } else if (open !== undefined && split !== undefined && isMarker(line, CLOSE)) {
      regions.push({
        from: open,
        to: end,
        current: text.slice(currentStart, currentEnd),
        incoming: text.slice(incomingStart, at),
        markers: [open, ...(base === undefined ? [] : [base]), split, at],
        currentRange: [currentStart, currentEnd],
        incomingRange: [incomingStart, at],
      });
      open = base = split = undefined;
    }
    at = end;
  }
  return regions;
}

/** The text that replaces `region` when the person keeps `choice`. */
export function resolvedText(region: ConflictRegion, choice: ConflictChoice): string {
  if (choice === 'current') return region.current;
  if (choice === 'incoming') return region.incoming;
  const current = region.current;
  // Both sides, current first, each ending its own lines.
  const joint = current && !current.endsWith('\n') ? `${current}\n` : current;
  return joint + region.incoming;
}

function isMarker(line: string, marker: string): boolean {
  return line === marker || line.startsWith(`${marker} `);
}
