import sharp from 'sharp';
import { AnalysisInputError } from './errors.ts';
import { BIG_INPUT, yieldToLoop } from '../../lib/yield.ts';

import { MAX_DATA_URL_HEADER as MAX_HEADER, MAX_DATA_URL_LENGTH, MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { MAX_IMAGE_PIXELS } from '../images/open-image.ts';

/** Largest image accepted for analysis, decoded (spec: 'JPG, PNG up to 10MB'). */
export { MAX_DATA_URL_LENGTH, MAX_IMAGE_BYTES };

/** Image types accepted for analysis (docs/choices.md 12, plus GIF). */
export type TImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/heic' | 'image/heif';

/** A decoded upload: its bytes and its type as read from the bytes themselves. */
export interface TDecodedImage {
  data: Buffer;
  mime: TImageMime;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** The image type by magic bytes (JPEG, PNG, GIF, WebP, HEIC/HEIF), or null. Ignores any name or label. */
export function sniffImageMime(b: Uint8Array): TImageMime | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (/^GIF8[79]a$/.test(ascii(b, 0, 6))) return 'image/gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  return null;
}

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;
const PARAMETER = /^[\w.+-]+(?:=[\w.+-]*)?$/;

/**
 * Where the base64 payload of a data URL starts, or -1 when the header is not
 * `data:[<type>][;<param>]*;base64,`. Linear in the header's length: it splits on the first comma
 * and on semicolons and checks each part with a pattern that cannot backtrack.
 */
export function dataUrlPayloadStart(dataUrl: string): number {
  const comma = dataUrl.slice(0, MAX_HEADER + 1).indexOf(',');
  if (comma < 0) return -1;
  const header = dataUrl.slice(0, comma);
  if (header.slice(0, 5).toLowerCase() !== 'data:') return -1;
  const parts = header.slice(5).split(';');
  if (parts.pop()?.toLowerCase() !== 'base64') return -1;
  const [type = '', ...params] = parts;
  if (type !== '' && !MEDIA_TYPE.test(type)) return -1;
  if (!params.every((p) => PARAMETER.test(p))) return -1;
  return comma + 1;
}

/**
 * Decodes a `data:image/...;base64,...` URL into image bytes, checked by content: the size limit
 * is applied before decoding, then the magic bytes must name an accepted type and (except HEIC,
 * which this build of sharp cannot read) sharp must read its header. Throws AnalysisInputError
 * (HTTP 400) with a message fit for the user.
 */
export async function decodeImageDataUrl(dataUrl: string, maxBytes = MAX_IMAGE_BYTES): Promise<TDecodedImage> {
  const start = dataUrlPayloadStart(dataUrl);
  if (start < 0) throw new AnalysisInputError('The image must be sent as a base64 data URL');
  const payload = dataUrl.slice(start).replace(/\s+/g, '');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > maxBytes) {
    throw new AnalysisInputError(`Image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, 'image_too_large');
  }
  const big = payload.length > BIG_INPUT;
  if (big) await yieldToLoop();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) throw new AnalysisInputError('The image data is not valid base64');
  if (big) await yieldToLoop();
  const data = Buffer.from(payload, 'base64');
  if (data.length === 0) throw new AnalysisInputError('The image is empty');
  const mime = sniffImageMime(data);
  if (!mime) throw new AnalysisInputError('The file is not an image');
  if (mime !== 'image/heic' && mime !== 'image/heif') {
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw new AnalysisInputError('The file is not an image');
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new AnalysisInputError('The image has too many pixels (50 megapixels at most)');
  }
  return { data, mime };
}
