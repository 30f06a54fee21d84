import sharp, { type OverlayOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TRgb } from '../../api/services/analysis/find-label.ts';
import { readLabelBarcode } from '../../api/services/analysis/label-barcode.ts';
import { barcodeSvg } from './fixtures/make-label.ts';

/** A label-like cut: white paper 800 x 240 with `text` as a barcode of `format` at the bottom left, drawn `barWidth` px wide. */
async function labelWith(text: string | null, format: 'ITF' | 'Code128' = 'ITF', barWidth = 220): Promise<TRgb> {
  const layers: OverlayOptions[] = [];
  if (text) {
    const bars = await sharp(Buffer.from(await barcodeSvg(text, format)))
      .resize({ width: barWidth, height: 40, fit: 'fill' })
      .png()
      .toBuffer();
    layers.push({ input: bars, left: 40, top: 170 });
  }
  const { data, info } = await sharp({ create: { width: 800, height: 240, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("a PSA label's barcode", () => {
  it('reads the cert from Interleaved 2 of 5 (older labels) and Code 128 (newer ones), leading zeros kept', async () => {
    expect(await readLabelBarcode(await labelWith('63877282', 'ITF'))).toBe('63877282');
    expect(await readLabelBarcode(await labelWith('133487731', 'Code128'))).toBe('133487731');
    expect(await readLabelBarcode(await labelWith('04412345', 'ITF'))).toBe('04412345');
  });

  it('reads nothing from a label without one, from one carrying no cert, or from bars too thin to tell apart', async () => {
    expect(await readLabelBarcode(await labelWith(null))).toBeNull();
    expect(await readLabelBarcode(await labelWith('RATIO-1', 'Code128'))).toBeNull();
    expect(await readLabelBarcode(await labelWith('63877282', 'ITF', 50))).toBeNull();
  });
});
