import { describe, expect, it } from 'vitest';
import { rasterDataUrl, sniffRasterImage } from '../../../src/base/raster-image';

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const GIF = new TextEncoder().encode('GIF89a\x01\x00');
const WEBP = new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 ');

describe('raster images from untrusted bytes', () => {
  it('knows PNG, JPEG, GIF and WebP by their magic numbers', () => {
    expect(sniffRasterImage(PNG)).toBe('image/png');
    expect(sniffRasterImage(JPEG)).toBe('image/jpeg');
    expect(sniffRasterImage(GIF)).toBe('image/gif');
    expect(sniffRasterImage(WEBP)).toBe('image/webp');
  });

  it('knows nothing else: documents, truncated headers, empty bytes', () => {
    for (const text of [
      '<svg onload=alert(1)>',
      '<!doctype html><script>1</script>',
      'GIF87',
      'RIFF....WAVE',
      '',
    ]) {
      expect(sniffRasterImage(new TextEncoder().encode(text))).toBeUndefined();
    }
    expect(sniffRasterImage(PNG.subarray(0, 7))).toBeUndefined();
  });

  it('makes a data: URL only when the bytes are the type claimed', () => {
    expect(rasterDataUrl(PNG, 'image/png')).toBe(
      `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`,
    );
    expect(rasterDataUrl(PNG, 'image/svg+xml')).toBeUndefined();
    expect(rasterDataUrl(PNG, 'text/html')).toBeUndefined();
    expect(rasterDataUrl(JPEG, 'image/png')).toBeUndefined();
    expect(rasterDataUrl(new TextEncoder().encode('<html>'), 'image/png')).toBeUndefined();
  });

  it('encodes a large image without overflowing the stack', () => {
    const large = new Uint8Array(3_000_000);
    large.set(PNG);
    expect(rasterDataUrl(large, 'image/png')?.length).toBe(
      'data:image/png;base64,'.length + 4_000_000,
    );
  });
});
