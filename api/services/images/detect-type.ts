import { sniffImageMime } from '../analysis/decode-data-url.ts';

/** Image types a gallery photo may be (docs/choices.md 12), recognised by their bytes, never by name. */
export type TImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** The kind of gallery photo in a buffer, or null when it is none of the accepted kinds. */
export function detectImageKind(buf: Buffer): TImageKind | null {
  switch (sniffImageMime(buf)) {
    case 'image/jpeg':
      return 'jpeg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    case 'image/heic':
    case 'image/heif':
      return 'heic';
    default:
      return null;
  }
}
