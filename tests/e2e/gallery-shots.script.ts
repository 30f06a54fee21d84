/**
 * Not a test: seeds a free and a PRO (trial) wall on the built app and saves screenshots.
 *   npm run build && npx node tests/e2e/gallery-shots.script.ts           -> /tmp/gshots (all variants)
 *   DOCS=1 npx node tests/e2e/gallery-shots.script.ts                     -> docs/screenshots/gallery-*.png
 * STATES=1 adds the add-item dialog, viewer and swap selection (DOCS=1: always, in both themes at 1280 and 390).
 */
import fs from 'node:fs/promises';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { SAMPLE_CARDS, seedCard, signUp, startTrial } from './gallery-seed.ts';
import { galleryShotPage, sampleImages, writeShot } from './shots.ts';

type TWho = 'free' | 'pro';
type TTheme = 'dark' | 'light';
const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/gshots');
const SHOTS: Array<[TWho, TTheme, number]> = (['free', 'pro'] as const).flatMap((who) =>
  (['dark', 'light'] as const).flatMap((theme) => [1280, 390].map((w): [TWho, TTheme, number] => [who, theme, w])),
);
const STATES: Array<[TTheme, number]> = DOCS
  ? [
      ['dark', 1280],
      ['dark', 390],
      ['light', 1280],
      ['light', 390],
    ]
  : [
      ['dark', 1280],
      ['light', 390],
    ];
const shot = async (page: import('playwright-core').Page, name: string) => {
  const png = await page.screenshot();
  const file = `${OUT}/${DOCS ? 'gallery-' : ''}${name}.png`;
  await writeShot(file, png, DOCS);
};

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const images = await sampleImages();
  const free = await e2e.newPage();
  await signUp(free.context, 'free@example.com', 'Jordan', 'Reyes');
  for (let i = 0; i < 6; i++) await seedCard(free.context, i + 1, SAMPLE_CARDS[i]!, images[i]!);
  const pro = await e2e.newPage();
  await signUp(pro.context, 'pro@example.com', 'Avery', 'Stone');
  await startTrial(pro.context);
  const slots = [1, 2, 3, 4, 6, 7, 9, 12];
  for (let i = 0; i < slots.length; i++) await seedCard(pro.context, slots[i]!, SAMPLE_CARDS[i]!, images[i]!);
  const storage = { free: await free.context.storageState(), pro: await pro.context.storageState() };
  await free.context.close();
  await pro.context.close();

  for (const [who, theme, width] of SHOTS) {
    const phone = width < 800;
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: phone ? 1000 : 1120 }, storageState: storage[who] });
    await context.addInitScript(
      ([t, registry]) => {
        localStorage.setItem('ratio-theme', t);
        if (registry)
          localStorage.setItem('ratio-gallery-settings', JSON.stringify({ layout: '4x5', customCount: 30, fullGallery: false, registryMode: true }));
      },
      [theme, who === 'pro'] as const,
    );
    const page = await context.newPage();
    await page.goto('/gallery');
    await hydrated(page);
    await page.waitForSelector('[data-testid="filled-slot"] img');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.g-grid img')]
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .every((img) => img.complete),
    );
    await page.waitForTimeout(400);
    await shot(page, `${who}-${theme}-${width}`);
    await context.close();
  }

  if (DOCS || process.env.STATES === '1') {
    for (const [theme, width] of STATES) {
      const { context, page } = await galleryShotPage(e2e, { theme, width, storageState: storage.pro });
      const tag = `${theme}-${width}`;
      await page.locator('li[data-slot="5"] button').click();
      await page.waitForTimeout(300);
      await shot(page, `state-add-${tag}`);
      await page.keyboard.press('Escape');
      await page.locator('li[data-slot="2"] button.g-face').click();
      await page.waitForTimeout(600);
      await shot(page, `state-viewer-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /SWAP MODE/ }).click();
      await page.locator('li[data-slot="3"] button.g-face').click();
      await page.waitForTimeout(300);
      await shot(page, `state-swap-${tag}`);
      await context.close();
    }
  }
  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
