/**
 * Where the reader's CPU goes on the real sports slab photos: per photo, the CPU in the frame search,
 * in the recognizer (pieces and their count) and the detector, and the analysis itself (written as
 * JSON to --dump, to check that a change reads exactly the same).
 *
 *   node bench/analyze-stages.ts [--size as-is|4x] [--dump /tmp/reads.json]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createPaddleReader, type PaddleReader } from '../api/services/analysis/paddle-reader.ts';
import { readPhoto } from '../api/services/analysis/read-photo.ts';
import { SPORTS_SLABS_DIR, SPORTS_SLABS_PRESENT, loadSportsNegatives, loadSportsSlabs, sportsPhoto } from '../tests/analysis/fixtures/real-sports-slabs.ts';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'as-is' }, dump: { type: 'string', default: '' } } });
if (!SPORTS_SLABS_PRESENT) {
  console.log(`real sports slab photos not found at ${SPORTS_SLABS_DIR}: nothing to time`);
  process.exit(0);
}
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const inner = await createPaddleReader(1);
const t = { pieces: 0, pieceMs: 0, views: 0, viewMs: 0 };
const reader: PaddleReader = {
  ...inner,
  async outputFor(image, box) {
    const c = cpuMs();
    const out = await inner.outputFor(image, box);
    t.pieces++;
    t.pieceMs += cpuMs() - c;
    return out;
  },
  async read(image) {
    const c = cpuMs();
    const out = await inner.read(image);
    t.views++;
    t.viewMs += cpuMs() - c;
    return out;
  },
};
const size = values.size === '4x' ? '4x' : 'as-is';
const files = [...loadSportsSlabs().map((s) => s.file), ...loadSportsNegatives()];
const dump: Record<string, unknown> = {};
let total = 0;
const sum = { pieces: 0, pieceMs: 0, views: 0, viewMs: 0 };
for (const file of files) {
  const photo = await sportsPhoto(file, size);
  Object.assign(t, { pieces: 0, pieceMs: 0, views: 0, viewMs: 0 });
  const c = cpuMs();
  const analysis = await readPhoto(reader, photo, 'image/jpeg');
  const used = cpuMs() - c;
  total += used;
  for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += t[k];
  dump[file] = analysis;
  console.log(
    `${file.padEnd(28)} ${used.toFixed(0).padStart(5)} ms  pieces ${String(t.pieces).padStart(3)} (${t.pieceMs.toFixed(0)} ms)  views ${t.views} (${t.viewMs.toFixed(0)} ms)  other ${(used - t.pieceMs - t.viewMs).toFixed(0)} ms`,
  );
}
const n = files.length;
console.log(
  `mean per photo: ${(total / n).toFixed(0)} ms; pieces ${(sum.pieces / n).toFixed(1)} (${(sum.pieceMs / n).toFixed(0)} ms); views ${(sum.views / n).toFixed(2)} (${(sum.viewMs / n).toFixed(0)} ms); other ${((total - sum.pieceMs - sum.viewMs) / n).toFixed(0)} ms`,
);
if (values.dump) fs.writeFileSync(values.dump, JSON.stringify(dump, null, 1));
