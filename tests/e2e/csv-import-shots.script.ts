/**
 * Not a test: screenshots of the import dialog's states (docs/choices.md 40) and the export menu, dark and
 * light, at 1280 and 390: the mapping step, a preview with the tier limit and unreadable rows, a
 * file already on the wall.
 *   npm run build && npx node tests/e2e/csv-import-shots.script.ts    -> /tmp/csvshots
 *   DOCS=1 npx node tests/e2e/csv-import-shots.script.ts              -> docs/screenshots/csv-import-*.png (dark 1280, light 390)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { seedCard, signUp, slabJpeg } from './gallery-seed.ts';
import { writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/csvshots');
const VARIANTS = (['dark', 'light'] as const)
  .flatMap((theme) => [1280, 390].map((width) => ({ theme, width })))
  .filter(({ theme, width }) => !DOCS || (theme === 'dark') === (width === 1280));
const fixture = (name: string) => fs.readFile(path.resolve(import.meta.dirname, '../fixtures/exports', name));

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  const png = await page.screenshot();
  await writeShot(`${OUT}/${DOCS ? 'csv-import-' : ''}${name}.png`, png, DOCS);
}

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const owner = await e2e.newPage();
  await signUp(owner.context, 'importer@example.com', 'Jordan', 'Reyes');
  await seedCard(
    owner.context,
    1,
    { title: '2018 Prizm Luka Doncic #280', description: 'PSA 10 GEM MT', value: '$1,250' },
    await slabJpeg('2018 Prizm Luka Doncic #280', 20),
  );
  const storage = await owner.context.storageState();
  await owner.context.close();
  const other = await fixture('other-app.csv');
  const collx = await fixture('collx.csv');
  const big = Buffer.from(
    [
      'category,number,name,team,year,brand,set,flags,front_image,back_image',
      ...Array.from({ length: 2984 }, (_, i) => `Basketball,${i + 1},Player ${i + 1},,2020,Panini,Prizm,,,`),
      '2019,,,,18,,,,,',
    ].join('\n'),
  );

  for (const { theme, width } of VARIANTS) {
    const tag = `${theme}-${width}`;
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: width > 800 ? 900 : 844 }, storageState: storage });
    await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
    const page = await context.newPage();
    await page.goto('/gallery');
    await hydrated(page);
    const open = async (name: string, buffer: Buffer) => {
      await page.getByTestId('csv-import').click();
      await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
    };
    await open('my-list.csv', other);
    await page.getByTestId('import-mapping').waitFor();
    await page.getByTestId('import-mapping').getByLabel('Year', { exact: true }).selectOption('Yr');
    await shot(page, `mapping-${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await open('collx-2984.csv', big);
    await page.getByTestId('import-limit').waitFor();
    await shot(page, `limit-${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await open('collx.csv', collx);
    await page.getByTestId('import-ready').waitFor();
    await shot(page, `preview-${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('csv-export-menu').locator('summary').click();
    await shot(page, `export-menu-${tag}`);
    await context.close();
  }
  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
