/**
 * The size a picture is sent at. Vision models scale large pictures down themselves and
 * bill or refuse by size; Anthropic's and OpenAI's guidance is a longest side of about
 * 1,568 px, which keeps text in screenshots readable. Pure arithmetic: the page does the
 * drawing (src/ui/chat/image-downscale.ts).
 */

/** Longest side a picture is sent at, in pixels. */
export const IMAGE_LONGEST_SIDE = 1568;

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * `size` scaled down, keeping its aspect ratio, so its longest side is at most `longest`;
 * unchanged when already within. Sides are whole pixels, at least 1.
 */
export function fitImage(size: ImageSize, longest = IMAGE_LONGEST_SIDE): ImageSize {
  const side = Math.max(size.width, size.height);
  if (side <= longest) return { width: size.width, height: size.height };
  const scale = longest / side;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
