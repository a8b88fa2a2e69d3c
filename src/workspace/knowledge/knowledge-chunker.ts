/**
 * Cuts a file's text into passages for the knowledge index: Markdown at its headings (a
 * passage never spans two sections, and carries the headings above it), code at top-level
 * blocks, other text at blank lines, each merged up to a target size and split at lines
 * when longer. Pure; line numbers are 1-based and inclusive, so a citation opens the file
 * where the passage starts.
 */

/** One passage of a file (or of one page of a document). */
export interface TextChunk {
  /** 1-based first line of the passage (within its page, for a paged document). */
  startLine: number;
  /** 1-based last line, inclusive. */
  endLine: number;
  text: string;
  /** The Markdown headings the passage sits under, outermost first, joined by " › ". */
  heading?: string;
  /** 1-based page of a paged document (PDF). */
  page?: number;
}

/** Characters a passage aims at: short enough to rank well, long enough to answer with. */
export const CHUNK_TARGET_CHARS = 1200;
/** Characters a passage holds at most; a longer block is split at line ends. */
export const CHUNK_MAX_CHARS = 2400;

const MARKDOWN = /\.(md|markdown|mdx|rst|txt)$/i;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

export type ChunkStyle = 'markdown' | 'code' | 'text';

/** How a path is cut: Markdown by headings, known prose by paragraphs, the rest as code. */
export function chunkStyleOf(path: string): ChunkStyle {
  if (/\.(md|markdown|mdx)$/i.test(path)) return 'markdown';
  if (MARKDOWN.test(path)) return 'text';
  return 'code';
}

/** A run of lines [start, end) (0-based) that may become a passage or part of one. */
interface Block {
  start: number;
  end: number;
  heading?: string;
  /** A heading starts here: never merge it into the block before. */
  hard: boolean;
}

function markdownBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  const trail: string[] = [];
  let inFence = false;
  let start = 0;
  let hard = true;
  let heading: string | undefined;
  const close = (end: number) => {
    if (end > start) blocks.push({ start, end, hard, ...(heading ? { heading } : {}) });
    start = end;
    hard = false;
  };
  lines.forEach((line, i) => {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence) return;
    const match = HEADING.exec(line);
    if (match) {
      close(i);
      const level = match[1]!.length;
      trail.length = Math.min(trail.length, level - 1);
      trail[level - 1] = match[2]!;
      heading = trail.filter(Boolean).join(' › ');
      hard = true;
    } else if (!line.trim() && i + 1 < lines.length) {
      close(i + 1);
    }
  });
  close(lines.length);
  return blocks;
}

/** Code: a new block where an unindented line follows a blank line (a def, a class). */
function codeBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() && !/^\s/.test(line) && !lines[i - 1]!.trim()) {
      blocks.push({ start, end: i, hard: false });
      start = i;
    }
  }
  blocks.push({ start, end: lines.length, hard: false });
  return blocks;
}

function textBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  lines.forEach((line, i) => {
    if (!line.trim() && i + 1 < lines.length) {
      blocks.push({ start, end: i + 1, hard: false });
      start = i + 1;
    }
  });
  blocks.push({ start, end: lines.length, hard: false });
  return blocks;
}

/** Splits a block longer than CHUNK_MAX_CHARS into pieces at line ends. */
function splitLong(block: Block, lines: readonly string[]): Block[] {
  const pieces: Block[] = [];
  let start = block.start;
  let size = 0;
  for (let i = block.start; i < block.end; i++) {
    const length = lines[i]!.length + 1;
    if (size + length > CHUNK_TARGET_CHARS && i > start) {
      pieces.push({ ...block, start, end: i, hard: pieces.length === 0 && block.hard });
      start = i;
      size = 0;
    }
    size += length;
  }
  pieces.push({ ...block, start, end: block.end, hard: pieces.length === 0 && block.hard });
  return pieces;
}

/**
 * The passages of `text`, in order, covering every non-blank line once. `style` defaults
 * to what the path says (chunkStyleOf). Blank passages are left out.
 */
export function chunkText(path: string, text: string, style = chunkStyleOf(path)): TextChunk[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const raw =
    style === 'markdown'
      ? markdownBlocks(lines)
      : style === 'code'
        ? codeBlocks(lines)
        : textBlocks(lines);
  const sizeOf = (block: Block) => {
    let size = 0;
    for (let i = block.start; i < block.end; i++) size += lines[i]!.length + 1;
    return size;
  };
  const blocks = raw.flatMap((block) =>
    sizeOf(block) > CHUNK_MAX_CHARS ? splitLong(block, lines) : [block],
  );
  const merged: Block[] = [];
  let size = 0;
  for (const block of blocks) {
    const last = merged.at(-1);
    const blockSize = sizeOf(block);
    if (last && !block.hard && size + blockSize <= CHUNK_TARGET_CHARS) {
      last.end = block.end;
      size += blockSize;
    } else {
      merged.push({ ...block });
      size = blockSize;
    }
  }
  const chunks: TextChunk[] = [];
  for (const block of merged) {
    let start = block.start;
    let end = block.end;
    while (start < end && !lines[start]!.trim()) start++;
    while (end > start && !lines[end - 1]!.trim()) end--;
    if (start >= end) continue;
    chunks.push({
      startLine: start + 1,
      endLine: end,
      text: lines.slice(start, end).join('\n'),
      ...(block.heading ? { heading: block.heading } : {}),
    });
  }
  return chunks;
}

/** The passages of a paged document: each page cut as prose, its page number kept. */
export function chunkPages(path: string, pages: readonly string[]): TextChunk[] {
  return pages.flatMap((page, index) =>
    chunkText(path, page, 'text').map((chunk) => ({ ...chunk, page: index + 1 })),
  );
}
