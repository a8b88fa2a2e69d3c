import { Marked } from 'marked';
import type { MarkedExtension } from 'marked';
import { mathExtension } from './math-extension';

/**
 * A marked instance with Cove's Markdown dialect: GitHub-flavoured Markdown (tables, task
 * lists, strikethrough, autolinks), soft line breaks as spaces, and TeX math (see
 * math-extension.ts) in the given mode, plus `extra` (renderers). Lexers built from its
 * `defaults` all tokenize the same way, which the splitter and the renderer rely on.
 */
export function createMarked(mode: 'final' | 'stream', ...extra: MarkedExtension[]): Marked {
  return new Marked({ gfm: true, breaks: false, pedantic: false }, mathExtension(mode), ...extra);
}
