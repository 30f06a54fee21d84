import sharp from 'sharp';
import { analysisFromLayout, analysisWithBarcodeCert } from '../../../core/analysis/layout-analysis.ts';
import { readLabelLayout, type TLayoutRead } from '../../../core/analysis/label-layout.ts';
import type { TCardAnalysis } from '../../../core/analysis/types.ts';
import { openImage } from '../images/open-image.ts';
import { AnalysisInputError } from './errors.ts';
import { findLabelFrame, straightenedBox, type TLabelSearch, type TRgb } from './find-label.ts';
import { BARCODE_LABEL_FROM, readLabelBarcode } from './label-barcode.ts';
import { mergeLayoutReads } from './merge-reads.ts';
import type { PaddleReader, TRgbImage } from './paddle-reader.ts';
import { readLabelImage, type TSettled } from './read-label.ts';

/** One way of looking at a photo: a quarter turn, then the whole frame or its top (where slab labels sit). */
export interface TView {
  turn: 0 | 90 | 180 | 270;
  region: 'full' | 'top';
  /** Width the view is scaled to (VIEW_WIDTH unless a doubtful label is read again closer). */
  width?: number;
}

/** Share of the height kept by a 'top' view: a slab's label and a margin. */
const TOP_SHARE = 0.32;
/** Width a view is scaled to before reading: label letters ~20-40 px tall. */
const VIEW_WIDTH = 800;
/** Width a doubtful label is read again at: small letters come out whole. */
const CLOSER_WIDTH = 1000;
/**
 * Longest side a 'full' view is read at (detection time grows with the area). Smaller saves little
 * memory (docs/choices.md 46; the reader process's peak in `npm run bench -- analyze --sets sports,pokemon`:
 * 490 MB at 1100, 488 MB at 900, 410 MB at 720, where the slowest Pokémon photo took 3 s).
 */
const MAX_SIDE = 1100;
/** A read this sure needs no look from another angle. */
const GOOD_ENOUGH = 0.8;

/**
 * The views worth reading, most likely first, from the photo's shape: a wide photo is a label or
 * a slab on its side; a tall one is a slab (label on top) or a label on its side.
 */
export function viewsFor(width: number, height: number): TView[] {
  const aspect = width / height;
  if (aspect >= 2.2)
    return [
      { turn: 0, region: 'full' },
      { turn: 180, region: 'full' },
    ];
  if (aspect >= 1.05) {
    return [
      { turn: 0, region: 'full' },
      { turn: 90, region: 'top' },
      { turn: 270, region: 'top' },
      { turn: 180, region: 'full' },
    ];
  }
  if (aspect <= 0.5)
    return [
      { turn: 90, region: 'full' },
      { turn: 270, region: 'full' },
      { turn: 0, region: 'top' },
    ];
  return [
    { turn: 0, region: 'top' },
    { turn: 180, region: 'top' },
    { turn: 0, region: 'full' },
    { turn: 90, region: 'full' },
  ];
}

const unreadable = () => new AnalysisInputError('This image format cannot be read. Please upload a JPEG or PNG photo.', 'unsupported_image');

/** The photo's pixels, EXIF turn applied, at most 2000 px a side; throws AnalysisInputError when it cannot be decoded. */
async function decodePhoto(image: Buffer, mime: string): Promise<{ data: Buffer; raw: TRaw }> {
  const opened = await openImage(image, mime === 'image/heic' || mime === 'image/heif').catch(() => null);
  if (!opened) throw unreadable();
  const decoded = await opened
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadable();
    });
  const { width, height, channels } = decoded.info;
  return { data: decoded.data, raw: { width, height, channels } };
}

/**
 * The cert in the barcode of a photo's red-framed PSA label, or null (no such label, too small
 * for its bars, or none reads): what readPhoto adds to its read, for an analyzer that reads the
 * rest another way (Gemini). Throws AnalysisInputError when the photo cannot be decoded.
 */
export async function readPhotoBarcode(image: Buffer, mime: string): Promise<string | null> {
  const { data, raw } = await decodePhoto(image, mime);
  const frame = await searchFrame(data, raw);
  if (frame.kind !== 'label') return null;
  return framedBarcode(data, raw, frame, await labelEnlargement(data, raw, frame));
}

