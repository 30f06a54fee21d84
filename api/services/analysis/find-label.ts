/**
 * Finds a PSA-style slab label in a photo by its red frame (docs/choices.md 44): listing and phone photos
 * show the slab with background, tilted a little, the label a strip at the top bordered in red.
 * Pure pixel work on an RGB buffer (runs in the analysis child process, never on the server).
 */

/** An RGB image, 3 bytes a pixel, row by row. */
export interface TRgb {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A red-framed label found in a photo: its box in the photo's pixels and the frame's tilt. */
export interface TLabelFrame {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Tilt of the frame's long edges in degrees, clockwise positive (the photo is turned by -angle to straighten it). */
  angle: number;
  /** Red pixels in the frame's component. */
  pixels: number;
}

/** What the photo shows: one label, several slabs side by side (nothing to read), or no red frame. */
export type TLabelSearch = { kind: 'label'; frame: TLabelFrame } | { kind: 'several'; frames: TLabelFrame[] } | { kind: 'none' };

/** A pixel of a PSA label's red: hue within about 20 degrees of red, saturated, not dark. */
export function isLabelRed(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max !== r || max < 80) return false;
  if ((max - min) / max < 0.38) return false;
  // Hue: red sits near 0; orange and pink further off.
  const hue = g >= b ? (60 * (g - b)) / (max - min) : -(60 * (b - g)) / (max - min);
  return hue > -22 && hue < 24;
}

/**
 * A pixel of a pale or blurred label red (a thin frame edge mixed with the paper beside it, an
 * orange-red frame): red well above green and blue, less saturated than isLabelRed asks. Counted
 * only where it touches a pixel isLabelRed counts (hysteresis), so pink paper or skin alone is not a frame.
 */
export function isPaleLabelRed(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max !== r || max < 80 || r - Math.max(g, b) < PALE_LEAD) return false;
  if ((max - min) / max < PALE_SATURATION) return false;
  const hue = g >= b ? (60 * (g - b)) / (max - min) : -(60 * (b - g)) / (max - min);
  return hue > -26 && hue < 28;
}
const PALE_LEAD = 24;
const PALE_SATURATION = 0.19;

/** The red mask: isLabelRed pixels and the pale red pixels joined to them (8-connected). */
function redMask(data: Uint8Array, w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (isLabelRed(data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0)) {
      mask[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const p = stack.pop() ?? 0;
    const x = p % w;
    const y = (p - x) / w;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const q = ny * w + nx;
        if (mask[q] || !isPaleLabelRed(data[q * 3] ?? 0, data[q * 3 + 1] ?? 0, data[q * 3 + 2] ?? 0)) continue;
        mask[q] = 1;
        stack.push(q);
      }
  }
  return mask;
}

/** Least distance between the tops of two stacked slabs' labels, in label widths (a slab is about 1.7 label widths tall). */
const SLAB_APART = 1.1;

/** Width over height of a PSA label's red frame. */
const LABEL_ASPECT = 3.3;

/** Pixels a red region is grown by before regions are told apart (a frame broken by glare stays whole). */
const GROW = 2;

interface TComponent {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
  pixels: number[];
}

/** 8-connected regions of the mask, with their boxes and pixel indices. */
function components(mask: Uint8Array, w: number, h: number): TComponent[] {
  const seen = new Uint8Array(w * h);
  const out: TComponent[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const c: TComponent = { x0: w, y0: h, x1: 0, y1: 0, count: 0, pixels: [] };
    while (stack.length) {
      const p = stack.pop() ?? 0;
      const x = p % w;
      const y = (p - x) / w;
      c.count += 1;
      c.pixels.push(p);
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}

/** Slope (dy/dx) of the line through the points, least squares after dropping the worst quarter. */
function robustSlope(points: [number, number][]): number {
  let pts = points;
  for (let round = 0; round < 2 && pts.length >= 6; round++) {
    const n = pts.length;
    const mx = pts.reduce((a, p) => a + p[0], 0) / n;
    const my = pts.reduce((a, p) => a + p[1], 0) / n;
    const sxx = pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0) || 1;
    const slope = pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / sxx;
    const resid = pts.map((p) => Math.abs(p[1] - (my + slope * (p[0] - mx))));
    const cut = [...resid].sort((a, b) => a - b)[Math.floor(n * 0.75)] ?? Infinity;
    pts = pts.filter((_, i) => (resid[i] ?? 0) <= cut);
  }
  const n = pts.length;
  if (n < 2) return 0;
  const mx = pts.reduce((a, p) => a + p[0], 0) / n;
  const my = pts.reduce((a, p) => a + p[1], 0) / n;
  const sxx = pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0) || 1;
  return pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / sxx;
}

