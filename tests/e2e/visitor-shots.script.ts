/**
 * Not a test: screenshots of the visitor's pages (landing, /start-collection, /collection with two
 * cards, on a touch phone with one card's controls revealed) in both themes at 1280 and 390 px.
 *   npm run build && npx node tests/e2e/visitor-shots.script.ts   -> /tmp/vshots
 *   DOCS=1 npx node tests/e2e/visitor-shots.script.ts             -> docs/screenshots/visitor-*.png
 */
import fs from 'node:fs/promises';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { SAMPLE_CARDS, slabJpeg } from './gallery-seed.ts';

const OUT = process.env.DOCS === '1' ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/vshots');
await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const cards = await Promise.all(
    SAMPLE_CARDS.slice(0, 2).map(async (c, i) => ({
      id: `shot-${i}`,
      image: `data:image/jpeg;base64,${(await slabJpeg(c.title, i * 90, 'GEM MT 10')).toString('base64')}`,
      player: c.title.replace(/^\d{4} \S+ /, ''),
      year: c.title.slice(0, 4),
      brand: c.title.split(' ')[1] ?? '',
      condition: 'PSA 10',
      userValue: c.value ?? '',
      userNotes: '',
      addedAt: '2026-11-20T10:00:00.000Z',
    })),
  );
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      const touch = width < 500;
      const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: touch ? 844 : 900 }, hasTouch: touch, isMobile: touch });
      await context.addInitScript(
        ([t, c]) => {
          localStorage.setItem('ratio-theme', t as string);
          localStorage.setItem('anonymous-collection', JSON.stringify(c));
        },
        [theme, cards] as const,
      );
      const page = await context.newPage();
      for (const [name, path] of [
        ['landing', '/'],
        ['start', '/start-collection'],
        ['collection', '/collection'],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        if (name === 'collection' && touch)
          await page
            .getByRole('button', { name: /Actions for/ })
            .first()
            .tap();
        await page.waitForTimeout(600);
        await page.screenshot({ path: `${OUT}/visitor-${name}-${theme}-${width}.png` });
      }
      await context.close();
    }
  }
  console.log(`saved to ${OUT}`);
} finally {
  await e2e.close();
}
