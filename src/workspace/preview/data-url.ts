import type { FileContent } from '../../store/records';
import { extensionOf } from '../paths';

/** Media types by extension, for files a page pulls in as data: URLs. */
const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  html: 'text/html',
};

/** The media type a browser would give a file of this name. */
export function mediaTypeOf(path: string): string {
  return MEDIA_TYPES[extensionOf(path)] ?? 'application/octet-stream';
}

/** A file's text: stored text as it is, bytes read as UTF-8. */
export function fileText(content: FileContent): string {
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
}

/**
 * A `data:` URL of a file's bytes (text as UTF-8), base64-encoded. The preview's frame has
 * an opaque origin and no service worker, so it can read nothing of Cove's origin: what it
 * shows of the workspace has to be inside the document.
 */
export function fileDataUrl(path: string, content: FileContent): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return `data:${mediaTypeOf(path)};base64,${btoa(binary)}`;
}
