import { describe, expect, it } from 'vitest';
import { findLabelFrame, isLabelRed, isPaleLabelRed, labelLineBoxes, type TRgb } from './find-label.ts';

/** A grey photo `w` x `h` with the given rectangles painted in. */
function photo(w: number, h: number, paint: { x0: number; y0: number; x1: number; y1: number; rgb: [number, number, number] }[]): TRgb {
  const data = new Uint8Array(w * h * 3).fill(110);
  for (const r of paint) {
    for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) data.set(r.rgb, (y * w + x) * 3);
  }
  return { data, width: w, height: h };
}

const RED: [number, number, number] = [200, 30, 40];
const PAPER: [number, number, number] = [235, 235, 230];
const INK: [number, number, number] = [40, 40, 40];

/** A label: red frame 3 px thick around paper, at (x, y), `w` x `h`. */
const label = (x: number, y: number, w: number, h: number) => [
  { x0: x, y0: y, x1: x + w, y1: y + h, rgb: RED },
  { x0: x + 3, y0: y + 3, x1: x + w - 3, y1: y + h - 3, rgb: PAPER },
];

describe('finding a slab label by its red frame', () => {
  it('tells label red from orange, pink, grey and dark red', () => {
    expect(isLabelRed(200, 30, 40)).toBe(true);
    expect(isLabelRed(230, 140, 30)).toBe(false);
    expect(isLabelRed(220, 120, 200)).toBe(false);
    expect(isLabelRed(150, 140, 140)).toBe(false);
    expect(isLabelRed(60, 10, 10)).toBe(false);
  });

  it('finds the one red-framed strip at the top of a slab, and its box', () => {
    const found = findLabelFrame(photo(150, 200, [...label(22, 8, 104, 32), { x0: 30, y0: 60, x1: 120, y1: 190, rgb: [90, 140, 60] }]));
    expect(found.kind).toBe('label');
    if (found.kind !== 'label') return;
    expect(found.frame).toMatchObject({ x0: 22, y0: 8, x1: 126, y1: 40 });
    expect(Math.abs(found.frame.angle)).toBeLessThan(0.5);
  });

  it('measures a tilted frame', () => {
    const w = 300;
    const h = 200;
    const img = photo(w, h, []);
    // A frame whose edges fall 1 px every 20 px (about 2.9 degrees clockwise).
    for (let x = 40; x < 260; x++) {
      const dy = Math.round((x - 40) / 20);
      for (let y = 20 + dy; y < 80 + dy; y++) {
        const edge = y < 24 + dy || y >= 76 + dy || x < 44 || x >= 256;
        img.data.set(edge ? RED : PAPER, (y * w + x) * 3);
      }
    }
    const found = findLabelFrame(img);
    expect(found.kind).toBe('label');
    if (found.kind === 'label') expect(found.frame.angle).toBeCloseTo(2.9, 0);
  });

  it('says several slabs when two like-sized frames are in the photo, and none without a frame', () => {
    expect(findLabelFrame(photo(200, 150, [...label(5, 10, 90, 28), ...label(105, 12, 90, 28)])).kind).toBe('several');
    expect(findLabelFrame(photo(200, 150, [{ x0: 20, y0: 20, x1: 180, y1: 60, rgb: RED }])).kind).toBe('none');
    expect(findLabelFrame(photo(200, 150, [])).kind).toBe('none');
  });

  it('finds a frame whose sides and bottom are pale red, from its red header band, but not pale red alone', () => {
    const PALE: [number, number, number] = [156, 114, 118];
    expect(isLabelRed(...PALE)).toBe(false);
    expect(isPaleLabelRed(...PALE)).toBe(true);
    expect(isPaleLabelRed(205, 169, 179)).toBe(false);
    const paleLabel = [
      { x0: 22, y0: 8, x1: 126, y1: 40, rgb: PALE },
      { x0: 22, y0: 8, x1: 126, y1: 12, rgb: RED },
      { x0: 24, y0: 12, x1: 124, y1: 38, rgb: PAPER },
    ];
    const found = findLabelFrame(photo(150, 200, paleLabel));
    expect(found.kind).toBe('label');
    if (found.kind === 'label') expect(found.frame).toMatchObject({ x0: 22, y0: 8, x1: 126, y1: 40 });
    expect(findLabelFrame(photo(150, 200, [{ ...(paleLabel[0] as (typeof paleLabel)[0]) }, paleLabel[2] as (typeof paleLabel)[2]])).kind).toBe('none');
  });

  it('takes a red-framed panel of the card art close below the label for art, not for a second slab', () => {
    const found = findLabelFrame(photo(150, 200, [...label(20, 4, 110, 34), ...label(33, 56, 86, 27)]));
    expect(found.kind).toBe('label');
    if (found.kind === 'label') expect(found.frame).toMatchObject({ x0: 20, y0: 4 });
    // Two slabs stacked: their labels a slab's height apart.
    expect(findLabelFrame(photo(150, 320, [...label(20, 4, 110, 34), ...label(22, 170, 106, 33)])).kind).toBe('several');
  });

  it('cuts a label into its lines and columns, and sets the barcode apart', () => {
    const w = 400;
    const h = 120;
    const text = (x0: number, y0: number, x1: number) => {
      // Letters: 6 px wide blocks with 3 px gaps, 14 px tall.
      const out = [];
      for (let x = x0; x + 6 <= x1; x += 9) out.push({ x0: x, y0, x1: x + 6, y1: y0 + 14, rgb: INK });
      return out;
    };
    const bars = [];
    for (let x = 20; x < 140; x += 8) bars.push({ x0: x, y0: 84, x1: x + 4, y1: 100, rgb: INK });
    const img = photo(w, h, [
      ...label(0, 0, w, h),
      ...text(20, 14, 160),
      ...text(330, 14, 380),
      ...text(20, 44, 200),
      ...text(330, 44, 380),
      ...bars,
      ...text(280, 84, 380),
    ]);
    const { boxes, barcode } = labelLineBoxes(img);
    expect(boxes).toHaveLength(5);
    const rows = [...new Set(boxes.map((b) => Math.round(b.y0 / 10)))];
    expect(rows).toHaveLength(3);
    expect(boxes.filter((b) => b.x0 > 250)).toHaveLength(3);
    expect(barcode).not.toBeNull();
    expect(barcode?.x0).toBeLessThan(30);
  });
});
