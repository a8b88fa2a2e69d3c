import { highlightToHtml, resolveCodeLanguage } from './code-highlighter';
import { escapeHtml } from './html-escape';

/**
 * The raw source of one code block of a message, for the UI's Copy, Save as file, Insert
 * and Run buttons. `index` counts the message's code blocks (fenced or indented, nested in
 * lists or quotes too) from 0 in document order, and matches `data-code-index` in the HTML.
 */
export interface CodeBlockSource {
  index: number;
  /** Key of the block that holds it (`data-block-key`), or 'open' while it is streaming. */
  blockKey: string;
  /** Language id: a highlighted one ('python', 'typescript'…), else the fence's first word
   * lowercased and reduced to `[a-z0-9_+#.-]` (at most 32 characters), else ''. */
  lang: string;
  /** The whole info string after the opening fence, as written. */
  info: string;
  /** A file name given in the info string (`py main.py`, `python:src/a.py`, `title="a.py"`),
   * as written; the UI must still validate it as a workspace path. */
  filename?: string;
  /** The code exactly as written, without the fences and the last line break. */
  code: string;
  /** False while the block may still grow (it is in the open, streaming part). */
  complete: boolean;
}

/** What a fence's info string says about its code. */
export interface CodeInfo {
  lang: string;
  filename?: string;
}

const FILENAME_ATTRIBUTE =
  /\b(?:title|file|filename|path|name)\s*=\s*(?:"([^"]+)"|'([^']+)'|(\S+))/i;
const LOOKS_LIKE_FILE = /^[^\s"'<>|*?]+\.[A-Za-z0-9]{1,10}$/;

function cleanLang(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^a-z0-9_+#.-]/g, '')
    .slice(0, 32);
}

function validFilename(name: string | undefined): string | undefined {
  if (!name || name.length > 255) return undefined;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(name) ? undefined : name;
}

/**
 * Reads a fence's info string: `python`, `py main.py`, `python:src/main.py`,
 * `ts title="a.ts"`, or just `main.py` (language from the extension).
 */
export function parseCodeInfo(info: string): CodeInfo {
  const trimmed = info.trim();
  if (!trimmed) return { lang: '' };
  const [first = '', ...rest] = trimmed.split(/\s+/);
  let word = first;
  let filename: string | undefined;
  const colon = word.indexOf(':');
  if (colon > 0) {
    filename = word.slice(colon + 1) || undefined;
    word = word.slice(0, colon);
  }
  const attribute = FILENAME_ATTRIBUTE.exec(trimmed);
  if (attribute) filename = attribute[1] ?? attribute[2] ?? attribute[3];
  else if (!filename && rest[0] && LOOKS_LIKE_FILE.test(rest[0])) filename = rest[0];
  let lang: string = resolveCodeLanguage(word) ?? cleanLang(word);
  if (LOOKS_LIKE_FILE.test(word) && !resolveCodeLanguage(word)) {
    const extension = word.slice(word.lastIndexOf('.') + 1);
    filename ??= word;
    lang = resolveCodeLanguage(extension) ?? cleanLang(extension);
  }
  const result: CodeInfo = { lang };
  const valid = validFilename(filename);
  if (valid) result.filename = valid;
  return result;
}

/**
 * HTML of one code block, the frame the UI wires its buttons into:
 *
 * ```html
 * <div class="cove-code" data-code-index="N" data-lang="python" [data-filename="a.py"]>
 *   <div class="cove-code-toolbar"><span class="cove-code-lang">python</span></div>
 *   <pre class="cove-code-pre"><code class="cove-code-body">…tok-* spans…</code></pre>
 * </div>
 * ```
 *
 * The UI adds buttons to the toolbar and run output after the `pre`; it reads the code
 * from {@link CodeBlockSource}, never from this HTML.
 */
export function renderCodeBlockHtml(
  index: number,
  info: CodeInfo,
  code: string,
  maxHighlightChars: number,
): string {
  const body = highlightToHtml(code, resolveCodeLanguage(info.lang), maxHighlightChars);
  const filename = info.filename ? ` data-filename="${escapeHtml(info.filename)}"` : '';
  return (
    `<div class="cove-code" data-code-index="${index}" data-lang="${escapeHtml(info.lang)}"${filename}>` +
    `<div class="cove-code-toolbar"><span class="cove-code-lang">${escapeHtml(info.lang || 'text')}</span></div>` +
    `<pre class="cove-code-pre"><code class="cove-code-body">${body}</code></pre></div>\n`
  );
}
