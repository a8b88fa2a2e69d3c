import { escapeHtml } from './html-escape';
import { classifyImageSource } from './url-policy';

/** Class of the button that stands in for a remote image until the user clicks it. */
export const IMAGE_PLACEHOLDER_CLASS = 'cove-md-image-placeholder';

/**
 * HTML for an image the model asked to show (`![alt](src "title")` or a raw `<img>`). No
 * variant makes a request when rendered:
 *
 * - http(s): `<button type="button" class="cove-md-image-placeholder"
 *   data-image-src="URL" data-image-host="HOST" data-image-alt="ALT">Load image from HOST…`;
 *   the UI swaps in a real image when the button is clicked.
 * - base64 PNG/JPEG/GIF/WebP data URI: `<img class="cove-md-inline-image" src alt>`.
 * - anything else: `<span class="cove-md-image-blocked">` with the alt text.
 *
 * `alt` and `title` are plain text; everything is escaped here.
 */
export function renderImageHtml(source: string, alt: string, title?: string | null): string {
  const image = classifyImageSource(source);
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
  switch (image.kind) {
    case 'inline':
      return `<img class="cove-md-inline-image" src="${escapeHtml(image.url)}" alt="${escapeHtml(alt)}"${titleAttr}>`;
    case 'remote': {
      const label = `Load image from ${image.host}` + (alt ? `: ${alt}` : '');
      return (
        `<button type="button" class="${IMAGE_PLACEHOLDER_CLASS}" data-image-src="${escapeHtml(image.url)}"` +
        ` data-image-host="${escapeHtml(image.host)}" data-image-alt="${escapeHtml(alt)}"` +
        ` title="${escapeHtml(title ? `${title} (${image.url})` : image.url)}">${escapeHtml(label)}</button>`
      );
    }
    case 'blocked':
      return `<span class="cove-md-image-blocked"${titleAttr}>${escapeHtml(alt ? `[image: ${alt}]` : '[image]')}</span>`;
  }
}
