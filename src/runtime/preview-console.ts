/**
 * The live preview's console as Cove keeps it: what the page logged, its uncaught errors
 * and the loads its policy refused, in order, bounded in size. Pure.
 */

/** How loud an entry is; `error` also covers uncaught exceptions and refused loads. */
export type PreviewConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** One line of the console. */
export interface PreviewConsoleEntry {
  /** Increases by one per entry added, across clears: a reader's place in the log. */
  seq: number;
  level: PreviewConsoleLevel;
  text: string;
}

/** Bounds of what the console keeps. */
export interface PreviewConsoleLimits {
  /** Characters of one entry; the rest is cut with a note. */
  entryChars: number;
  /** Entries kept; older ones go first. */
  entries: number;
}

/** The limits Cove uses. */
export const PREVIEW_CONSOLE_LIMITS: PreviewConsoleLimits = {
  entryChars: 4000,
  entries: 500,
};

/** Cuts `text` to `limit` characters with a note of how long it was. */
export function capConsoleText(text: string, limit: number = PREVIEW_CONSOLE_LIMITS.entryChars) {
  return text.length > limit ? `${text.slice(0, limit)}… (cut: ${text.length} characters)` : text;
}

/**
 * The entries of a console with a count of those it let go. `add` cuts long text and
 * drops the oldest entries past the limit; `since(seq)` reads what came after a place.
 */
export class PreviewConsoleLog {
  private list: PreviewConsoleEntry[] = [];
  private next = 1;
  /** Entries dropped to keep within the limit since the last clear. */
  dropped = 0;

  constructor(private readonly limits: PreviewConsoleLimits = PREVIEW_CONSOLE_LIMITS) {}

  add(level: PreviewConsoleLevel, text: string): PreviewConsoleEntry {
    const entry = { seq: this.next++, level, text: capConsoleText(text, this.limits.entryChars) };
    this.list.push(entry);
    if (this.list.length > this.limits.entries) {
      const over = this.list.length - this.limits.entries;
      this.list.splice(0, over);
      this.dropped += over;
    }
    return entry;
  }

  /** Every entry kept, oldest first (a new array). */
  entries(): PreviewConsoleEntry[] {
    return [...this.list];
  }

  /** Entries added after `seq` that are still kept. */
  since(seq: number): PreviewConsoleEntry[] {
    return this.list.filter((entry) => entry.seq > seq);
  }

  /** The seq of the newest entry ever added (0 before the first). */
  lastSeq(): number {
    return this.next - 1;
  }

  clear(): void {
    this.list = [];
    this.dropped = 0;
  }
}
