import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../errors.ts';

/** Refuse decompression bombs: more pixels than a 50-megapixel camera makes. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const tooManyPixels = () => new AppError(400, 'invalid_image', 'The image has too many pixels (50 megapixels at most)');

/**
 * A sharp pipeline over a photo of any accepted kind. sharp's own build reads JPEG, PNG and WebP;
 * HEIC (iPhone photos) is decoded with libheif (heic-decode), its size checked before decoding.
 * The pipeline refuses more than MAX_IMAGE_PIXELS.
 */
export async function openImage(input: Buffer, heic: boolean): Promise<Sharp> {
  if (!heic) return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  // libheif loads with the first HEIC photo, not at every start (docs/choices.md 46).
  const { default: decodeHeic } = await import('heic-decode');
  const images = await decodeHeic.all({ buffer: input });
  const first = images[0];
  if (!first) throw new AppError(400, 'invalid_image', 'The image could not be read');
  if (first.width * first.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  const { width, height, data } = await first.decode();
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}
