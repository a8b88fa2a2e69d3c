import { escapeHtml } from './html-escape';

/** Class of every top-level block wrapper of a rendered message. */
export const BLOCK_CLASS = 'cove-md-block';
/** Extra class of the wrapper that holds the still-growing end of a streaming message. */
export const OPEN_BLOCK_CLASS = 'cove-md-open';
/** Class of plain text that stands in for Markdown not rendered yet while streaming. */
export const PENDING_CLASS = 'cove-md-pending';
/** Extra class (and `data-block-key`) of the wrapper of the plain-text overflow. */
export const OVERFLOW_CLASS = 'cove-md-overflow';
export const OVERFLOW_KEY = 'overflow';

/** Key of the `index`th Markdown block of a message: `b0`, `b1`… Stable while streaming. */
export function blockKey(index: number): string {
  return `b${index}`;
}

/** `<div class="cove-md-block" data-block-key="KEY">HTML</div>` — the same markup the
 * streaming renderer builds with DOM calls, so that both serialize alike. */
export function wrapBlockHtml(key: string, html: string): string {
  return `<div class="${BLOCK_CLASS}" data-block-key="${key}">${html}</div>`;
}

/** Wrapper of the plain-text overflow, as {@link wrapBlockHtml} makes block wrappers. */
export function wrapOverflowHtml(html: string): string {
  return `<div class="${BLOCK_CLASS} ${OVERFLOW_CLASS}" data-block-key="${OVERFLOW_KEY}">${html}</div>`;
}

/** The notice above the plain-text overflow. */
export function overflowNotice(maxMarkdownChars: number): string {
  return `This message is longer than ${maxMarkdownChars} characters; the rest is shown as plain text.`;
}

/** The notice under the overflow when part of it is not shown at all. */
export function hiddenNotice(hiddenChars: number): string {
  return `${hiddenChars} more characters are not shown.`;
}

/**
 * Inside of the overflow wrapper: a notice, the text in `pre.cove-md-plain`, and a second
 * notice when `totalChars` exceeds the text shown. (The line break after `<pre>` is
 * dropped by the HTML parser; it keeps a leading line break of `text`.)
 */
export function overflowInnerHtml(
  text: string,
  totalChars: number,
  maxMarkdownChars: number,
): string {
  let html =
    `<p class="cove-md-notice">${escapeHtml(overflowNotice(maxMarkdownChars))}</p>` +
    `<pre class="cove-md-plain">\n${escapeHtml(text)}</pre>`;
  if (totalChars > text.length) {
    html += `<p class="cove-md-notice">${escapeHtml(hiddenNotice(totalChars - text.length))}</p>`;
  }
  return html;
}