/** Tilt of a frame from its top and bottom edges: in each column the first and last red pixel. */
function tiltOf(c: TComponent, w: number): number {
  const top = new Map<number, number>();
  const bottom = new Map<number, number>();
  for (const p of c.pixels) {
    const x = p % w;
    const y = (p - x) / w;
    if (!top.has(x) || y < (top.get(x) ?? 0)) top.set(x, y);
    if (!bottom.has(x) || y > (bottom.get(x) ?? 0)) bottom.set(x, y);
  }
  // The frame's corners round off and its ends may be cut: keep the middle 80% of the columns.
  const span = c.x1 - c.x0;
  // Only columns that show both edges: a frame edge lost to glare or pale red would give one edge for the other.
  const both = (x: number) => (bottom.get(x) ?? 0) - (top.get(x) ?? 0) > (c.y1 - c.y0) * 0.6;
  const inner = (x: number) => x > c.x0 + span * 0.1 && x < c.x1 - span * 0.1 && both(x);
  const t = robustSlope([...top].filter(([x]) => inner(x)));
  const b = robustSlope([...bottom].filter(([x]) => inner(x)));
  return (Math.atan((t + b) / 2) * 180) / Math.PI;
}

/**
 * Looks for red label frames: red regions at least a third of the photo wide, 1.6 to 7 times as
 * wide as tall, hollow (a frame, not a red patch of card art), in the upper part of a slab.
 * One found: its box and tilt. Two or more side by side or stacked, of like size: several slabs.
 */
