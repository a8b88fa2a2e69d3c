/**
 * Draws a picture at the size it is sent at (the arithmetic is image-fit.ts) and returns it
 * as a data: URL, which the message stores and the request carries. A picture already
 * within the size goes as its own bytes; a larger one, or a GIF (only its first frame is
 * sent: createImageBitmap decodes that one), is drawn on a canvas.
 */
import { fitImage } from '../../workspace/documents/image-fit';

/** Types a canvas writes in every browser Cove runs in; others are written as PNG. */
const WRITABLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}

export async function downscaleImage(
  bytes: Uint8Array,
  mime: string,
): Promise<{ url: string; width: number; height: number }> {
  const source = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime });
  const bitmap = await createImageBitmap(source);
  try {
    const size = fitImage({ width: bitmap.width, height: bitmap.height });
    if (size.width === bitmap.width && WRITABLE.has(mime)) {
      return { url: await dataUrl(source), ...size };
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The page could not draw the picture.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    // JPEG stays JPEG (photos); everything else becomes PNG, which keeps transparency.
    const type = mime === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    return { url: canvas.toDataURL(type, 0.9), ...size };
  } finally {
    bitmap.close();
  }
}
