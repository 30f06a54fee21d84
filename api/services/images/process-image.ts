import sharp, { type Sharp } from 'sharp';
import decodeHeic from 'heic-decode';
import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { AppError } from '../../errors.ts';
import { detectImageKind, type TImageKind } from './detect-type.ts';

/** Refuse decompression bombs: more pixels than a 50-megapixel camera makes. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export interface TProcessedImage {
  kind: TImageKind;
  width: number;
  height: number;
  original: { data: Buffer; mime: string; ext: string };
  /** Grid thumbnail, WebP, at most 400x560. */
  thumb: Buffer;
  /** Viewer size, WebP, at most 1600 px on its longest side. */
  large: Buffer;
}

const invalid = (message: string) => new AppError(400, 'invalid_image', message);

/**
 * Checks and prepares an uploaded photo: accepted type by content (JPEG, PNG, WebP, HEIC), at most
 * 10 MB and 50 megapixels, auto-rotated, every metadata block (EXIF, GPS) dropped. Returns the
 * cleaned original and the thumbnail and viewer variants. Throws a 400/413 AppError otherwise.
 */
export async function processImage(input: Buffer): Promise<TProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw new AppError(413, 'image_too_large', 'Image is larger than 10 MB');
  const kind = detectImageKind(input);
  if (!kind) throw invalid('The file is not a JPEG, PNG, WebP or HEIC image');

  let pipeline: Sharp;
  try {
    pipeline = kind === 'heic' ? await fromHeic(input) : sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const meta = await pipeline.metadata();
    if (!meta.width || !meta.height) throw invalid('The image could not be read');
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw invalid('The image has too many pixels (50 megapixels at most)');
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(/pixel limit/i.test(String(err)) ? 'The image has too many pixels (50 megapixels at most)' : 'The image could not be read');
  }

  // .rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF and GPS go.
  const oriented = pipeline.rotate();
  const keepPng = kind === 'png';
  try {
    const [original, thumb, large] = await Promise.all([
      keepPng
        ? oriented.clone().png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
        : oriented.clone().jpeg({ quality: 90, mozjpeg: false }).toBuffer({ resolveWithObject: true }),
      oriented.clone().resize(400, 560, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer(),
      oriented.clone().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82, effort: 2 }).toBuffer(),
    ]);
    return {
      kind,
      width: original.info.width,
      height: original.info.height,
      original: keepPng
        ? { data: original.data, mime: 'image/png', ext: 'png' }
        : { data: original.data, mime: 'image/jpeg', ext: 'jpg' },
      thumb,
      large,
    };
  } catch {
    throw invalid('The image could not be read');
  }
}

async function fromHeic(input: Buffer): Promise<Sharp> {
  const images = await decodeHeic.all({ buffer: input });
  const first = images[0];
  if (!first) throw invalid('The image could not be read');
  if (first.width * first.height > MAX_IMAGE_PIXELS) throw invalid('The image has too many pixels (50 megapixels at most)');
  const { width, height, data } = await first.decode();
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}
