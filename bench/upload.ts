/**
 * Issue #4 bench: a 12-megapixel phone-like JPEG uploaded to a slot until its thumbnail is stored.
 * Prints p50/p99 of the image step alone (check, orient, strip, three variants) and of the whole
 * HTTP upload. Budget: p50 under 400 ms. Run: npm run bench -- upload
 */
import sharp from 'sharp';
import { processImage } from '../api/services/images/process-image.ts';
import { fmt, startBenchServer } from './lib.ts';

const RUNS = 15;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

// A photo-like 4000x3000 JPEG: smooth noise scaled up (real photos compress like this, pure noise does not).
const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
  .resize(4000, 3000, { kernel: 'cubic' })
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo', Model: 'Bench' } } })
  .toBuffer();
console.log(`input: 4000x3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB, EXIF orientation 6`);

const step: number[] = [];
for (let i = 0; i < RUNS + 2; i++) {
  const t = performance.now();
  const out = await processImage(photo);
  if (i >= 2) step.push(performance.now() - t);
  if (i === 0) console.log(`variants: original ${out.width}x${out.height} ${(out.original.data.length / 1024).toFixed(0)} KB, thumb ${(out.thumb.length / 1024).toFixed(1)} KB, large ${(out.large.length / 1024).toFixed(0)} KB`);
}

const { url, cleanup } = await startBenchServer();
const http: number[] = [];
try {
  const reg = await fetch(`${url}/api/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'upload@example.com', password: 'bench-password', firstName: 'Up', lastName: 'Load' }),
  });
  const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
  for (let i = 0; i < RUNS + 2; i++) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    form.append('title', `Bench ${i}`);
    const t = performance.now();
    const res = await fetch(`${url}/api/cards/${(i % 10) + 1}/upload`, { method: 'POST', headers: { cookie }, body: form });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    if (i >= 2) http.push(performance.now() - t);
  }
} finally {
  await cleanup();
}
console.log(`\n${RUNS} runs each            p50 ms   p99 ms`);
console.log(`image step (in-process) ${fmt(pct(step, 50)).padStart(8)} ${fmt(pct(step, 99)).padStart(8)}`);
console.log(`HTTP upload to stored   ${fmt(pct(http, 50)).padStart(8)} ${fmt(pct(http, 99)).padStart(8)}   (budget p50 < 400 ms)`);
