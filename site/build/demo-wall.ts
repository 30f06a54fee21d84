/**
 * Astro integration: after the build, draws the landing page's demo wall (site/build/demo-wall.svg,
 * its one source: eight graded slabs on numbered plaques under gallery lights) as the WebP images
 * the page shows (Landing.astro's `<img srcset>`). Drawn inline, the wall was ~200 SVG elements and
 * 32 runs of SVG text that the browser parsed, styled and laid out before the page's first paint; as
 * an image it loads beside the page and decodes off the main thread, and the words paint at once.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { AstroIntegration } from 'astro';

/** The drawing's own size, in CSS pixels (the `<img>`'s width and height). */
const WIDTH = 800;
/** The images drawn, by file name and width in pixels: 1x and 2x of the wall's width on a desktop. */
export const DEMO_WALL_IMAGES = { 'demo-wall-800.webp': 800, 'demo-wall-1600.webp': 1600 } as const;

/** Draws each of DEMO_WALL_IMAGES from `svg` into `dir`, the SVG rasterised at that width. */
export async function drawDemoWall(svg: string, dir: string): Promise<string[]> {
  return Promise.all(
    Object.entries(DEMO_WALL_IMAGES).map(async ([name, width]) => {
      const file = path.join(dir, name);
      await sharp(svg, { density: (72 * width) / WIDTH })
        .resize(width)
        .webp({ quality: 80, effort: 6 })
        .toFile(file);
      return file;
    }),
  );
}

export function demoWall(): AstroIntegration {
  return {
    name: 'ratio:demo-wall',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const source = fileURLToPath(new URL('./demo-wall.svg', import.meta.url));
        const files = await drawDemoWall(source, fileURLToPath(dir));
        logger.info(`drew ${files.map((f) => path.basename(f)).join(', ')} from site/build/demo-wall.svg`);
      },
    },
  };
}
