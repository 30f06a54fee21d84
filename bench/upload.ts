/**
 * docs/choices.md 34 bench: a 12-megapixel phone-like JPEG uploaded to a slot. Prints p50/p99 of
 * - the thumbnail-only floor (decode, turn, 400 px WebP: the least an upload can do),
 * - the image step an upload waits for (check, orient, strip, thumbnail),
 * - the viewer size, made after the answer,
 * - the whole HTTP upload, until the answer (on PGlite, and PostgreSQL when reachable).
 * Budget (docs/choices.md 34): upload p50 < 250 ms; image step within 2x of the floor.
 * Run: npm run bench -- upload (bench/gallery.ts prints the same figures with its budgets).
 */
import sharp from 'sharp';
import { processImage } from '../api/services/images/process-image.ts';
import { viewerSizesSettled } from '../api/services/images/viewer-size.ts';
import { fmt, postgresReachable, startBenchServer } from './lib.ts';

const RUNS = 15;
const WARM = 2;
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

export interface TUploadFigures {
  floor: number[];
  step: number[];
  viewer: number[];
  /** HTTP upload until the answer, by database. */
  http: Array<{ label: string; ms: number[] }>;
}

/** A photo-like 4000x3000 JPEG: smooth noise scaled up (real photos compress like this, pure noise does not). */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1000, height: 750, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Model: 'Bench' } } })
    .toBuffer();
}

async function timed(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs + WARM; i++) {
    const t = performance.now();
    await run();
    if (i >= WARM) out.push(performance.now() - t);
  }
  return out;
}

async function httpUploads(photo: Buffer, postgres: boolean): Promise<number[]> {
  const { url, cleanup } = await startBenchServer({ postgres });
  try {
    const reg = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'upload@example.com', password: 'bench-password', firstName: 'Up', lastName: 'Load' }),
    });
    const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
    let i = 0;
    const ms: number[] = [];
    for (let run = 0; run < RUNS + WARM; run++) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('title', `Bench ${i}`);
      const t = performance.now();
      const res = await fetch(`${url}/api/cards/${(i++ % 10) + 1}/upload`, { method: 'POST', headers: { cookie }, body: form });
      const took = performance.now() - t;
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      if (run >= WARM) ms.push(took);
      // One upload at a time, as a collector adds cards: the last one's viewer size is stored first.
      await viewerSizesSettled();
    }
    return ms;
  } finally {
    await cleanup();
  }
}

/** Measures the image step, its floor, the viewer size and HTTP uploads of a 12 MP JPEG. */
export async function measureUploads(): Promise<TUploadFigures> {
  const photo = await phonePhoto();
  const floor = await timed(RUNS, () =>
    sharp(photo).rotate().resize(400, 560, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer(),
  );
  const step = await timed(RUNS, () => processImage(photo));
  const viewer: number[] = [];
  for (let i = 0; i < RUNS + WARM; i++) {
    const processed = await processImage(photo);
    const t = performance.now();
    await processed.large();
    if (i >= WARM) viewer.push(performance.now() - t);
  }
  const http = [{ label: 'PGlite', ms: await httpUploads(photo, false) }];
  if (await postgresReachable()) http.push({ label: 'PostgreSQL', ms: await httpUploads(photo, true) });
  return { floor, step, viewer, http };
}

export const row = (label: string, xs: number[], note = '') =>
  `${label.padEnd(44)} ${fmt(pct(xs, 50)).padStart(8)} ${fmt(pct(xs, 99)).padStart(8)}${note ? `   ${note}` : ''}`;

if (import.meta.main) {
  const photo = await phonePhoto();
  const out = await processImage(photo);
  console.log(`input: 4000x3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB, EXIF orientation 6`);
  console.log(
    `variants: original ${out.width}x${out.height} ${(out.original.data.length / 1024).toFixed(0)} KB, thumb ${(out.thumb.length / 1024).toFixed(1)} KB, large ${((await out.large()).length / 1024).toFixed(0)} KB`,
  );
  const f = await measureUploads();
  console.log(`\n${RUNS} runs each${' '.repeat(34)}p50 ms   p99 ms`);
  console.log(row('thumbnail-only floor', f.floor));
  console.log(row('image step (what the answer waits for)', f.step, `${fmt(pct(f.step, 50) / pct(f.floor, 50), 2)}x the floor (budget <= 2x)`));
  console.log(row('viewer size (after the answer)', f.viewer));
  for (const h of f.http) console.log(row(`HTTP upload to answer, ${h.label}`, h.ms, '(budget p50 < 250 ms)'));
}