/** How much a found label was enlarged (labelBlurFactor): measured on a small photo only, a larger one's is 1. */
async function labelEnlargement(data: Buffer, raw: TRaw, frame: Extract<TLabelSearch, { kind: 'label' }>): Promise<number> {
  return Math.max(raw.width, raw.height) <= SMALL_PHOTO ? labelBlurFactor(data, raw, frame) : 1;
}

/**
 * Reads a card photo: decodes it (EXIF turn applied; HEIC through libheif), reads the likely
 * views with `reader`, best first, and keeps the surest analysis. Runs in the analysis child
 * process. Throws AnalysisInputError when the image cannot be decoded.
 */
export async function readPhoto(reader: PaddleReader, image: Buffer, mime: string): Promise<TCardAnalysis> {
  const decoded = await decodePhoto(image, mime);
  const { raw } = decoded;
  const { width, height } = raw;
  const readView = async (view: TView) => {
    const read = readLabelLayout(await reader.read(await render(decoded.data, raw, view)));
    return { read, analysis: analysisFromLayout(read) };
  };
  // A red-framed PSA label found by its colour is read line by line (docs/choices.md 44): the way to read
  // a small listing photo, whose letters the text detector misses. Several slabs: nothing to read.
  const frame = await searchFrame(decoded.data, raw);
  if (frame.kind === 'several') return analysisFromLayout(readLabelLayout([]));
  let best: TRead | null = null;
  const small = Math.max(width, height) <= SMALL_PHOTO;
  let framedRead = false;
  // The label's width in the photo as it would be without enlarging: a thumbnail enlarged 4x is still a thumbnail.
  const enlarged = frame.kind === 'label' ? await labelEnlargement(decoded.data, raw, frame) : 1;
  const sharpWidth = frame.kind === 'label' && small ? (frame.frame.x1 - frame.frame.x0) / enlarged : Infinity;
  // The cert in the label's barcode, where its bars are wide enough to read. It replaces the printed
  // digits' read in the answer only once the reads are chosen: the reads are chosen as without it.
  const cert = frame.kind === 'label' ? await framedBarcode(decoded.data, raw, frame, enlarged) : null;
  const answer = (chosen: TRead | null): TCardAnalysis => {
    const read = chosen?.read ?? readLabelLayout([]);
    return cert ? analysisWithBarcodeCert(read, cert) : (chosen?.analysis ?? analysisFromLayout(read));
  };
  const readFramed = async () => {
    if (frame.kind !== 'label' || framedRead) return;
    framedRead = true;
    keep(await readFramedLabel(reader, decoded.data, raw, frame, sharpWidth < SHARP_LABEL_FROM ? LABEL_WIDTH : SHARP_LABEL_WIDTH, enlarged));
  };
  const keep = (next: TRead) => {
    if (!best || next.analysis.confidence > best.analysis.confidence) best = next;
  };
  if (small) {
    await readFramed();
    const first = best as TRead | null;
    if (first && first.analysis.confidence >= 0.5) return answer(first);
    // A thumbnail's label letters are a few pixels high: the text detector finds none (docs/choices.md 44).
    if (first && (Math.max(width, height) <= THUMBNAIL || sharpWidth < SHARP_LABEL_FROM)) return answer(first);
  }
  let views = viewsFor(width, height);
  let closerRead = false;
  while (views.length) {
    const [view, ...rest] = views as [TView, ...TView[]];
    const viewed = await readView(view);
    const { read, analysis } = viewed;
    keep(viewed);
    if (analysis.confidence >= GOOD_ENOUGH) break;
    if (read.byLayout) {
      // A label found in its layout is upright: other turns would only read the card art.
      if (analysis.confidence >= 0.5) break;
      // Found but doubtful: read it again closer (once) before widening the view.
      if (!closerRead) {
        closerRead = true;
        const closer = await readView({ ...view, width: CLOSER_WIDTH });
        keep(closer);
        if (closer.read.byLayout && closer.analysis.confidence >= 0.5) break;
      }
      views = rest.filter((v) => v.turn === view.turn);
      continue;
    }
    views = rest;
  }
  if (((best as TRead | null)?.analysis.confidence ?? 0) < GOOD_ENOUGH) await readFramed();
  return answer(best);
}

