/**
 * Not a test: screenshots of the Bulk add dialog (docs/choices.md 42), dark and light, at 1280 and 390:
 * a cert batch filled by PSA (emulator), the review grid of real slab photos (one saved, one being
 * fixed, a duplicate flagged), and the cert tab without PSA_API_TOKEN.
 *   npm run build && npx node tests/e2e/bulk-intake-shots.script.ts    -> /tmp/bulkshots
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REAL_SLABS_DIR, REAL_SLABS_PRESENT, loadRealSlabs } from '../analysis/fixtures/real-slabs.ts';
import { startE2E } from '../helpers/e2e.ts';
import { JORDAN_1986, psaRecord, startPsaEmulator } from '../helpers/psa-emulator.ts';
import { openGallery, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

const OUT = process.env.OUT ?? '/tmp/bulkshots';
const VARIANTS = (['dark', 'light'] as const).flatMap((theme) => [1280, 390].map((width) => ({ theme, width })));

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await fs.writeFile(`${OUT}/${name}.png`, await page.screenshot());
}

await fs.mkdir(OUT, { recursive: true });
const psa = await startPsaEmulator(
  {
    '12345678': psaRecord('12345678'),
    '87654321': psaRecord('87654321', { ...JORDAN_1986, CardGrade: 'NM-MT 8', TotalPopulation: 12034 }),
    '44556677': psaRecord('44556677', { Year: '2011', Brand: 'TOPPS UPDATE', Subject: 'MIKE TROUT', CardNumber: 'US175', Variety: '', TotalPopulation: 9120 }),
  },
  await slabJpeg('2018 Topps Chrome Shohei Ohtani', 200),
);
const withPsa = await startE2E({ env: { PSA_API_TOKEN: psa.token, PSA_API_BASE_URL: psa.baseUrl, PSA_API_CALLS_PER_MINUTE: '120' } });
const noPsa = await startE2E();
try {
  let n = 0;
  for (const { theme, width } of VARIANTS) {
    const tag = `${theme}-${width}`;
    const height = width > 500 ? 900 : 844;
    // By cert, with PSA: the batch part-way and done.
    {
      const { context, page } = await withPsa.newPage({ width, height, theme });
      await signUp(context, `shots-${++n}@example.com`, 'Jordan', 'Reyes');
      await startTrial(context);
      await openGallery(page);
      await page.getByTestId('bulk-add').click();
      await page.keyboard.type('12345678\n87654321\n44556677\n99999999\n1234\n12345678\n');
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('bulk-cert-batch').waitFor();
      await shot(page, `certs-progress-${tag}`);
      await page.getByText(/^Done:/).waitFor();
      await shot(page, `certs-done-${tag}`);
      // By photo: real slabs read, one saved, one being fixed, a duplicate.
      if (REAL_SLABS_PRESENT) {
        await page.getByTestId('bulk-tab-photos').click();
        const files = loadRealSlabs()
          .filter((s) => s.file.startsWith('wo-'))
          .slice(0, 3)
          .map((s) => s.file)
          .concat(
            loadRealSlabs()
              .filter((s) => s.file.startsWith('bp-'))
              .slice(0, 1)
              .map((s) => s.file),
          );
        const payload = await Promise.all(
          files.map(async (f) => ({ name: f, mimeType: 'image/jpeg', buffer: await fs.readFile(path.join(REAL_SLABS_DIR, f)) })),
        );
        await page.getByTestId('bulk-photos-input').setInputFiles([...payload, { ...payload[0]!, name: 'IMG_0412.jpg' }]);
        await page.waitForTimeout(1200);
        await shot(page, `photos-reading-${tag}`);
        await page
          .getByTestId('bulk-photo-progress')
          .getByText(`${payload.length + 1} of ${payload.length + 1} read`)
          .waitFor({ timeout: 120_000 });
        const rows = page.getByTestId('bulk-photo');
        await rows.nth(0).focus();
        await page.keyboard.press('a');
        await rows
          .nth(0)
          .getByText(/Saved to slot/)
          .waitFor();
        await page.keyboard.press('f');
        await shot(page, `photos-review-${tag}`);
      } else {
        console.log(`no real slab photos at ${REAL_SLABS_DIR}: photo shots skipped`);
      }
      await context.close();
    }
    // By cert, without PSA_API_TOKEN.
    {
      const { context, page } = await noPsa.newPage({ width, height, theme });
      await signUp(context, `shots-nopsa-${++n}@example.com`, 'Sam', 'Lee');
      await startTrial(context);
      await openGallery(page);
      await page.getByTestId('bulk-add').click();
      await page.getByTestId('psa-unavailable').waitFor();
      await page.keyboard.type('12345678\n87654321\n');
      await page.keyboard.press('Control+Enter');
      await page.getByText(/^Done:/).waitFor();
      await shot(page, `certs-no-psa-${tag}`);
      await context.close();
    }
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await withPsa.close();
  await noPsa.close();
  await psa.close();
}
