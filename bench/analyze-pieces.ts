/**
 * Diagnostic for the label reader on the real sports slab photos (docs/choices.md 44): for each photo,
 * the label as found and cut (written as PNG to --out), each piece's place, free read and read by
 * place, and the truth beside it. Prints no budget; bench/analyze does.
 *
 *   node bench/analyze-pieces.ts [--size as-is|4x] [--out /tmp/labels] [--only substring]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createPaddleReader } from '../api/services/analysis/paddle-reader.ts';
import { readLabelImage } from '../api/services/analysis/read-label.ts';
import { cutFramedLabel, labelBlurFactor, searchFrame } from '../api/services/analysis/read-photo.ts';
import { SPORTS_SLABS_DIR, SPORTS_SLABS_PRESENT, loadSportsSlabs, sportsPhoto } from '../tests/analysis/fixtures/real-sports-slabs.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'as-is' }, out: { type: 'string', default: '' }, only: { type: 'string', default: '' } },
});
if (!SPORTS_SLABS_PRESENT) {
  console.log(`real sports slab photos not found at ${SPORTS_SLABS_DIR}: nothing to show`);
  process.exit(0);
}
const reader = await createPaddleReader(1);
if (values.out) fs.mkdirSync(values.out, { recursive: true });
for (const slab of loadSportsSlabs().filter((s) => s.file.includes(values.only))) {
  const photo = await sportsPhoto(slab.file, values.size === '4x' ? '4x' : 'as-is');
  const decoded = await sharp(photo).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const found = await searchFrame(decoded.data, raw);
  console.log(
    `\n${slab.file}: ${slab.year} | ${slab.brand} | ${slab.player} | #${slab.number} | ${slab.gradeWord} ${slab.grade}${slab.qualifier ? ` (${slab.qualifier})` : ''}`,
  );
  if (found.kind !== 'label') {
    console.log(`  frame: ${found.kind}`);
    continue;
  }
  console.log(`  label ${found.frame.x1 - found.frame.x0} px wide in the photo, looks enlarged ${await labelBlurFactor(decoded.data, raw, found)}x`);
  const label = await cutFramedLabel(decoded.data, raw, found);
  if (values.out) {
    await sharp(label.data, { raw: { width: label.width, height: label.height, channels: 3 } })
      .resize({ width: label.width * 3, kernel: 'nearest' })
      .png()
      .toFile(path.join(values.out, `${slab.file}.png`));
  }
  const boxes = await readLabelImage(reader, label, (p) =>
    console.log(
      `  ${p.role.padEnd(6)} [${p.box.x0},${p.box.y0} ${p.box.x1 - p.box.x0}x${p.box.y1 - p.box.y0}] free ${JSON.stringify(p.free)} -> ${JSON.stringify(p.read)}`,
    ),
  );
  console.log(`  read: ${boxes.map((b) => `${JSON.stringify(b.text)} ${b.score.toFixed(2)}`).join(', ')}`);
}
