import { collectLinkDefinitions, mergeLinkDefinitions, renderBlock } from './block-renderer';
import type { LinkDefinitions } from './block-renderer';
import { splitBlocks } from './block-splitter';
import type { CodeBlockSource } from './code-block';
import { blockKey, overflowInnerHtml, wrapBlockHtml, wrapOverflowHtml } from './message-layout';
import { resolveLimits } from './render-limits';
import type { RenderLimits } from './render-limits';
import { sanitizeHtml } from './sanitize';
import { SourceNormalizer } from './source-normalizer';

/** A whole rendered message. */
export interface RenderedMessage {
  /**
   * Sanitized HTML: one `div.cove-md-block[data-block-key=bN]` per top-level Markdown
   * block, then, for an over-long message, `div.cove-md-overflow[data-block-key=overflow]`.
   */
  html: string;
  /** Sources of the code blocks, by index (`data-code-index`). */
  codeBlocks: CodeBlockSource[];
  /** Number of Markdown blocks (keys `b0` … `b{blockCount-1}`). */
  blockCount: number;
  /** True when the end of the message is shown as plain text because of its length. */
  truncated: boolean;
}

/** Options of {@link renderMarkdown}. */
export interface RenderOptions {
  limits?: Partial<RenderLimits>;
}

/**
 * Renders a complete message of untrusted Markdown to sanitized HTML (see sanitize.ts for
 * what may remain). Each block is rendered and sanitized on its own, then the whole
 * message's HTML is sanitized once more. The result equals what a streaming renderer fed
 * the same text in any chunks shows after `finalize()`. Never throws for any text; needs
 * a DOM (`window`) for sanitizing.
 */
export function renderMarkdown(text: string, options: RenderOptions = {}): RenderedMessage {
  const limits = resolveLimits(options.limits);
  const normalizer = new SourceNormalizer(limits);
  normalizer.push(text);
  normalizer.end();
  const { blocks } = splitBlocks(normalizer.drainLines(), 0, 'final');
  const links: LinkDefinitions = Object.create(null);
  for (const raw of blocks) mergeLinkDefinitions(links, collectLinkDefinitions(raw));
  const parts: string[] = [];
  const codeBlocks: CodeBlockSource[] = [];
  let formulas = 0;
  blocks.forEach((raw, index) => {
    const key = blockKey(index);
    const rendered = renderBlock(raw, {
      blockKey: key,
      codeIndexBase: codeBlocks.length,
      formulaIndexBase: formulas,
      complete: true,
      links,
      limits,
    });
    parts.push(wrapBlockHtml(key, rendered.html));
    codeBlocks.push(...rendered.codeBlocks);
    formulas += rendered.formulaCount;
  });
  if (normalizer.hasOverflow) {
    const inner = overflowInnerHtml(
      normalizer.overflowText,
      normalizer.overflowLength,
      limits.maxMarkdownChars,
    );
    parts.push(wrapOverflowHtml(sanitizeHtml(inner)));
  }
  return {
    html: sanitizeHtml(parts.join('')),
    codeBlocks,
    blockCount: blocks.length,
    truncated: normalizer.hasOverflow,
  };
}
