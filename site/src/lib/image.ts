/**
 * Card photos in the browser (docs/product.md §5, §9): only image files, at most 10 MB, scaled so the longest
 * side is at most 800 px and re-encoded as JPEG 0.85 before they are analysed or stored.
 */

import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';

/** Largest accepted upload (docs/product.md §9 hint 'JPG, PNG up to 10MB'). */
export { MAX_IMAGE_BYTES };
/** Longest side of a stored or analysed image, in pixels. */
export const MAX_IMAGE_SIDE = 800;
/** JPEG quality of a stored or analysed image. */
export const IMAGE_QUALITY = 0.85;

/** Why a picked file was refused: 'type' (not an image) or 'size' (over 10 MB). */
export type TImageProblem = 'type' | 'size';

/** Checks a picked file before it is read: only image types, at most 10 MB. Null when fine. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): TImageProblem | null {
  if (!file.type.startsWith('image/')) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

/**
 * The size that fits width x height inside a square of maxSide, keeping the aspect ratio and never
 * enlarging. Sides are whole pixels and at least 1.
 */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Options of a re-encode: the longest side and the JPEG quality. */
export interface TEncodeOptions {
  maxSide: number;
  quality: number;
}

async function decode(source: Blob): Promise<ImageBitmap> {
  // 'from-image' applies the EXIF orientation, so phone photos are not stored sideways.
  return createImageBitmap(source, { imageOrientation: 'from-image' });
}

function draw(bitmap: ImageBitmap, { maxSide, quality }: TEncodeOptions): string {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', quality);
}

/**
 * Reads an image file or blob and returns a JPEG data URL scaled to the options (default: 800 px,
 * quality 0.85). Rejects when the browser cannot decode it.
 */
export async function encodeImage(source: Blob, options: TEncodeOptions = { maxSide: MAX_IMAGE_SIDE, quality: IMAGE_QUALITY }): Promise<string> {
  const bitmap = await decode(source);
  try {
    return draw(bitmap, options);
  } finally {
    bitmap.close();
  }
}

/** Re-encodes a data URL smaller (used when browser storage is full, docs/product.md §8). */
export async function recompressDataUrl(dataUrl: string, options: TEncodeOptions): Promise<string> {
  const blob = await (await fetch(dataUrl)).blob();
  return encodeImage(blob, options);
}
