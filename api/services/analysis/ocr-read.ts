import { PSM, type Bbox, type Page, type Worker } from 'tesseract.js';

/** Text read from one image, and tesseract's mean confidence (0..100). */
export interface TOcrText {
  text: string;
  confidence: number;
}

/** A view ready for tesseract: PNG bytes and their pixel size. */
export interface TOcrImage {
  png: Buffer;
  width: number;
  height: number;
}

interface TWord { text: string; confidence: number; bbox: Bbox }

/** Parameters every page read starts from: sparse text (labels are two loose columns), ~300 dpi views. */
export const PAGE_PARAMS = { tessedit_pageseg_mode: PSM.SPARSE_TEXT, tessedit_char_whitelist: '', user_defined_dpi: '300' };
const NUMBER_PARAMS = { tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: '0123456789-' };

/** At most this many doubtful numbers are read a second time per image. */
const MAX_REREADS = 3;

/** A long word tesseract doubts, or a long number it is not sure of: maybe a cert number beside a barcode. */
const doubtfulNumber = (w: TWord) =>
  w.text.length >= 6 && (w.confidence < 50 || (w.confidence < 90 && (w.text.match(/\d/g)?.length ?? 0) >= 2));
/** Barcode stripes, logos and smudges: words of letters tesseract itself doubts. */
const keep = (w: TWord) => w.confidence >= 35 || !/[A-Za-z]{2}/.test(w.text);

function pad(b: Bbox, page: { width: number; height: number }) {
  const m = Math.round((b.y1 - b.y0) * 0.4);
  const left = Math.max(0, b.x0 - m);
  const top = Math.max(0, b.y0 - m);
  return { left, top, width: Math.min(page.width, b.x1 + m) - left, height: Math.min(page.height, b.y1 + m) - top };
}

/**
 * Reads an image line by line. Words with digits that tesseract doubts are read again on their
 * own as numbers (a cert number beside a barcode is often garbled in the page read); doubtful
 * words of letters are dropped. The worker's parameters are left as PAGE_PARAMS.
 */
export async function readText(worker: Worker, image: TOcrImage): Promise<TOcrText> {
  const { data } = await worker.recognize(image.png, {}, { blocks: true, text: true });
  const lines: TWord[][] = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.words)));
  const doubtful = lines.flat().filter(doubtfulNumber).slice(0, MAX_REREADS);
  if (doubtful.length) {
    await worker.setParameters(NUMBER_PARAMS);
    try {
      for (const w of doubtful) {
        const again: Page = (await worker.recognize(image.png, { rectangle: pad(w.bbox, image) })).data;
        const digits = again.text.trim();
        if (again.confidence > w.confidence && /^\d[\d-]{5,}$/.test(digits)) Object.assign(w, { text: digits, confidence: again.confidence });
      }
    } finally {
      await worker.setParameters(PAGE_PARAMS);
    }
  }
  return { text: lines.map((l) => l.filter(keep).map((w) => w.text).join(' ')).join('\n'), confidence: data.confidence };
}
