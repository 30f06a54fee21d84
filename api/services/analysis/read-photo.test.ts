import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelBlurFactor } from './read-photo.ts';

/** Numbers in [0, 1) from a fixed seed: the same drawing on every run. */
function seeded(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** A label-like grey-on-paper patch, 120 x 40 px, with pixel-sized ink strokes (seeded, no randomness between runs). */
function thumbnail(): Buffer {
  const w = 120;
  const h = 40;
  const data = Buffer.alloc(w * h * 3, 230);
  const next = seeded(7);
  for (let y = 4; y < h - 4; y++) for (let x = 4; x < w - 4; x++) if (next() < 0.35) data.fill(40, (y * w + x) * 3, (y * w + x) * 3 + 3);
  return data;
}

/** A sharp label drawn at full size: flat paper and ink strokes 2-9 px wide at any pixel (a generated slab photo's). */
function drawnLabel(): Buffer {
  const w = 480;
  const h = 160;
  const data = Buffer.alloc(w * h * 3, 235);
  const next = seeded(11);
  for (let i = 0; i < 260; i++) {
    const x0 = 8 + Math.floor(next() * (w - 24));
    const y0 = 8 + Math.floor(next() * (h - 24));
    const sw = 2 + Math.floor(next() * 8);
    const sh = 2 + Math.floor(next() * 14);
    for (let y = y0; y < y0 + sh; y++) for (let x = x0; x < x0 + sw; x++) data.fill(30, (y * w + x) * 3, (y * w + x) * 3 + 3);
  }
  return data;
}

async function factorOf(kernel: 'nearest' | null): Promise<number> {
  const raw = { width: 120, height: 40, channels: 3 as const };
  const img = kernel ? await sharp(thumbnail(), { raw }).resize({ width: 480, height: 160, kernel }).raw().toBuffer({ resolveWithObject: true }) : null;
  const data = img?.data ?? thumbnail();
  const size = img ? { width: img.info.width, height: img.info.height, channels: 3 as const } : raw;
  const frame = { x0: 0, y0: 0, x1: size.width, y1: size.height, angle: 0, pixels: 0 };
  return labelBlurFactor(data, size, { kind: 'label', frame });
}

describe('how many times a label looks enlarged', () => {
  it('finds a thumbnail enlarged 4x by repeating pixels (which a smooth shrink and enlarge counts as sharp), and a sharp one not enlarged', async () => {
    expect(await factorOf(null)).toBe(1);
    expect(await factorOf('nearest')).toBe(4);
  });

  it('does not take a sharp drawn label, flat between its strokes, for one enlarged by repeating pixels', async () => {
    const size = { width: 480, height: 160, channels: 3 as const };
    const frame = { x0: 0, y0: 0, x1: size.width, y1: size.height, angle: 0, pixels: 0 };
    expect(await labelBlurFactor(drawnLabel(), size, { kind: 'label', frame })).toBe(1);
  });
});
