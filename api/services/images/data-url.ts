import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { AppError } from '../../errors.ts';

/**
 * The bytes of a base64 `data:` URL. The size is checked before decoding; the content itself is
 * checked by processImage. Throws 400/413 AppErrors.
 */
export function bufferFromDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64')) {
    throw new AppError(400, 'invalid_image', 'The image must be sent as a base64 data URL');
  }
  const payload = dataUrl.slice(comma + 1);
  if ((payload.length * 3) / 4 > MAX_IMAGE_BYTES + 4) throw new AppError(413, 'image_too_large', 'Image is larger than 10 MB');
  return Buffer.from(payload, 'base64');
}
