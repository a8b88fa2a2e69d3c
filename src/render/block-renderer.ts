import { Lexer, Parser } from 'marked';
import type {
  Links,
  MarkedOptions,
  RendererExtension,
  RendererObject,
  Tokens,
  TokensList,
} from 'marked';
import { parseCodeInfo, renderCodeBlockHtml } from './code-block';
import type { CodeBlockSource } from './code-block';
import { escapeHtml } from './html-escape';
import { createMarked } from './markdown-syntax';
import type { MathBlockToken, MathInlineToken } from './math-extension';
import { filterRawHtml } from './raw-html';
import { renderImageHtml } from './remote-images';
import type { RenderLimits } from './render-limits';
import { sanitizeHtml } from './sanitize';
import { renderTex } from './tex-renderer';
import { safeLinkHref } from './url-policy';

/** Link reference definitions (`[label]: url "title"`) by normalized label. */
export type LinkDefinitions = Links;

/** What a block's rendering depends on besides its own source. */
export interface BlockRenderContext {
  /** `data-block-key` of the block; recorded in its code blocks. */
  blockKey: string;
  /** Index of the block's first code block within the message. */
  codeIndexBase: number;
  /** Formulas typeset in the message before this block (for `maxFormulas`). */
  formulaIndexBase: number;
  /** Whether the block can still grow (it is the open part of a stream): then its code is
   * not highlighted and its formulas not typeset (both come when it settles). */
  complete: boolean;
  /** Reference definitions visible to the block (first definition of a label wins). */
  links: LinkDefinitions;
  limits: RenderLimits;
}

/** One rendered block: sanitized HTML and its code blocks' sources. */
export interface RenderedBlock {
  html: string;
  codeBlocks: CodeBlockSource[];
  /** Formulas in the block, typeset or not. */
  formulaCount: number;
}

interface RenderState {
  context: BlockRenderContext;
  nextCodeIndex: number;
  nextFormulaIndex: number;
  codeBlocks: CodeBlockSource[];
}

/** The block being rendered; marked's renderer hooks are plain functions without context. */
let active: RenderState | null = null;

function state(): RenderState {
  if (!active) throw new Error('block renderer used outside renderBlock');
  return active;
}

const LINK_REL = 'noopener noreferrer nofollow';

