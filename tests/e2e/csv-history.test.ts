import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type TE2E } from '../helpers/e2e.ts';
import { openGallery, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

let e2e: TE2E;
let photo: Buffer;
let emails = 0;
const email = (who: string) => `${who}-${++emails}@example.com`;

beforeAll(async () => {
  e2e = await startE2E();
  photo = await slabJpeg('2018 Prizm Luka Doncic', 20);
});
afterAll(async () => {
  await e2e?.close();
});

const slot = (page: Page, n: number) => page.getByTestId('slot-grid').locator(`li[data-slot="${n}"]`);
const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page) => page.getByTestId('toast');

describe('value history', () => {
  it('the viewer charts a card value after edits, and the insights panel charts the total with a range picker', async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('history'));
    await startTrial(context);
    await seedCard(context, 1, { title: '2018 Prizm Luka Doncic #280', description: 'PSA 10 GEM MT', value: '$1,000' }, photo);
    await openGallery(page);

    for (const value of ['$1,400', '$1,250']) {
      await slot(page, 1).locator('button.g-face').click();
      await dialog(page).getByRole('button', { name: 'Edit' }).click();
      await dialog(page).getByLabel('Value', { exact: true }).fill(value);
      await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
      await toast(page).getByText('Card updated successfully!').waitFor();
      await dialog(page).waitFor({ state: 'hidden' });
    }

    await slot(page, 1).locator('button.g-face').click();
    const history = dialog(page).getByTestId('value-history');
    await history.getByTestId('value-history-count').getByText('3 recorded values').waitFor();
    expect(await history.getByTestId('value-history-change').innerText()).toMatch(/^\+\$250 since /);
    await history.locator('canvas').waitFor();
    expect(await dialog(page).locator('.g-viewer-figures').innerText()).toMatch(/Value\s+\$1,250\s+All-Time High\s+\$1,400/i);
    await page.keyboard.press('Escape');

    // Folded until asked for (docs/choices.md 47); the headline is the card's movement, its arrival told apart.
    await page.getByTestId('value-chart-toggle').click();
    const total = page.getByTestId('total-value-history');
    await total.locator('canvas').waitFor();
    expect(await total.getByTestId('value-change').innerText()).toMatch(/^\+\$250 in value over this range\s+1 card added \(\+\$1,000\)$/);
    await total.getByRole('button', { name: '30D' }).click();
    expect(await total.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('true');
    await total.locator('canvas').waitFor();
  });
});

describe('CSV', () => {
  it('exports from one account and imports into a new one: preview, then the same cards with photo placeholders', async () => {
    const owner = await e2e.newPage();
    await signUp(owner.context, email('exporter'));
    await seedCard(
      owner.context,
      1,
      { title: '2018 Prizm Luka Doncic #280', description: 'PSA 10 GEM MT • Cert #12345678', value: '$1,250', allTimeHigh: '$2,400' },
      photo,
    );
    await seedCard(owner.context, 3, { title: '=SUM(1,2) joker', description: 'Raw', value: 'trade only' }, photo);
    await openGallery(owner.page);
    await owner.page.getByTestId('csv-export-menu').locator('summary').click();
    const [download] = await Promise.all([owner.page.waitForEvent('download'), owner.page.getByTestId('csv-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^ratio-cards-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const csv = await fs.readFile(file, 'utf8');
    expect(csv).toContain("'=SUM(1,2) joker");

    const fresh = await e2e.newPage();
    await signUp(fresh.context, email('importer'));
    await openGallery(fresh.page);
    await fresh.page.getByTestId('csv-import').click();
    const importer = dialog(fresh.page);
    await importer.getByRole('heading', { name: 'Import cards' }).waitFor();
    await importer.getByTestId('import-file').setInputFiles({ name: 'ratio-cards.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.getByTestId('import-ready').waitFor();
    expect(await importer.getByTestId('import-summary').innerText()).toBe('ratio-cards.csv · Ratio export · 2 rows');
    const rows = await importer.getByTestId('import-preview').locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'CARD 01 2018 Prizm Luka Doncic #280 PSA 10 GEM MT • Cert #12345678 $1,250',
      'CARD 03 =SUM(1,2) joker Raw trade only',
    ]);
    await importer.getByTestId('import-confirm').click();
    await toast(fresh.page).getByText('2 cards were added to your gallery.').waitFor();
    await importer.waitFor({ state: 'hidden' });

    const cards = (await (await fresh.context.request.get('/api/cards')).json()) as Array<{
      slotNumber: number;
      title: string;
      value: string;
      allTimeHigh: string;
      imageUrl: string | null;
    }>;
    expect(cards.map((c) => [c.slotNumber, c.title, c.value, c.allTimeHigh, c.imageUrl])).toEqual([
      [1, '2018 Prizm Luka Doncic #280', '$1,250', '$2,400', null],
      [3, '=SUM(1,2) joker', 'trade only', null, null],
    ]);
    await slot(fresh.page, 1).getByTestId('no-photo').waitFor();
    await slot(fresh.page, 1).locator('button.g-face').click();
    await dialog(fresh.page).getByTestId('viewer').getByTestId('no-photo').waitFor();
  });

  it('shows per-row errors and the tier limit; imports nothing, or the good rows when asked', async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('errors'));
    await openGallery(page);
    await page.getByTestId('csv-import').click();
    const csv = 'Slot,Title,Value\n1,Fine,$5\n12,Too far,$5\n2,Bad value,lots\n';
    await dialog(page)
      .getByTestId('import-file')
      .setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const errors = dialog(page).getByTestId('import-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toMatch(
      /2 rows cannot be imported\. Import the 1 card of the good rows, or nothing[\s\S]*Line 3\s*Over your limit\s*Slot 12 is beyond your 10 slots[\s\S]*Line 4\s*Bad value\s*Value 'lots' is not an amount/i,
    );
    expect(await dialog(page).getByTestId('import-confirm').count()).toBe(0);
    const limit = dialog(page).getByTestId('import-limit');
    expect(await limit.innerText()).toContain(
      'Your gallery has room for 10 more cards: the 1 card of line 2 fits. The other card needs PRO, which holds 1,000 cards.',
    );
    await limit.getByRole('button', { name: 'Upgrade to PRO' }).waitFor(); // a free account: PRO holds more
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await (await context.request.get('/api/cards')).json()).toEqual([]);
    await page.getByTestId('csv-import').click();
    await dialog(page)
      .getByTestId('import-file')
      .setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog(page).getByTestId('import-good-rows').click();
    await toast(page).getByText('1 card was added to your gallery.').waitFor();
    expect(((await (await context.request.get('/api/cards')).json()) as Array<{ title: string }>).map((c) => c.title)).toEqual(['Fine']);
  });
});