export function findLabelFrame(img: TRgb): TLabelSearch {
  const { data, width: w, height: h } = img;
  const mask = redMask(data, w, h);
  // Grown by GROW pixels so a frame broken by glare or blur stays one region.
  const grown = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let dy = -GROW; dy <= GROW; dy++)
        for (let dx = -GROW; dx <= GROW; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h) grown[ny * w + nx] = 1;
        }
    }
  }
  // Regions of red; pieces of one frame (broken by the 'PSA' letters, glare or blur) joined when their boxes touch.
  let regions: TComponent[] = [];
  for (const grownC of components(grown, w, h)) {
    const c = { ...grownC, pixels: grownC.pixels.filter((p) => mask[p]) };
    c.count = c.pixels.length;
    if (c.count < 8) continue;
    [c.x0, c.y0, c.x1, c.y1] = [w, h, 0, 0];
    for (const p of c.pixels) {
      const x = p % w;
      const y = (p - x) / w;
      c.x0 = Math.min(c.x0, x);
      c.x1 = Math.max(c.x1, x);
      c.y0 = Math.min(c.y0, y);
      c.y1 = Math.max(c.y1, y);
    }
    regions.push(c);
  }
  const gap = Math.max(2, Math.round(Math.min(w, h) * 0.02));
  const touch = (a: TComponent, b: TComponent) =>
    a.x0 - gap <= b.x1
    && b.x0 - gap <= a.x1
    && a.y0 - gap <= b.y1
    && b.y0 - gap <= a.y1
    && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= -gap
    && Math.abs(a.y0 - b.y0) <= gap * 2;
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let i = 0; i < regions.length; i++) {
      for (let j = i + 1; j < regions.length; j++) {
        const a = regions[i] as TComponent;
        const b = regions[j] as TComponent;
        if (!touch(a, b)) continue;
        regions[i] = {
          x0: Math.min(a.x0, b.x0),
          y0: Math.min(a.y0, b.y0),
          x1: Math.max(a.x1, b.x1),
          y1: Math.max(a.y1, b.y1),
          count: a.count + b.count,
          pixels: a.pixels.concat(b.pixels),
        };
        regions = regions.filter((_, k) => k !== j);
        merged = true;
        break outer;
      }
    }
  }
  const frames: TLabelFrame[] = [];
  for (const c of regions) {
    const bw = c.x1 - c.x0 + 1;
    const bh = c.y1 - c.y0 + 1;
    if (bw < Math.max(12, w * 0.12) || bh < 5) continue;
    const aspect = bw / bh;
    // Only the header band ('PSA' on red) is red enough: the label's paper hangs below it.
    if (aspect > 7.5 && bh <= bw / 10) {
      const y1 = Math.min(h - 1, c.y0 + Math.round(bw / LABEL_ASPECT));
      if (y1 - c.y0 < bh * 2) continue;
      frames.push({ x0: c.x0, y0: c.y0, x1: c.x1 + 1, y1: y1 + 1, angle: tiltOf(c, w), pixels: c.count });
      continue;
    }
    if (aspect < 1.5 || aspect > 7.5) continue;
    const fill = c.count / (bw * bh);
    if (fill > 0.75 || fill < 0.06) continue;
    // A frame: red down both ends, little red inside.
    let inside = 0;
    let leftEnd = 0;
    let rightEnd = 0;
    const ix0 = c.x0 + bw * 0.2;
    const ix1 = c.x1 - bw * 0.2;
    const iy0 = c.y0 + bh * 0.3;
    const iy1 = c.y1 - bh * 0.2;
    const rowsWith = { left: new Set<number>(), right: new Set<number>() };
    for (const p of c.pixels) {
      const x = p % w;
      const y = (p - x) / w;
      if (x > ix0 && x < ix1 && y > iy0 && y < iy1) inside++;
      if (x <= c.x0 + Math.max(2, bw * 0.06)) rowsWith.left.add(y);
      if (x >= c.x1 - Math.max(2, bw * 0.06)) rowsWith.right.add(y);
    }
    leftEnd = rowsWith.left.size;
    rightEnd = rowsWith.right.size;
    if (inside > (ix1 - ix0) * (iy1 - iy0) * 0.12) continue;
    if (Math.max(leftEnd, rightEnd) < bh * 0.6) continue;
    frames.push({ x0: c.x0, y0: c.y0, x1: c.x1 + 1, y1: c.y1 + 1, angle: tiltOf(c, w), pixels: c.count });
  }
  if (!frames.length) return { kind: 'none' };
  frames.sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0));
  const biggest = frames[0] as TLabelFrame;
  const area = (f: TLabelFrame) => (f.x1 - f.x0) * (f.y1 - f.y0);
  const overlap = (a: TLabelFrame, b: TLabelFrame) =>
    Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const apart: TLabelFrame[] = [];
  for (const f of frames) if (!apart.some((g) => overlap(f, g) > 0.2 * area(f))) apart.push(f);
  // Several slabs' labels are alike: near the same width (card art in red is not).
  // Side by side, or stacked a slab's height apart: a red-framed panel of the card's art sits closer below its label.
  const bw = biggest.x1 - biggest.x0;
  const besideOrApart = (f: TLabelFrame) =>
    f === biggest || Math.min(f.y1, biggest.y1) > Math.max(f.y0, biggest.y0) || Math.abs(f.y0 - biggest.y0) >= bw * SLAB_APART;
  const likeSized = apart.filter((f) => area(f) >= area(biggest) * 0.35 && f.x1 - f.x0 >= bw * 0.7 && besideOrApart(f));
  if (likeSized.length >= 2) return { kind: 'several', frames: likeSized };
  return { kind: 'label', frame: biggest };
}

