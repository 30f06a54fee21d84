/**
 * Offline card analyzer benchmark: renders N slab labels of ordinary photo quality with known
 * truth, reads them with the OCR analyzer, prints throughput, latency and per-field accuracy.
 *
 *   node bench/analyze.ts [--n 40] [--seed 7] [--workers 1] [--concurrency 1]
 *
 * Budget: p50 < 1 s per photo, field accuracy >= 95 %.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createOcrAnalyzer } from '../api/services/analysis/ocr-analyzer.ts';
import type { TCardAnalysis } from '../core/analysis/types.ts';
import { SCORED_FIELDS, randomLabels, scoreRead } from '../tests/analysis/fixtures/label-truth.ts';
import { renderLabel, type TLabelSpec } from '../tests/analysis/fixtures/make-label.ts';
import { seededRandom } from '../tests/analysis/fixtures/random.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '40' },
    seed: { type: 'string', default: '7' },
    workers: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '1' },
  },
});
const n = Number(values.n);
const seed = Number(values.seed);
const concurrency = Math.max(1, Number(values.concurrency));

const rand = seededRandom(seed + 1);
const labels = randomLabels(n, seed);
const photos = await Promise.all(
  labels.map((l, i) =>
    renderLabel(l, {
      layout: i % 5 < 3 ? 'slab' : 'label',
      tilt: (rand() - 0.5) * 3,
      blur: 0.3 + rand() * 0.3,
      noise: 4 + rand() * 4,
      jpegQuality: 80 + Math.floor(rand() * 10),
      seed: i + 1,
    }),
  ),
);

const analyzer = createOcrAnalyzer({ workers: Number(values.workers), maxQueue: n });
const coldStart = performance.now();
await analyzer.analyze(photos[0] ?? Buffer.alloc(0), 'image/jpeg');
const coldMs = performance.now() - coldStart;

const latencies: number[] = [];
const results: TCardAnalysis[] = new Array(n);
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < n; i = next++) {
      const t = performance.now();
      results[i] = await analyzer.analyze(photos[i] ?? Buffer.alloc(0), 'image/jpeg');
      latencies.push(performance.now() - t);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await analyzer.close();

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const perField = Object.fromEntries(SCORED_FIELDS.map((f) => [f, 0])) as Record<(typeof SCORED_FIELDS)[number], number>;
const misses: string[] = [];
labels.forEach((truth: TLabelSpec, i) => {
  const a = results[i];
  if (!a) return;
  const score = scoreRead(truth, a);
  for (const f of SCORED_FIELDS) {
    if (score[f]) perField[f] += 1;
    else misses.push(`#${i} ${truth.grader} ${f}: read ${JSON.stringify(f === 'grade' ? a.condition : a[f])}`);
  }
});
const correct = Object.values(perField).reduce((s, v) => s + v, 0);

console.log(`Offline analyzer: ${n} photos (60% whole slab, 40% label only; 800 px, tilt, blur, noise, JPEG)`);
console.log(`machine: ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; workers ${values.workers}, concurrency ${concurrency}`);
console.log(`cold start (first photo incl. worker start): ${coldMs.toFixed(0)} ms`);
console.log(`throughput: ${(n / elapsed).toFixed(2)} images/s`);
console.log(`latency: p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`);
for (const f of SCORED_FIELDS) console.log(`  ${f.padEnd(11)} ${((100 * perField[f]) / n).toFixed(1)}%`);
console.log(`field accuracy: ${((100 * correct) / (n * SCORED_FIELDS.length)).toFixed(1)}% (${correct}/${n * SCORED_FIELDS.length})`);
if (misses.length) console.log(`misses:\n  ${misses.join('\n  ')}`);
