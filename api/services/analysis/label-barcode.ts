/**
 * The cert number from a PSA label's barcode, read with ZXing-C++ (the zxing-wasm package). PSA
 * prints it under the left column: Interleaved 2 of 5 on older labels, Code 128 on newer ones, both
 * carrying the printed cert (25 of the real Pokémon set's 31 photos read, none wrong). It gives the
 * cert with certainty where the printed digits are blurred; a listing thumbnail's barcode is a few
 * grey pixels and is not tried (BARCODE_LABEL_FROM).
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { TRgb } from './find-label.ts';

/**
 * Narrowest label, in pixels as photographed (an enlarged thumbnail counted at its own size),
 * whose barcode is tried: its bars are then about a pixel each. On the real Pokémon set no label
 * 330 px wide read, at any enlargement; labels 640 px and wider did.
 */
export const BARCODE_LABEL_FROM = 400;

/** A cert number as PSA's barcodes carry it: digits only. */
const CERT = /^\d{7,10}$/;

/**
 * The ways a label is tried, in order, until one reads: as cut, then enlarged 2x (two photos of
 * the real set, labels about 650 px wide, read only then), each with ZXing's local then global
 * threshold. A label ENLARGE_BELOW px wide or wider is not enlarged: its bars are already several
 * pixels each, and an 1800 px label that reads nothing took 220 ms with the enlargement, 15 without.
 */
const SCALES = [1, 2] as const;
const BINARIZERS: ReadonlyArray<ReaderOptions['binarizer']> = ['LocalAverage', 'GlobalHistogram'];
const ENLARGE_BELOW = 1000;

let ready: Promise<unknown> | null = null;

/** ZXing's WebAssembly for `part` (reader or writer), from the package's own file: it would otherwise be fetched from a CDN. */
export async function zxingWasm(part: 'reader' | 'writer'): Promise<ArrayBuffer> {
  const wasm = await fs.readFile(createRequire(import.meta.url).resolve(`zxing-wasm/${part}/zxing_${part}.wasm`));
  return wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
}

/** The cert number a straightened label's barcode carries, or null when none reads as one. */
export async function readLabelBarcode(label: TRgb): Promise<string | null> {
  ready ??= zxingWasm('reader').then((wasmBinary) => prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }));
  await ready;
  for (const scale of SCALES.filter((k) => k === 1 || label.width < ENLARGE_BELOW)) {
    const width = label.width * scale;
    const height = label.height * scale;
    const rgba = await sharp(label.data, { raw: { width: label.width, height: label.height, channels: 3 } })
      .resize({ width, height, kernel: 'cubic' })
      .ensureAlpha()
      .raw()
      .toBuffer();
    const image = { data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width, height, colorSpace: 'srgb' } as ImageData;
    for (const binarizer of BINARIZERS) {
      const [found] = await readBarcodes(image, { tryHarder: true, binarizer, formats: ['ITF', 'Code128'], maxNumberOfSymbols: 1 });
      if (found && CERT.test(found.text)) return found.text;
    }
  }
  return null;
}