/** A piece of a label line to read: its box in the label image's pixels. */
export interface TLineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A row is in a line of text when it holds this share of the inkiest row's dark pixels. */
const INK_SHARE = 0.6;
const ROW_SHARE = 0.2;
/** A line's inkiest row holds at least this share of the label's inkiest row. */
const LONE_SHARE = 0.1;

/** A run of rows this many times a line's height holds two lines or more, touching (blur, tilt, a descender). */
const JOINED = 2;
/** Most of the label paper's height one line of text takes. */
const LINE_SHARE = 0.2;

/**
 * Lines that blur or a slight tilt left touching, cut apart: a run of inked rows JOINED times as tall
 * as a line (the lower median of the runs) is cut into as many lines as it is tall, each cut at the
 * row with least ink near where it would fall.
 */
function splitJoined(lines: [number, number][], rowInk: (y: number) => number, inner: number): [number, number][] {
  const heights = lines.map(([a, b]) => b - a).sort((a, b) => a - b);
  // At most a fifth of the paper's height: a PSA label holds four lines, and a label whose lines
  // all run together in pairs gives no single line to measure.
  const line = Math.min(heights[Math.floor((heights.length - 1) / 2)] ?? 0, inner * LINE_SHARE);
  if (line < 3) return lines;
  return lines.flatMap(([a, b]): [number, number][] => {
    if (b - a < line * JOINED) return [[a, b]];
    const parts = Math.round((b - a) / line);
    const out: [number, number][] = [];
    let from = a;
    for (let k = 1; k < parts; k++) {
      const near = a + Math.round(((b - a) * k) / parts);
      let cut = near;
      for (let y = Math.max(from + 2, near - Math.floor(line / 2)); y <= Math.min(b - 2, near + Math.floor(line / 2)); y++)
        if (rowInk(y) < rowInk(cut)) cut = y;
      out.push([from, cut]);
      from = cut + 1;
    }
    out.push([from, b]);
    return out.filter(([y0, y1]) => y1 - y0 >= line * 0.5);
  });
}

/** Otsu's threshold of a histogram of 256 grey levels. */
function otsu(hist: number[]): number {
  const total = hist.reduce((a, v) => a + v, 0);
  const sumAll = hist.reduce((a, v, i) => a + v * i, 0);
  let [sumB, wB, best, at] = [0, 0, -1, 128];
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (!wB || wB === total) continue;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) [best, at] = [between, t];
  }
  return at;
}

/** Runs of indices where `on(i)` holds, joined across gaps up to `bridge` long. */
function runs(n: number, on: (i: number) => boolean, bridge: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (!on(i)) continue;
    const last = out.at(-1);
    if (last && i - last[1] <= bridge + 1) last[1] = i + 1;
    else out.push([i, i + 1]);
  }
  return out;
}

/**
 * The text of a straightened label image, line by line, each line cut where a gap wider than
 * about a line's height separates its parts (the left and right columns). Text is what is darker
 * than the label's paper (Otsu's threshold over the pixels that are not the red frame); a barcode
 * (dark bars the full height of its line, close together) is left out and returned apart.
 */
