import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { AppError } from '../../errors.ts';
import { detectImageKind, type TImageKind } from './detect-type.ts';
import { stripJpegMetadata } from './strip-jpeg-metadata.ts';
import { MAX_IMAGE_PIXELS, openImage } from './open-image.ts';

// libvips' operation cache (up to 50 MB by default) keeps results for an input seen again; every
// upload is a new photo, so it only holds memory (docs/choices.md 46: the embedded default's peak).
sharp.cache(false);

export interface TProcessedImage {
  kind: TImageKind;
  width: number;
  height: number;
  original: { data: Buffer; mime: string; ext: string };
  /** Grid thumbnail, WebP, at most 400x560. */
  thumb: Buffer;
  /**
   * Makes the viewer size (at most 1600 px on its longest side: progressive JPEG, or WebP for a PNG,
   * which may be transparent) from the image already opened, once (later calls share it). Not made
   * until asked: an upload answers first (viewer-size.ts writeViewerSizeLater).
   */
  large(): Promise<Buffer>;
}

const invalid = (message: string) => new AppError(400, 'invalid_image', message);

const THUMB = { width: 400, height: 560 };
const VIEWER = 1600;

/** The viewer size of an upright pipeline of raw pixels or of an encoded photo. */
function encodeViewer(pipeline: Sharp, png: boolean): Promise<Buffer> {
  const sized = pipeline.resize(VIEWER, VIEWER, { fit: 'inside', withoutEnlargement: true });
  // JPEG encodes ~5x faster than WebP at this size; a PNG's may be transparent, so it keeps WebP.
  return png ? sized.webp({ quality: 82, effort: 2 }).toBuffer() : sized.jpeg({ quality: 82, progressive: true }).toBuffer();
}

const encodeThumb = (pipeline: Sharp) =>
  pipeline.resize(THUMB.width, THUMB.height, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer();

/**
 * Checks and prepares an uploaded photo: accepted type by content (JPEG, PNG, WebP, HEIC), at most
 * 10 MB and 50 megapixels, auto-rotated, every metadata block (EXIF, GPS) dropped. Returns the
 * cleaned original, the thumbnail, and the maker of the viewer size. Throws a 400/413 AppError.
 *
 * The photo is opened once and each variant is a clone() of that pipeline. A JPEG is decoded only
 * at the scale each variant needs (libjpeg's shrink-on-load: the thumbnail reads 1/64 of the
 * pixels, the viewer size 1/4), and its original is cut from the bytes without decoding. Other
 * kinds decode in full whatever the size asked, so they are decoded once, at viewer size, into
 * memory, and both variants come from those pixels.
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

  // sharp writes no metadata unless asked, so EXIF and GPS never reach a variant.
  try {
    const png = kind === 'png';
    let thumb: Promise<Buffer>;
    let large: () => Promise<Buffer>;
    if (kind === 'jpeg') {
      thumb = encodeThumb(pipeline.clone().rotate());
      large = () => encodeViewer(pipeline.clone().rotate(), false);
    } else {
      const viewer = await pipeline
        .clone()
        .rotate()
        .resize(VIEWER, VIEWER, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () => sharp(viewer.data, { raw: { width: viewer.info.width, height: viewer.info.height, channels: viewer.info.channels } });
      thumb = encodeThumb(pixels());
      large = () => encodeViewer(pixels(), png);
    }
    const [original, thumbnail] = await Promise.all([cleanOriginal(kind, input, pipeline, meta), thumb]);
    let viewerSize: Promise<Buffer> | undefined;
    const quarterTurn = (meta.orientation ?? 1) >= 5;
    return {
      kind,
      width: quarterTurn ? meta.height : meta.width,
      height: quarterTurn ? meta.width : meta.height,
      original,
      thumb: thumbnail,
      large: () => (viewerSize ??= large()),
    };
  } catch {
    throw invalid('The image could not be read');
  }
}

/**
 * The viewer size made again from a stored original (cleanOriginal's output: upright pixels, or a
 * JPEG whose only metadata is its orientation), for an image whose viewer file is missing.
 */
export function viewerFromOriginal(original: Buffer, mime: string): Promise<Buffer> {
  return encodeViewer(sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate(), mime === 'image/png');
}

/** The thumbnail made again from a stored original, for an image whose thumbnail file is missing or cut. */
export function thumbFromOriginal(original: Buffer): Promise<Buffer> {
  return encodeThumb(sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate());
}

/**
 * The stored original: a JPEG keeps its exact pixels with its metadata cut out (no re-encoding);
 * other kinds are re-encoded upright without metadata (PNG stays PNG, WebP and HEIC become JPEG).
 */
async function cleanOriginal(
  kind: TImageKind,
  input: Buffer,
  pipeline: Sharp,
  meta: { orientation?: number | undefined },
): Promise<TProcessedImage['original']> {
  if (kind === 'jpeg') {
    const stripped = stripJpegMetadata(input, meta.orientation ?? 1);
    if (stripped) return { data: stripped, mime: 'image/jpeg', ext: 'jpg' };
  }
  if (kind === 'png') return { data: await pipeline.clone().rotate().png({ compressionLevel: 6 }).toBuffer(), mime: 'image/png', ext: 'png' };
  return { data: await pipeline.clone().rotate().jpeg({ quality: 90 }).toBuffer(), mime: 'image/jpeg', ext: 'jpg' };
}
