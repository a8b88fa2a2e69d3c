import { Lexer } from 'marked';
import type { MarkedOptions, Token } from 'marked';
import { createMarked } from './markdown-syntax';

const streamOptions: MarkedOptions = createMarked('stream').defaults;
const finalOptions: MarkedOptions = createMarked('final').defaults;

/** Settled top-level blocks found by {@link splitBlocks}. */
export interface SplitResult {
  /** Source of each block, in order; consecutive blocks are adjacent in the source. */
  blocks: string[];
  /** Offset in the source where the unsettled rest begins (the source length when final). */
  end: number;
}

/**
 * Splits `source` from offset `from` into top-level Markdown blocks (a paragraph, a heading,
 * a whole list, table, quote, fenced code or display formula), each with the blank lines
 * after it; leading blank lines belong to the first block, and a region that is only blank
 * lines makes no block.
 *
 * 'final': the text is complete; every block is returned.
 *
 * 'stream': `source` must end with a complete line (a partial line could change what the
 * lines before it are: `#` versus `#tag`, ``` versus ```x`). The last block is left open,
 * because more text can extend it (a paragraph, a list's next item, a table's next row, an
 * unclosed fence or `$$`); a block followed by the start of another one cannot change
 * any more. So for any text, the blocks settled while streaming it are the blocks that
 * 'final' finds in the whole text, which makes streaming and one-shot rendering agree.
 */
export function splitBlocks(source: string, from: number, mode: 'stream' | 'final'): SplitResult {
  const region = source.slice(from);
  const final = mode === 'final';
  let tokens: Token[];
  try {
    tokens = new Lexer(final ? finalOptions : streamOptions).blockTokens(region, []);
  } catch {
    // Marked gave up (it throws on inputs it cannot advance through): keep it as one block.
    return final
      ? { blocks: region.trim() ? [region] : [], end: source.length }
      : { blocks: [], end: from };
  }
  const starts: number[] = [];
  let offset = 0;
  let previous: Token | undefined;
  for (const token of tokens) {
    // A token right after a paragraph is no boundary: marked lexes it differently when it
    // follows a paragraph (raw HTML, indented code and definitions cannot interrupt one),
    // so restarting the lexer there would not give the same tokens.
    if (token.type !== 'space' && previous?.type !== 'paragraph' && previous?.type !== 'text') {
      starts.push(offset);
    }
    offset += token.raw.length;
    previous = token;
  }
  if (offset !== region.length) {
    // Marked merged tokens in a way that changed their text: trust no boundary.
    return final
      ? { blocks: region.trim() ? [region] : [], end: source.length }
      : { blocks: [], end: from };
  }
  if (starts.length === 0) return { blocks: [], end: final ? source.length : from };
  starts[0] = 0;
  const count = final ? starts.length : starts.length - 1;
  const blocks: string[] = [];
  for (let i = 0; i < count; i++) {
    blocks.push(region.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! : region.length));
  }
  return { blocks, end: final ? source.length : from + starts[count]! };
}
