import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FAVICONS, drawFavicons } from './favicons.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('favicons drawn from favicon.svg', () => {
  it("writes each PNG the pages link, square at its size, with the icon's own colours", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-favicons-'));
    dirs.push(dir);
    const svg = path.join(dir, 'favicon.svg');
    await fs.copyFile(path.resolve('site/public/favicon.svg'), svg);
    const files = await drawFavicons(svg);
    expect(files.map((f) => path.basename(f)).sort()).toEqual(Object.keys(FAVICONS).sort());
    for (const [name, size] of Object.entries(FAVICONS)) {
      const image = sharp(path.join(dir, name));
      const meta = await image.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      // The centre of the icon is its dark card face; a blank or mis-scaled drawing would not be.
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
      const centre = (Math.floor(size / 2) * info.width + Math.floor(size / 2)) * info.channels;
      expect(data[centre + 3]).toBe(255);
      expect(Math.max(data[centre]!, data[centre + 1]!, data[centre + 2]!)).toBeLessThan(40);
    }
  });
});
