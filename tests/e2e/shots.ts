/**
 * What the screenshot scripts (`*-shots.script.ts`, not tests) share: the sample wall's photos, a
 * page on a seeded gallery at one theme and width, and writing a shot as taken or, for
 * docs/screenshots, palette-compressed.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, type TE2E } from '../helpers/e2e.ts';
import type { TStorageState } from '../helpers/screens.ts';
import { SAMPLE_CARDS, slabJpeg } from './gallery-seed.ts';

/** Writes `png` to `file`: as taken, or palette-compressed when it goes to the docs. */
export async function writeShot(file: string, png: Buffer, docs: boolean): Promise<void> {
  await fs.writeFile(file, docs ? await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer() : png);
}

/** A slab photo for each of SAMPLE_CARDS, in its order. */
export function sampleImages(): Promise<Buffer[]> {
  return Promise.all(SAMPLE_CARDS.map((c, i) => slabJpeg(c.title, (i * 47) % 360, c.description?.replace(/^\S+ /, '') ?? 'MINT 9')));
}

/** The gallery of `storageState`'s user in `theme` at `width` (844 px high on a phone, 900 else), once its photos show. */
export async function galleryShotPage(
  e2e: TE2E,
  options: { theme: 'dark' | 'light'; width: number; storageState: TStorageState },
): Promise<{ context: BrowserContext; page: Page }> {
  const { theme, width, storageState } = options;
  const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: width < 800 ? 844 : 900 }, storageState });
  await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
  const page = await context.newPage();
  await page.goto('/gallery');
  await hydrated(page);
  await page.waitForSelector('[data-testid="filled-slot"] img');
  return { context, page };
}