/** A read of the label and the analysis it gives. */
type TRead = { read: TLayoutRead; analysis: TCardAnalysis };

/** Longest side of a photo read by its red label frame before anything else (a listing thumbnail). */
const SMALL_PHOTO = 900;
/** Longest side of a photo whose framed label, once found, is the only read (the detector reads nothing this small). */
const THUMBNAIL = 400;
/** Longest side the red frame is looked for at. */
const SEARCH_SIDE = 480;
/** Width a found label is read at: its letters about 8 px tall; on the real sports set 170 read more fields than 140, 208 or 260. */
const LABEL_WIDTH = 170;
/** Width a label at least SHARP_LABEL_FROM px wide in the photo is read at: its letters are sharper, and 170 px loses them (real Pokémon set). */
const SHARP_LABEL_WIDTH = 208;
const SHARP_LABEL_FROM = 240;

export type TRaw = { width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** The red label frame in the photo, looked for on a copy at most SEARCH_SIDE px; boxes in the photo's pixels. */
export async function searchFrame(data: Buffer, raw: TRaw): Promise<TLabelSearch> {
  const scale = Math.min(1, SEARCH_SIDE / Math.max(raw.width, raw.height));
  const small = await sharp(data, { raw })
    .resize({ width: Math.max(1, Math.round(raw.width * scale)), height: Math.max(1, Math.round(raw.height * scale)), fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = findLabelFrame({ data: small.data, width: small.info.width, height: small.info.height });
  const up = (f: { x0: number; y0: number; x1: number; y1: number }) => ({
    x0: Math.floor(f.x0 / scale),
    y0: Math.floor(f.y0 / scale),
    x1: Math.min(raw.width, Math.ceil(f.x1 / scale)),
    y1: Math.min(raw.height, Math.ceil(f.y1 / scale)),
  });
  if (found.kind === 'label') return { kind: 'label', frame: { ...found.frame, ...up(found.frame) } };
  if (found.kind === 'several') return { kind: 'several', frames: found.frames.map((f) => ({ ...f, ...up(f) })) };
  return found;
}

/** The label in a found frame, straightened and cut out at `labelWidth` px wide. */
export async function cutFramedLabel(data: Buffer, raw: TRaw, found: Extract<TLabelSearch, { kind: 'label' }>, labelWidth = LABEL_WIDTH): Promise<TRgb> {
  let img = sharp(data, { raw }).removeAlpha();
  let box: { x0: number; y0: number; x1: number; y1: number } = found.frame;
  if (Math.abs(found.frame.angle) > 0.7) {
    const turned = await img.rotate(-found.frame.angle, { background: '#808080' }).raw().toBuffer({ resolveWithObject: true });
    img = sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 3 } });
    box = straightenedBox(found.frame, raw.width, raw.height);
  }
  const width = Math.max(1, box.x1 - box.x0);
  const height = Math.max(1, box.y1 - box.y0);
  const label = await img
    .extract({ left: box.x0, top: box.y0, width, height })
    .resize({ width: labelWidth, height: Math.max(8, Math.round((height * labelWidth) / width)), fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: label.data, width: label.info.width, height: label.info.height };
}

/**
 * How many times enlarged the label in a found frame looks: the largest factor (1-4) by which it
 * can be shrunk and enlarged back losing under BLUR_LOSS of its detail, or whose blocks of that many
 * pixels a side are alike (enlarged by repeating pixels). A listing thumbnail enlarged 4x
 * is no sharper than the thumbnail: its label is read like one.
 */
export async function labelBlurFactor(data: Buffer, raw: TRaw, found: Extract<TLabelSearch, { kind: 'label' }>): Promise<number> {
  const f = found.frame;
  const width = Math.max(8, f.x1 - f.x0);
  const height = Math.max(8, f.y1 - f.y0);
  const gray = await sharp(data, { raw })
    .extract({ left: f.x0, top: f.y0, width: Math.min(width, raw.width - f.x0), height: Math.min(height, raw.height - f.y0) })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = gray.info;
  const px = gray.data;
  let mean = 0;
  for (const v of px) mean += v;
  mean /= px.length;
  let detail = 0;
  for (const v of px) detail += Math.abs(v - mean);
  let factor = 1;
  for (const k of [2, 3, 4]) {
    if (w / k < 24 || h / k < 8) break;
    // Two pipelines: sharp keeps only the last resize of one.
    const down = await sharp(px, { raw: { width: w, height: h, channels: 1 } })
      .resize({ width: Math.round(w / k), height: Math.round(h / k), fit: 'fill', kernel: 'cubic' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const back = await sharp(down.data, { raw: { width: down.info.width, height: down.info.height, channels: 1 } })
      .resize({ width: w, height: h, fit: 'fill', kernel: 'cubic' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    let lost = 0;
    for (let i = 0; i < px.length; i++) lost += Math.abs((px[i] ?? 0) - (back[i] ?? 0));
    if (lost > detail * BLUR_LOSS) break;
    factor = k;
  }
  // Enlarged by repeating pixels: blocks of k pixels alike, which the smooth shrink above counts as detail.
  // Only at one phase: a sharp drawn label, flat between its strokes, loses little at every phase alike.
  const blocky =
    [4, 3, 2].find((k) => {
      if (w / k < 24 || h / k < 8) return false;
      const { least, mean } = blockLoss(px, w, h, k);
      return least <= detail * BLUR_LOSS && least <= mean * BLOCK_PHASE;
    }) ?? 1;
  return Math.max(factor, blocky);
}

/**
 * What a grey image loses when each k x k block takes its first pixel's value, at the phase that fits
 * best and on average over the k x k phases: next to nothing at one phase and much at the others for a
 * photo enlarged by repeating pixels, which a smooth shrink and enlarge would count as sharp.
 */
function blockLoss(px: Uint8Array | Buffer, w: number, h: number, k: number): { least: number; mean: number } {
  let least = Infinity;
  let sum = 0;
  for (let oy = 0; oy < k; oy++) {
    for (let ox = 0; ox < k; ox++) {
      let lost = 0;
      for (let y = 0; y < h; y++) {
        const by = y - ((((y - oy) % k) + k) % k);
        for (let x = 0; x < w; x++) {
          const bx = x - ((((x - ox) % k) + k) % k);
          lost += Math.abs((px[y * w + x] ?? 0) - (px[Math.max(0, by) * w + Math.max(0, bx)] ?? 0));
        }
      }
      least = Math.min(least, lost);
      sum += lost;
    }
  }
  return { least, mean: sum / (k * k) };
}
/** How far below the phases' mean loss the best phase's must be for a label to count as enlarged by repeating pixels. */
const BLOCK_PHASE = 0.3;
/** Share of a label's detail (mean distance from its mean grey) a shrink and enlarge may lose and the label still count as that much enlarged. */
const BLUR_LOSS = 0.15;

/** A look at a found label: the photo as it is ('photo') or an enlarged thumbnail shrunk back ('shrunk'), cut at a scale of the label width. */
type TLook = { from: 'photo' | 'shrunk'; scale: number };

/**
 * A thumbnail's looks, each taken while the reads before leave the label doubtful: the recognizer
 * misreads few-pixel letters differently at each scale (on the real sports set, two scales read
 * about a quarter more of year, set, player, number and grade than one, three a little more again).
 */
const THUMBNAIL_LOOKS: readonly TLook[] = [
  { from: 'photo', scale: 1 },
  { from: 'photo', scale: 0.82 },
  { from: 'photo', scale: 1.2 },
];
/**
 * An enlarged thumbnail's looks: each scale read from the photo and from the photo shrunk back by
 * its enlargement, whose letters come to the recognizer resampled otherwise. The same information,
 * misread elsewhere: on the real sports set enlarged 4x, year, set, player, number and grade 113 ->
 * 119 of 150 against its three looks at its own scale (1, 0.82, 1.2).
 */
const ENLARGED_LOOKS: readonly TLook[] = [
  { from: 'photo', scale: 1 },
  { from: 'shrunk', scale: 1 },
  { from: 'photo', scale: 0.82 },
  { from: 'shrunk', scale: 0.82 },
];

/** A field read at least this surely is not read again by a later look (its pieces left out): it could only be replaced by a surer read. */
const SETTLED = 0.8;

/**
 * Reads the label in a found frame: the photo turned to straighten it, the label cut out, scaled and
 * read line by line. A thumbnail's read that is not sure is read again (THUMBNAIL_LOOKS, or
 * ENLARGED_LOOKS for a photo `enlarged` 2x or more), each field kept from the surest read
 * (merge-reads.ts). A later look does not read the grade or the cert again once they are sure.
 */
async function readFramedLabel(
  reader: PaddleReader,
  data: Buffer,
  raw: TRaw,
  found: Extract<TLabelSearch, { kind: 'label' }>,
  labelWidth: number,
  enlarged: number,
): Promise<TRead> {
  const settled = new Set<TSettled>();
  let shrunk: Promise<TFramedPhoto | null> | null = null;
  const look = async ({ from, scale }: TLook) => {
    const source = from === 'photo' ? { data, raw, found } : await (shrunk ??= shrinkBack(data, raw, enlarged));
    if (!source) return null;
    const label = await cutFramedLabel(source.data, source.raw, source.found, Math.round(labelWidth * scale));
    return readLabelLayout(await readLabelImage(reader, label, undefined, settled));
  };
  // Only a thumbnail's label (letters a few pixels high) is worth another look: a sharper one reads the same.
  const looks = labelWidth !== LABEL_WIDTH ? THUMBNAIL_LOOKS.slice(0, 1) : enlarged >= 2 ? ENLARGED_LOOKS : THUMBNAIL_LOOKS;
  let read: TLayoutRead | null = null;
  for (const at of looks) {
    if (read && analysisFromLayout(read).confidence >= GOOD_ENOUGH) break;
    const next = await look(at);
    if (!next) continue;
    read = read ? mergeLayoutReads(read, next) : next;
    if (read.scores.grade >= SETTLED) settled.add('grade');
    if (read.scores.certNumber >= SETTLED) settled.add('cert');
  }
  const final = read ?? readLabelLayout([]);
  return { read: final, analysis: analysisFromLayout(final) };
}

/** The cert in a found label's barcode (label-barcode.ts), cut at its own width; null when the label is too small for its bars or none reads. */
async function framedBarcode(data: Buffer, raw: TRaw, found: Extract<TLabelSearch, { kind: 'label' }>, enlarged: number): Promise<string | null> {
  const labelWidth = found.frame.x1 - found.frame.x0;
  if (labelWidth / enlarged < BARCODE_LABEL_FROM) return null;
  // The barcode only adds to the read: a failure of its reader leaves the printed digits' read.
  return readLabelBarcode(await cutFramedLabel(data, raw, found, labelWidth)).catch(() => null);
}

/** A photo with the red label frame found in it. */
type TFramedPhoto = { data: Buffer; raw: TRaw; found: Extract<TLabelSearch, { kind: 'label' }> };

/** The photo shrunk by `factor` (its enlargement) and its label frame found again; null when it is not found at that size. */
async function shrinkBack(data: Buffer, raw: TRaw, factor: number): Promise<TFramedPhoto | null> {
  const out = await sharp(data, { raw })
    .resize({ width: Math.max(1, Math.round(raw.width / factor)), height: Math.max(1, Math.round(raw.height / factor)), fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small: TRaw = { width: out.info.width, height: out.info.height, channels: out.info.channels };
  const found = await searchFrame(out.data, small);
  return found.kind === 'label' ? { data: out.data, raw: small, found } : null;
}

async function render(data: Buffer, raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 }, view: TView): Promise<TRgbImage> {
  const [w, h] = view.turn % 180 ? [raw.height, raw.width] : [raw.width, raw.height];
  const cropHeight = view.region === 'top' ? Math.max(1, Math.round(h * TOP_SHARE)) : h;
  let img = sharp(data, { raw });
  if (view.turn) img = sharp(await img.rotate(view.turn).raw().toBuffer(), { raw: { width: w, height: h, channels: raw.channels } });
  const scale = Math.min((view.width ?? VIEW_WIDTH) / w, MAX_SIDE / Math.max(w, cropHeight));
  const out = await img
    .extract({ left: 0, top: 0, width: w, height: cropHeight })
    .resize({ width: Math.max(32, Math.round(w * scale)), height: Math.max(32, Math.round(cropHeight * scale)), fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}
