/**
 * Not a test: a 1,000-card wall (docs/choices.md 34) on the built app, at its top and scrolled to slot 900,
 * in both themes at 1280 and 390 px, with REGISTRY MODE on (placards under the cards).
 *   npm run build && npx node tests/e2e/wall-shots.script.ts   -> docs/screenshots/wall-*.png
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { lockUser } from '../../api/services/accounts/lock-user.ts';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { SAMPLE_CARDS, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

const OUT = process.env.OUT ?? 'docs/screenshots';
const SHOTS = [
  ['dark', 1280, 900],
  ['light', 1280, 1],
  ['dark', 390, 1],
  ['light', 390, 900],
] as const;

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const owner = await e2e.newPage();
  const user = await signUp(owner.context, 'wall@example.com', 'Avery', 'Stone');
  await startTrial(owner.context);
  for (let i = 0; i < SAMPLE_CARDS.length; i++) {
    await seedCard(
      owner.context,
      i + 1,
      SAMPLE_CARDS[i]!,
      await slabJpeg(SAMPLE_CARDS[i]!.title, (i * 47) % 360, SAMPLE_CARDS[i]!.description?.replace(/^\S+ /, '') ?? 'MINT 9'),
    );
  }
  const seeded = (await (await owner.context.request.get('/api/cards')).json()) as Array<{ thumbUrl: string; title: string; value: string | null }>;
  // Slots 9..1,000 reuse the eight photos (the API would take minutes for 1,000 uploads; the page cannot tell).
  await e2e.server.deps.db.transaction(async (trx) => {
    await lockUser(trx, user.id);
    const rows = Array.from({ length: 1000 - seeded.length }, (_, k) => {
      const n = k + seeded.length + 1;
      const card = seeded[n % seeded.length]!;
      const cents = ((n * 37) % 5000) * 100 + 5000;
      return {
        user_id: user.id,
        slot_number: n,
        image_id: card.thumbUrl.split('/')[3],
        title: card.title,
        description: '',
        value: `$${cents / 100}`,
        value_cents: cents,
      };
    });
    for (let i = 0; i < rows.length; i += 200) await trx('card_slots').insert(rows.slice(i, i + 200));
  });
  const storage = await owner.context.storageState();
  await owner.context.close();

  for (const [theme, width, at] of SHOTS) {
    const phone = width < 800;
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: phone ? 844 : 900 }, storageState: storage });
    await context.addInitScript((t) => {
      localStorage.setItem('ratio-theme', t);
      localStorage.setItem('ratio-gallery-settings', JSON.stringify({ layout: 'custom', customCount: 1000, fullGallery: false, registryMode: true }));
    }, theme);
    const page = await context.newPage();
    await page.goto('/gallery');
    await hydrated(page);
    await page.getByTestId('slot-grid').and(page.locator(':not([aria-busy])')).waitFor();
    if (at > 1) {
      for (let i = 0; i < 600 && !(await page.locator(`li[data-slot="${at}"]`).count()); i++) {
        await page.evaluate(
          () =>
            new Promise((done) => {
              window.scrollBy({ top: innerHeight, behavior: 'instant' });
              requestAnimationFrame(() => requestAnimationFrame(done));
            }),
        );
      }
      await page.locator(`li[data-slot="${at}"]`).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    }
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.g-grid img')]
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight;
        })
        .every((img) => img.complete),
    );
    await page.waitForTimeout(300);
    const file = `${OUT}/wall-${at > 1 ? `slot${at}` : 'top'}-${theme}-${width}.png`;
    await fs.writeFile(
      file,
      await sharp(await page.screenshot())
        .png({ palette: true, quality: 90, compressionLevel: 9 })
        .toBuffer(),
    );
    await context.close();
  }
  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