export function labelLineBoxes(img: TRgb): { boxes: TLineBox[]; barcode: TLineBox | null } {
  const { data, width: w, height: h } = img;
  const gray = new Uint8Array(w * h);
  const red = new Uint8Array(w * h);
  const hist = new Array<number>(256).fill(0);
  // The frame's sides are found with its pale red too (a thin, blurred or orange-red frame); ink, and
  // the top and bottom edges, by the strong red alone (on the real Pokémon set, pale red there cut a
  // line's last word).
  const frameRed = redMask(data, w, h);
  for (let i = 0; i < w * h; i++) {
    const r = data[i * 3] ?? 0;
    const g = data[i * 3 + 1] ?? 0;
    const b = data[i * 3 + 2] ?? 0;
    gray[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    red[i] = isLabelRed(r, g, b) || (r > 1.35 * Math.max(g, b) && r > 70) ? 1 : 0;
    if (red[i]) frameRed[i] = 1;
    if (!red[i]) hist[gray[i] ?? 0] = (hist[gray[i] ?? 0] ?? 0) + 1;
  }
  // Ink is what is well below the paper's grey: between the paper (the median) and the darkest text.
  const total = hist.reduce((a, v) => a + v, 0);
  const level = (share: number) => {
    let n = 0;
    for (let g = 0; g < 256; g++) {
      n += hist[g] ?? 0;
      if (n >= total * share) return g;
    }
    return 255;
  };
  const paper = level(0.6);
  const ink = level(0.03);
  const t = Math.max(otsu(hist), ink + (paper - ink) * INK_SHARE);
  const dark = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) dark[i] = !red[i] && (gray[i] ?? 255) < t ? 1 : 0;
  // The paper is the part of each row and column that is not red: text inside the frame only.
  const redRow = (y: number) => {
    let n = 0;
    for (let x = 0; x < w; x++) n += red[y * w + x] ?? 0;
    return n / w;
  };
  // The frame is the last mostly-red row or column from each edge inward (the top one past the
  // header band, 'PSA' in white on red, when there is one).
  let top = 0;
  for (let y = 0; y < h * 0.45; y++) if (redRow(y) > 0.3) top = y + 1;
  let bottom = h;
  for (let y = h - 1; y > h * 0.6; y--) if (redRow(y) > 0.3) bottom = y;
  // Columns are judged between the top and bottom edges found: the header band is red right across.
  const redCol = (x: number) => {
    let n = 0;
    for (let y = top; y < bottom; y++) n += frameRed[y * w + x] ?? 0;
    return n / Math.max(1, bottom - top);
  };
  let left = 0;
  for (let x = 0; x < w * 0.15; x++) if (redCol(x) > 0.3) left = x + 1;
  let right = w;
  for (let x = w - 1; x > w * 0.85; x--) if (redCol(x) > 0.3) right = x;
  // A grey line along the frame's inside (its shadow, or pale red mixed with the paper) is no text.
  const darkCol = (x: number) => {
    let n = 0;
    for (let y = top; y < bottom; y++) n += dark[y * w + x] ?? 0;
    return n / Math.max(1, bottom - top);
  };
  while (left < w * 0.15 && darkCol(left) > 0.5) left++;
  while (right > w * 0.85 && darkCol(right - 1) > 0.5) right--;
  const pad = Math.round(Math.min(w, h) * 0.02);
  [top, bottom, left, right] = [top + pad, bottom - pad, left + pad, right - pad];
  if (bottom - top < 8 || right - left < 16) return { boxes: [], barcode: null };

  // Lines over the whole width, then short lines of the right column alone (a grade number under the grade words).
  const linesIn = (x0: number, x1: number, allowed: (y: number) => boolean = () => true): [number, number][] => {
    const rowInk = (y: number) => {
      let n = 0;
      for (let x = x0; x < x1; x++) n += dark[y * w + x] ?? 0;
      return n;
    };
    // Rows are measured against the inkiest row they may belong to (a short grade number between
    // the wide lines holds a few dark pixels a row, the cert line thirty), a line kept when its
    // inkiest row holds a tenth of the inkiest row of all and at least 3 pixels (a lone '6' does).
    let maxInk = 0;
    let maxAllowed = 0;
    for (let y = top; y < bottom; y++) {
      maxInk = Math.max(maxInk, rowInk(y));
      if (allowed(y)) maxAllowed = Math.max(maxAllowed, rowInk(y));
    }
    const found = runs(bottom - top, (i) => allowed(top + i) && rowInk(top + i) > Math.max((x1 - x0) * 0.01, maxAllowed * ROW_SHARE), 0)
      .map(([a, b]) => [a + top, b + top] as [number, number])
      .filter(([a, b]) => b - a >= h * 0.05)
      .filter(([a, b]) => Array.from({ length: b - a }, (_, k) => rowInk(a + k)).some((n) => n >= Math.max(3, maxInk * LONE_SHARE)));
    return splitJoined(found, rowInk, bottom - top);
  };
  const rightStart = Math.round(left + (right - left) * 0.65);
  const wide = linesIn(left, right).map(([y0, y1]) => ({ y0, y1, x0: left }));
  const overlaps = (a: { y0: number; y1: number }, b: { y0: number; y1: number }) =>
    Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
  const free = (y: number) => !wide.some((l) => y >= l.y0 - 1 && y < l.y1 + 1);
  // Short lines over the whole width too, between the wide ones: a set code alone ('T206') over the name.
  const short = linesIn(left, right, free)
    .map(([y0, y1]) => ({ y0, y1, x0: left }))
    .filter((l) => !wide.some((o) => overlaps(o, l)));
  const narrow = linesIn(rightStart, right, free)
    .map(([y0, y1]) => ({ y0, y1, x0: rightStart }))
    .filter((l) => !wide.some((o) => overlaps(o, l)) && !short.some((o) => overlaps(o, l)));
  const lines = [...wide, ...short, ...narrow].sort((a, b) => a.y0 - b.y0);
  const lastBottom = Math.max(...lines.map((l) => l.y1));
  const boxes: TLineBox[] = [];
  let barcode: TLineBox | null = null;
  for (const { y0, y1, x0: from } of lines) {
    const lh = y1 - y0;
    const colInk = (x: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) n += dark[y * w + x] ?? 0;
      return n;
    };
    const parts = runs(right - from, (i) => colInk(from + i) > 0, Math.round(lh * 1.1));
    for (const [a, b] of parts) {
      const x0 = a + from;
      const x1 = b + from;
      if (x1 - x0 < lh * 0.3) continue;
      // A barcode: most columns dark over most of the line's height, in many narrow bars.
      let tall = 0;
      for (let x = x0; x < x1; x++) if (colInk(x) > lh * 0.7) tall++;
      const bars = runs(x1 - x0, (i) => colInk(x0 + i) > lh * 0.7, 0).length;
      if (tall > (x1 - x0) * 0.4 && bars >= 6 && y1 === lastBottom && x0 < w * 0.5) {
        barcode ??= { x0, y0, x1, y1 };
        continue;
      }
      const m = Math.round(lh * 0.15);
      boxes.push({ x0: Math.max(0, x0 - m), y0: Math.max(0, y0 - m), x1: Math.min(w, x1 + m), y1: Math.min(h, y1 + m) });
    }
  }
  return { boxes, barcode };
}

