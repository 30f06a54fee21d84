/**
 * Not a test: seeds the demo accounts on the built app and saves the admin dashboard's screenshots.
 *   npm run build && node tests/e2e/admin-shots.script.ts   -> docs/screenshots/admin-*.png
 */
import fs from 'node:fs/promises';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { seedAdminData, signInAs } from './admin-seed.ts';

const OUT = process.env.OUT ?? 'docs/screenshots';
await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const { admin, member } = await seedAdminData(e2e.server, 400);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      const { context, page } = await e2e.newPage({ width, height: 900, theme });
      await signInAs(e2e.server, context, e2e.url, admin);
      await page.goto('/admin');
      await hydrated(page);
      await page.getByRole('button', { name: '90 days' }).click();
      await page.locator('.admin-chart-grid[data-range="90d"] canvas').nth(3).waitFor();
      // A viewport as tall as the page (a full-page capture would repeat the sticky header mid-page).
      await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${OUT}/admin-${theme}-${width}.png` });
      await context.close();
    }
  }
  const { context, page } = await e2e.newPage({ width: 390, height: 700, theme: 'dark' });
  await signInAs(e2e.server, context, e2e.url, member);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  await page.screenshot({ path: `${OUT}/admin-denied-dark-390.png` });
  await context.close();
} finally {
  await e2e.close();
}
console.log(`screenshots in ${OUT}`);
