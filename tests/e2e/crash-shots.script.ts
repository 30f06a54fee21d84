/**
 * Not a test: screenshots of the crash screen (docs/product.md §2) on /gallery in both themes at 1280 and 390 px.
 *   npm run build && npx node tests/e2e/crash-shots.script.ts   -> /tmp/cshots
 *   DOCS=1 npx node tests/e2e/crash-shots.script.ts             -> docs/screenshots/crash-*.png
 */
import fs from 'node:fs/promises';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { breakCardsAnswer } from './crash-seed.ts';
import { signUp } from './gallery-seed.ts';

const OUT = process.env.DOCS === '1' ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/cshots');
await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  let n = 0;
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({ width, height: width < 500 ? 844 : 800, theme });
      await signUp(context, `crash-${(n += 1)}@example.com`);
      await breakCardsAnswer(page);
      await page.goto('/gallery');
      await hydrated(page);
      await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
      await page.screenshot({ path: `${OUT}/crash-${theme}-${width}.png` });
      await context.close();
    }
  }
  console.log(`saved to ${OUT}`);
} finally {
  await e2e.close();
}
