import { cssLanguage } from '@codemirror/lang-css';
import { htmlLanguage } from '@codemirror/lang-html';
import {
  javascriptLanguage,
  jsxLanguage,
  tsxLanguage,
  typescriptLanguage,
} from '@codemirror/lang-javascript';
import { jsonLanguage } from '@codemirror/lang-json';
import { markdownLanguage } from '@codemirror/lang-markdown';
import { pythonLanguage } from '@codemirror/lang-python';
import type { Language } from '@codemirror/language';
import { classHighlighter, highlightCode } from '@lezer/highlight';
import { escapeHtml } from './html-escape';

/** Languages highlighted in chat, with the editor's own Lezer grammars. */
export type CodeLanguageId =
  'python' | 'javascript' | 'typescript' | 'jsx' | 'tsx' | 'json' | 'markdown' | 'html' | 'css';

const GRAMMARS: Record<CodeLanguageId, Language> = {
  python: pythonLanguage,
  javascript: javascriptLanguage,
  typescript: typescriptLanguage,
  jsx: jsxLanguage,
  tsx: tsxLanguage,
  json: jsonLanguage,
  markdown: markdownLanguage,
  html: htmlLanguage,
  css: cssLanguage,
};

const ALIASES: Record<string, CodeLanguageId> = {
  python: 'python',
  py: 'python',
  python3: 'python',
  py3: 'python',
  pyi: 'python',
  javascript: 'javascript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  jsx: 'jsx',
  tsx: 'tsx',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  markdown: 'markdown',
  md: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  css: 'css',
};

/** The highlighted language for a fence's language word or a file extension
 * (case-insensitive: `py`, `Python3`, `ts`, `htm`…), or null when Cove has no grammar. */
export function resolveCodeLanguage(name: string): CodeLanguageId | null {
  return ALIASES[name.trim().toLowerCase()] ?? null;
}

/**
 * `code` as HTML: with a known language, Lezer's tokens as `<span class="tok-…">` (the
 * classes of `@lezer/highlight`'s `classHighlighter`, no inline styles); otherwise, or
 * when `code` is longer than `maxChars`, or if the grammar fails, the escaped text. Line
 * breaks stay `\n`; wrap the result in `<pre><code>`.
 */
export function highlightToHtml(
  code: string,
  language: CodeLanguageId | null,
  maxChars: number,
): string {
  if (!language || code.length > maxChars) return escapeHtml(code);
  try {
    const tree = GRAMMARS[language].parser.parse(code);
    let html = '';
    highlightCode(
      code,
      tree,
      classHighlighter,
      (text, classes) => {
        html += classes ? `<span class="${classes}">${escapeHtml(text)}</span>` : escapeHtml(text);
      },
      () => {
        html += '\n';
      },
    );
    return html;
  } catch {
    return escapeHtml(code);
  }
}
