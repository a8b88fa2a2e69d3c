/**
 * Bounds that keep one message from freezing the page. Every renderer takes a partial
 * override; anything left out uses {@link DEFAULT_RENDER_LIMITS}. Lengths are UTF-16 code
 * units, the unit of `string.length`.
 */
export interface RenderLimits {
  /**
   * Characters rendered as Markdown. The rest of the message is shown as plain, escaped
   * text under a notice; the cut moves back to a line end when one is near.
   */
  maxMarkdownChars: number;
  /** Characters of the plain-text remainder that are shown at all; the rest is counted. */
  maxPlainChars: number;
  /**
   * Container markers (`>`, list bullets, ordinals) honoured at the start of one line;
   * the next one is escaped so it reads as text. Bounds Markdown nesting depth.
   */
  maxNestingPerLine: number;
  /**
   * `*`, `_`, `~` and `[` characters in one inline run (a paragraph, heading, list item or
   * table cell) before the run is shown as plain text: marked's emphasis and reference-link
   * matching take time quadratic in them.
   */
  maxInlineDelimiters: number;
  /** Characters in one inline run before it is shown as plain text, for the same reason. */
  maxInlineChars: number;
  /** Code blocks longer than this are shown escaped but not highlighted. */
  maxHighlightChars: number;
  /** TeX longer than this is shown as an error instead of being typeset. */
  maxTexChars: number;
  /** Formulas typeset per message; later ones are shown as their TeX source. */
  maxFormulas: number;
  /** Table cells per message (marked pads rows to the header's width); past it, tables
   * end and later ones stay text. */
  maxTableCells: number;
}

/** The limits used when a caller gives none. */
export const DEFAULT_RENDER_LIMITS: Readonly<RenderLimits> = Object.freeze({
  maxMarkdownChars: 200_000,
  maxPlainChars: 1_000_000,
  maxNestingPerLine: 12,
  maxInlineDelimiters: 1_000,
  maxInlineChars: 20_000,
  maxHighlightChars: 64_000,
  maxTexChars: 8_000,
  maxFormulas: 2_000,
  maxTableCells: 100_000,
});

/** `DEFAULT_RENDER_LIMITS` with `overrides` applied. */
export function resolveLimits(overrides?: Partial<RenderLimits>): RenderLimits {
  return { ...DEFAULT_RENDER_LIMITS, ...overrides };
}
