/**
 * Not a test: seeds a PRO (trial) wall, shares it, and saves screenshots of the shared page as a
 * signed-out visitor sees it, plus the share dialog and the preview image.
 *   npm run build && npx node tests/e2e/share-shots.script.ts        -> /tmp/share-shots
 *   DOCS=1 npx node tests/e2e/share-shots.script.ts                  -> docs/screenshots/share-*.png
 */
import fs from 'node:fs/promises';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { SAMPLE_CARDS, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';
import { writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/share-shots');
const save = async (file: string, png: Buffer) => writeShot(`${OUT}/${file}`, png, DOCS);

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const owner = await e2e.newPage();
  await signUp(owner.context, 'owner@example.com', 'Avery', 'Stone');
  await startTrial(owner.context);
  const slots = [1, 2, 3, 4, 6, 7, 9, 12];
  for (let i = 0; i < slots.length; i++) {
    const card = SAMPLE_CARDS[i]!;
    await seedCard(owner.context, slots[i]!, card, await slabJpeg(card.title, (i * 47) % 360, card.description?.replace(/^\S+ /, '') ?? 'MINT 9'));
  }
  const link = await owner.context.request.post('/api/share', { data: { showValues: true, title: "Avery's Vault", layout: '4x5' } });
  const { url } = (await link.json()) as { url: string };

  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({ width, height: width > 800 ? 1000 : 844, theme });
      await page.goto(url);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.sw-grid img')]
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
          .every((img) => img.complete),
      );
      await page.waitForTimeout(300);
      await save(`share-page-${theme}-${width}.png`, await page.screenshot());
      if (!DOCS || width === 1280) {
        await page.getByRole('button', { name: /^View 2003 Topps/ }).click();
        await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-viewer-image]')?.naturalWidth ?? 0) > 0);
        await page.waitForTimeout(400);
        await save(`share-viewer-${theme}-${width}.png`, await page.screenshot());
      }
      await context.close();
    }
  }

  const preview = await fetch(`${url.replace('/share/', '/api/share/')}/preview.png`);
  await save('share-preview.png', Buffer.from(await preview.arrayBuffer()));

  // The owner's dialog on /gallery (its New Link replaces the link above).
  for (const [theme, width] of [
    ['dark', 1280],
    ['light', 390],
  ] as const) {
    const context = await e2e.browser.newContext({
      baseURL: e2e.url,
      viewport: { width, height: width > 800 ? 900 : 844 },
      storageState: await owner.context.storageState(),
    });
    await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
    const page = await context.newPage();
    await page.goto('/gallery');
    await hydrated(page);
    if (!DOCS) await save(`share-toolbar-${theme}-${width}.png`, await page.screenshot());
    await page.getByTestId('share-button').click();
    await page.getByTestId('share-dialog').getByRole('button', { name: 'New Link' }).click();
    await page.getByTestId('share-url').waitFor();
    await page.waitForTimeout(300);
    await save(`share-dialog-${theme}-${width}.png`, await page.screenshot());
    await context.close();
  }

  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
