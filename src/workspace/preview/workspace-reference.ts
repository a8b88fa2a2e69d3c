import { normalizePath, parentOf } from '../paths';

/** What a URL written in a page, style sheet or script points to. */
export type ReferenceTarget =
  /** Left as written: another scheme or host (`https:`, `data:`, `//cdn`), a `#fragment`. */
  | { kind: 'external' }
  /** A workspace file, by its normalized path. */
  | { kind: 'file'; path: string }
  /** Relative, but not to a file that could exist (above the root, a bad name). */
  | { kind: 'invalid'; reason: string };

/**
 * Resolves `reference` as a browser would against a document at `fromPath`, within the
 * workspace: `css/site.css` and `./a.js` from the document's folder, `../x` up a folder,
 * `/x` from the workspace root. The query and fragment are dropped (a workspace file has
 * neither) and percent-escapes decoded (`my%20file.css`). Pure.
 */
export function resolveReference(fromPath: string, reference: string): ReferenceTarget {
  const url = reference.trim();
  if (url === '' || url.startsWith('#')) return { kind: 'external' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return { kind: 'external' };
  const bare = url.replace(/[?#].*$/s, '');
  if (bare === '') return { kind: 'external' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    return { kind: 'invalid', reason: `${url} is not a valid address` };
  }
  const start = decoded.startsWith('/') ? [] : parentOf(fromPath).split('/').filter(Boolean);
  const segments = [...start];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!segments.length) return { kind: 'invalid', reason: `${url} is outside the workspace` };
      segments.pop();
    } else segments.push(segment);
  }
  if (!segments.length) return { kind: 'invalid', reason: `${url} names a folder, not a file` };
  try {
    return { kind: 'file', path: normalizePath(segments.join('/')) };
  } catch {
    return { kind: 'invalid', reason: `${url} is not a valid file name` };
  }
}
