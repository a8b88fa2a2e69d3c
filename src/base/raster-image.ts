/**
 * Raster image types Cove shows from content it did not make (a figure from the Python
 * sandbox). Only these: a type such as SVG or HTML is a document that runs script when it
 * is opened from a URL of Cove's origin.
 */
export const RASTER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export type RasterImageType = (typeof RASTER_IMAGE_TYPES)[number];

/**
 * The raster type the bytes' magic number shows, or undefined when they start like none of
 * {@link RASTER_IMAGE_TYPES}. What a sender claims is never taken on trust.
 */
export function sniffRasterImage(bytes: Uint8Array): RasterImageType | undefined {
  const starts = (...signature: number[]) =>
    bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (
    starts(0x47, 0x49, 0x46, 0x38) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return 'image/gif';
  }
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes.length >= 12 &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * A `data:` URL of a raster image whose bytes match `claimed`, or undefined. A `data:` URL,
 * not a `blob:` one: a blob URL has Cove's origin and can be opened as a page; a data URL
 * cannot be navigated to from a page, and has no origin of its own worth having.
 */
export function rasterDataUrl(bytes: Uint8Array, claimed: string): string | undefined {
  const type = sniffRasterImage(bytes);
  if (!type || type !== claimed) return undefined;
  return `data:${type};base64,${toBase64(bytes)}`;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}
