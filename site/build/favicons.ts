/**
 * Astro integration: after the build, draws the site's icon (site/public/favicon.svg, its one
 * source) as the PNGs the pages link: 32 px for the browser tab, 180 px for a phone's home screen.
 * A page's renderer decodes its favicon on the main thread, and an SVG one builds an SVG document
 * there (17-34 ms, just as /gallery's first screen is being drawn); a PNG decodes in well under a
 * millisecond (docs/choices.md 34).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { AstroIntegration } from 'astro';

/** The PNGs drawn from favicon.svg, by file name and size in pixels (Base.astro links them). */
export const FAVICONS = { 'favicon-32.png': 32, 'apple-touch-icon.png': 180 } as const;

/** Draws each of FAVICONS beside `svg`, sharp at its size (the SVG rasterised at that density). */
export async function drawFavicons(svg: string): Promise<string[]> {
  const dir = path.dirname(svg);
  const { width } = await sharp(svg).metadata();
  return Promise.all(
    Object.entries(FAVICONS).map(async ([name, size]) => {
      const file = path.join(dir, name);
      await sharp(svg, { density: Math.ceil((72 * size) / (width ?? size)) })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toFile(file);
      return file;
    }),
  );
}

export function favicons(): AstroIntegration {
  return {
    name: 'ratio:favicons',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = await drawFavicons(path.join(fileURLToPath(dir), 'favicon.svg'));
        logger.info(`drew ${files.map((f) => path.basename(f)).join(', ')} from favicon.svg`);
      },
    },
  };
}
