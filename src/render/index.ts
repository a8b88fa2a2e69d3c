/**
 * Model output (untrusted Markdown) to safe HTML: one-shot and streaming rendering, the
 * sanitizer, and the pieces the UI needs to wire code blocks and remote images.
 */
export { renderMarkdown } from './markdown-renderer';
export type { RenderedMessage, RenderOptions } from './markdown-renderer';
export { createStreamingRenderer } from './streaming-renderer';
export type {
  SettledBlockInfo,
  StreamingRenderer,
  StreamingRendererOptions,
} from './streaming-renderer';
export type { CodeBlockSource } from './code-block';
export { parseCodeInfo } from './code-block';
export { highlightToHtml, resolveCodeLanguage } from './code-highlighter';
export type { CodeLanguageId } from './code-highlighter';
export { sanitizeHtml } from './sanitize';
export { IMAGE_PLACEHOLDER_CLASS } from './remote-images';
export { classifyImageSource, safeLinkHref } from './url-policy';
export type { ImageSource } from './url-policy';
export { DEFAULT_RENDER_LIMITS } from './render-limits';
export type { RenderLimits } from './render-limits';
export { BLOCK_CLASS, OPEN_BLOCK_CLASS, OVERFLOW_CLASS } from './message-layout';
