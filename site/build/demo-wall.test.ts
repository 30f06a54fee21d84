import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_WALL_IMAGES, drawDemoWall } from './demo-wall.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('the landing page demo wall drawn from demo-wall.svg', () => {
  it('writes each WebP the page lists in its srcset, at its width and the drawing’s proportions, with the slabs drawn', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-demo-wall-'));
    dirs.push(dir);
    const files = await drawDemoWall(path.resolve('site/build/demo-wall.svg'), dir);
    expect(files.map((f) => path.basename(f)).sort()).toEqual(Object.keys(DEMO_WALL_IMAGES).sort());
    const landing = await fs.readFile(path.resolve('site/src/components/landing/Landing.astro'), 'utf8');
    for (const [name, width] of Object.entries(DEMO_WALL_IMAGES)) {
      expect(landing).toContain(`/${name} ${width}w`);
      const image = sharp(path.join(dir, name));
      const meta = await image.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 680) / 800]);
      // The first slab's label (light paper) sits at about (0.17, 0.29) of the wall; a blank or
      // mis-scaled drawing would be dark there, as the wall behind it is.
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
      const at = (fx: number, fy: number) => {
        const i = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
        return Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
      };
      expect(at(0.17, 0.29)).toBeGreaterThan(200);
      expect(at(0.02, 0.5)).toBeLessThan(60);
    }
  });
});
