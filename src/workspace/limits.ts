import { formatBytes } from './file-content';

/** Largest file that can be uploaded, imported from a zip or written by a tool. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Largest .zip file accepted for import. */
export const MAX_ZIP_BYTES = 100 * 1024 * 1024;
/** Most bytes a zip import may expand to, all entries together (zip-bomb guard). */
export const MAX_ZIP_EXPANDED_BYTES = 200 * 1024 * 1024;
/** Most entries a zip import may hold. */
export const MAX_ZIP_ENTRIES = 10_000;

/** Why a file of `size` bytes is refused: "is 12.0 MB, over the 10.0 MB limit". */
export function describeTooLarge(size: number, limit = MAX_FILE_BYTES): string {
  return `is ${formatBytes(size)}, over the ${formatBytes(limit)} limit`;
}