/** Like marked's own text escaping: `&` only when it does not start a reference. */
function escapeText(text: string): string {
  return text.replace(/&(?!#?\w+;)/g, '&amp;').replace(/[<>"']/g, (ch) => escapeHtml(ch));
}

const renderer: RendererObject = {
  code(token: Tokens.Code): string {
    const current = state();
    const info = parseCodeInfo(token.lang ?? '');
    // marked adds one line break to a fence's text when its last line is blank.
    const code = token.text.endsWith('\n') ? token.text.slice(0, -1) : token.text;
    const index = current.nextCodeIndex++;
    const source: CodeBlockSource = {
      index,
      blockKey: current.context.blockKey,
      lang: info.lang,
      info: token.lang ?? '',
      code,
      complete: current.context.complete,
    };
    if (info.filename) source.filename = info.filename;
    current.codeBlocks.push(source);
    // The open end of a stream is redrawn on every frame it grows: it is highlighted once,
    // when it settles, not on every frame.
    const highlight = current.context.complete ? current.context.limits.maxHighlightChars : 0;
    return renderCodeBlockHtml(index, info, code, highlight);
  },
  html(token: Tokens.HTML | Tokens.Tag): string {
    return filterRawHtml(token.text);
  },
  link(token: Tokens.Link): string {
    const inner = token.autolink ? escapeHtml(token.text) : this.parser.parseInline(token.tokens);
    const href = safeLinkHref(token.href, !token.autolink);
    if (href === null) return inner;
    const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
    return `<a href="${escapeHtml(href)}"${title} target="_blank" rel="${LINK_REL}">${inner}</a>`;
  },
  image(token: Tokens.Image): string {
    const alt = token.tokens
      ? this.parser.parseInline(token.tokens, this.parser.textRenderer)
      : token.text;
    return renderImageHtml(token.href, alt, token.title);
  },
  text(token: Tokens.Text | Tokens.Escape): string {
    if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
    // Always escape: marked leaves text after an inline <pre>/<script> tag raw.
    return escapeText(token.text);
  },
};

/** A formula typeset with KaTeX, or its source once the message's quota is used up. */
function formulaHtml(token: MathBlockToken | MathInlineToken, display: boolean): string {
  const current = state();
  const { limits } = current.context;
  // Typeset once, when the block settles; the open end of a stream shows the source.
  if (current.nextFormulaIndex++ >= limits.maxFormulas || !current.context.complete) {
    return `<span class="cove-math-source">${escapeHtml(token.raw.trim())}</span>`;
  }
  return renderTex(token.text, display, limits.maxTexChars);
}

const mathRenderers: RendererExtension[] = [
  {
    name: 'mathBlock',
    renderer: (token) =>
      `<div class="cove-math-block">${formulaHtml(token as MathBlockToken, true)}</div>\n`,
  },
  {
    name: 'mathInline',
    renderer: (token) => formulaHtml(token as MathInlineToken, (token as MathInlineToken).display),
  },
];

const options: MarkedOptions = createMarked('final', {
  renderer,
  extensions: mathRenderers,
}).defaults;

function countDelimiters(text: string, max: number): number {
  let count = 0;
  for (let i = 0; i < text.length && count <= max; i++) {
    const code = text.charCodeAt(i);
    if (code === 42 || code === 95 || code === 126 || code === 91) count++;
  }
  return count;
}

/** marked's `lex`, with the block's link definitions seeded and a guard on inline runs
 * that marked would take quadratic time over (emphasis, reference links, code spans, raw
 * tags): a run too long or with too many delimiters is plain text. */
function lex(raw: string, links: LinkDefinitions, limits: RenderLimits): TokensList {
  const lexer = new Lexer(options);
  Object.assign(lexer.tokens.links, links);
  lexer.blockTokens(raw, lexer.tokens);
  for (const run of lexer.inlineQueue) {
    lexer.state.inRawBlock = false;
    const max = limits.maxInlineDelimiters;
    if (run.src.length > limits.maxInlineChars || countDelimiters(run.src, max) > max) {
      run.tokens.push({ type: 'text', raw: run.src, text: run.src, escaped: false });
    } else {
      lexer.inlineTokens(run.src, run.tokens);
    }
  }
  lexer.inlineQueue = [];
  return lexer.tokens;
}

function fallbackHtml(raw: string): string {
  return (
    '<div class="cove-md-error"><p class="cove-md-notice">This part could not be rendered as' +
    ` Markdown and is shown as text.</p><pre class="cove-md-plain">\n${escapeHtml(raw)}</pre></div>`
  );
}

/**
 * Renders the Markdown `raw` (normally one top-level block; the open part of a stream may
 * hold several) to sanitized HTML, numbering its code blocks from `codeIndexBase` and
 * counting its formulas from `formulaIndexBase`. Never
 * throws: if marked fails, the block comes back as escaped text under a notice, without
 * code blocks. Needs a DOM for sanitizing.
 */
export function renderBlock(raw: string, context: BlockRenderContext): RenderedBlock {
  const rendered = renderBlockMarkup(raw, context);
  return { ...rendered, html: sanitizeHtml(rendered.html) };
}

/**
 * {@link renderBlock} without the sanitizing: its `html` is NOT safe to insert until it has
 * been through `sanitizeHtml` (the streaming renderer sanitizes the blocks of a frame in one
 * call). Needs no DOM.
 */
export function renderBlockMarkup(raw: string, context: BlockRenderContext): RenderedBlock {
  const previous = active;
  const current: RenderState = {
    context,
    nextCodeIndex: context.codeIndexBase,
    nextFormulaIndex: context.formulaIndexBase,
    codeBlocks: [],
  };
  active = current;
  try {
    const tokens = lex(raw, context.links, context.limits);
    return {
      html: new Parser(options).parse(tokens),
      codeBlocks: current.codeBlocks,
      formulaCount: current.nextFormulaIndex - context.formulaIndexBase,
    };
  } catch {
    return { html: fallbackHtml(raw), codeBlocks: [], formulaCount: 0 };
  } finally {
    active = previous;
  }
}

/** The link reference definitions made in `raw` (none unless it contains `]:`). */
export function collectLinkDefinitions(raw: string): LinkDefinitions {
  const found: LinkDefinitions = Object.create(null);
  if (!raw.includes(']:')) return found;
  try {
    const lexer = new Lexer(options);
    lexer.blockTokens(raw, lexer.tokens);
    return Object.assign(found, lexer.tokens.links);
  } catch {
    return found;
  }
}

/** Adds `more` to `links`, keeping the first definition of each label; returns how many
 * labels were new. */
export function mergeLinkDefinitions(links: LinkDefinitions, more: LinkDefinitions): number {
  let added = 0;
  for (const label of Object.keys(more)) {
    if (!Object.hasOwn(links, label)) {
      links[label] = more[label]!;
      added++;
    }
  }
  return added;
}
