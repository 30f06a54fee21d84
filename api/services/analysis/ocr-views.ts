import sharp from 'sharp';
import { openImage } from '../images/open-image.ts';
import { AnalysisInputError } from './errors.ts';
import type { TOcrImage } from './ocr-read.ts';

/** One way of looking at a photo: a quarter turn, then the whole frame or its top (where slab labels sit). */
export interface TOcrView {
  turn: 0 | 90 | 180 | 270;
  region: 'full' | 'top';
}

/** Share of the height kept by a 'top' view: a slab's label and a margin. */
const TOP_SHARE = 0.32;
/** Width the text region is scaled to: tesseract reads best with letters ~20-40 px tall. */
const TARGET_WIDTH = 1200;
const MAX_UPSCALE = 3;

/**
 * The views worth reading, most likely first, from the photo's shape: a wide photo is a label or
 * a slab on its side; a tall one is a slab (label on top) or a label on its side.
 */
export function viewsFor(width: number, height: number): TOcrView[] {
  const aspect = width / height;
  if (aspect >= 2.2) return [{ turn: 0, region: 'full' }, { turn: 180, region: 'full' }];
  if (aspect >= 1.05) {
    return [{ turn: 0, region: 'full' }, { turn: 90, region: 'top' }, { turn: 270, region: 'top' }, { turn: 180, region: 'full' }];
  }
  if (aspect <= 0.5) return [{ turn: 90, region: 'full' }, { turn: 270, region: 'full' }, { turn: 0, region: 'top' }];
  return [{ turn: 0, region: 'top' }, { turn: 0, region: 'full' }, { turn: 180, region: 'top' }, { turn: 90, region: 'full' }];
}

/** A decoded, upright, grey photo from which views are cut. */
export interface TOcrSource {
  views: TOcrView[];
  /** The view as a PNG ready for tesseract: cropped, scaled, contrast-stretched, dark-on-light. */
  render(view: TOcrView): Promise<TOcrImage>;
}

function meanOf(pixels: Uint8Array): number {
  let sum = 0;
  for (const v of pixels) sum += v;
  return pixels.length ? sum / pixels.length : 255;
}

/**
 * Decodes a photo once (EXIF orientation applied, greyscale) for OCR; HEIC goes through libheif
 * like gallery photos do. Throws AnalysisInputError when it cannot be read.
 */
export async function openForOcr(image: Buffer, mime = ''): Promise<TOcrSource> {
  const opened = await openImage(image, mime === 'image/heic' || mime === 'image/heif').catch(() => null);
  if (!opened) throw new AnalysisInputError('This image format cannot be read. Please upload a JPEG or PNG photo.', 'unsupported_image');
  const decoded = await opened
    .rotate()
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new AnalysisInputError('This image format cannot be read. Please upload a JPEG or PNG photo.', 'unsupported_image');
    });
  const { width, height } = decoded.info;
  const raw = { width, height, channels: decoded.info.channels };
  return {
    views: viewsFor(width, height),
    async render(view) {
      const [w, h] = view.turn % 180 ? [height, width] : [width, height];
      const cropHeight = view.region === 'top' ? Math.max(1, Math.round(h * TOP_SHARE)) : h;
      let img = sharp(decoded.data, { raw });
      if (view.turn) img = img.rotate(view.turn);
      // Contrast-stretch before upscaling: the same result at a fraction of the cost.
      const crop = await img.extract({ left: 0, top: 0, width: w, height: cropHeight }).normalise().raw().toBuffer({ resolveWithObject: true });
      let out = sharp(crop.data, { raw: crop.info });
      // Light-on-dark labels (SGC) read better inverted.
      if (meanOf(crop.data) < 110) out = out.negate();
      const png = await out.resize({ width: Math.round(w * Math.min(MAX_UPSCALE, TARGET_WIDTH / w)) }).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
      return { png: png.data, width: png.info.width, height: png.info.height };
    },
  };
}