/**
 * Where `frame` lies once the photo (`w` x `h`) is turned by -frame.angle about its centre on a
 * canvas grown to hold it (as sharp's rotate does): an upright box of the frame's own width and height.
 */
export function straightenedBox(frame: TLabelFrame, w: number, h: number): { x0: number; y0: number; x1: number; y1: number; width: number; height: number } {
  const phi = (-frame.angle * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const width = Math.round(Math.abs(w * cos) + Math.abs(h * sin));
  const height = Math.round(Math.abs(w * sin) + Math.abs(h * cos));
  const bw = frame.x1 - frame.x0;
  const bh = frame.y1 - frame.y0;
  const c2 = cos * cos - sin * sin || 1;
  const [ac, as] = [Math.abs(cos), Math.abs(sin)];
  const trueW = Math.max(bw * 0.8, (bw * ac - bh * as) / c2);
  const trueH = Math.max(bh * 0.7, (bh * ac - bw * as) / c2);
  const cx = (frame.x0 + frame.x1) / 2 - w / 2;
  const cy = (frame.y0 + frame.y1) / 2 - h / 2;
  const nx = cx * cos - cy * sin + width / 2;
  const ny = cx * sin + cy * cos + height / 2;
  const x0 = Math.max(0, Math.round(nx - trueW / 2));
  const y0 = Math.max(0, Math.round(ny - trueH / 2));
  return { x0, y0, x1: Math.min(width, Math.round(nx + trueW / 2)), y1: Math.min(height, Math.round(ny + trueH / 2)), width, height };
}
