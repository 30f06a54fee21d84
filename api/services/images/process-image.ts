import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { AppError } from '../../errors.ts';
import { detectImageKind, type TImageKind } from './detect-type.ts';
import { stripJpegMetadata } from './strip-jpeg-metadata.ts';
import { MAX_IMAGE_PIXELS, openImage } from './open-image.ts';


export interface TProcessedImage {
  kind: TImageKind;
  width: number;
  height: number;
  original: { data: Buffer; mime: string; ext: string };
  /** Grid thumbnail, WebP, at most 400x560. */
  thumb: Buffer;
  /** Viewer size, at most 1600 px on its longest side: progressive JPEG, or WebP for a PNG (alpha). */
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
  let meta: { width: number; height: number; orientation?: number | undefined };
  try {
    pipeline = await openImage(input, kind === 'heic');
    const read = await pipeline.metadata();
    if (!read.width || !read.height) throw invalid('The image could not be read');
    meta = { width: read.width, height: read.height, orientation: read.orientation };
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw invalid('The image has too many pixels (50 megapixels at most)');
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(/pixel limit/i.test(String(err)) ? 'The image has too many pixels (50 megapixels at most)' : 'The image could not be read');
  }

  // Decode once, at viewer size (JPEG shrink-on-load makes this cheap), upright; both variants come
  // from that. sharp writes no metadata unless asked, so EXIF and GPS never reach a variant.
  try {
    const viewer = await pipeline.clone().rotate().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: viewer.info.width, height: viewer.info.height, channels: viewer.info.channels } };
    const [original, thumb, large] = await Promise.all([
      cleanOriginal(kind, input, pipeline, meta),
      sharp(viewer.data, raw).resize(400, 560, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer(),
      // JPEG encodes ~5x faster than WebP at this size; a PNG's may be transparent, so it keeps WebP.
      kind === 'png'
        ? sharp(viewer.data, raw).webp({ quality: 82, effort: 2 }).toBuffer()
        : sharp(viewer.data, raw).jpeg({ quality: 82, progressive: true }).toBuffer(),
    ]);
    const quarterTurn = (meta.orientation ?? 1) >= 5;
    return {
      kind,
      width: quarterTurn ? meta.height : meta.width,
      height: quarterTurn ? meta.width : meta.height,
      original,
      thumb,
      large,
    };
  } catch {
    throw invalid('The image could not be read');
  }
}

/**
 * The stored original: a JPEG keeps its exact pixels with its metadata cut out (no re-encoding);
 * other kinds are re-encoded upright without metadata (PNG stays PNG, WebP and HEIC become JPEG).
 */
async function cleanOriginal(kind: TImageKind, input: Buffer, pipeline: Sharp, meta: { orientation?: number | undefined }): Promise<TProcessedImage['original']> {
  if (kind === 'jpeg') {
    const stripped = stripJpegMetadata(input, meta.orientation ?? 1);
    if (stripped) return { data: stripped, mime: 'image/jpeg', ext: 'jpg' };
  }
  if (kind === 'png') return { data: await pipeline.clone().rotate().png({ compressionLevel: 6 }).toBuffer(), mime: 'image/png', ext: 'png' };
  return { data: await pipeline.clone().rotate().jpeg({ quality: 90 }).toBuffer(), mime: 'image/jpeg', ext: 'jpg' };
}
