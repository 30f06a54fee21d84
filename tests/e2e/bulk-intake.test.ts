import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { REAL_SLABS_DIR, REAL_SLABS_PRESENT, loadRealSlabs } from '../analysis/fixtures/real-slabs.ts';
import { axeViolations } from '../helpers/axe.ts';
import { READ_MS, READ_TEST_MS } from '../helpers/bounds.ts';
import { startE2E, type TE2E } from '../helpers/e2e.ts';
import { JORDAN_1986, psaRecord, startPsaEmulator, type TPsaEmulator } from '../helpers/psa-emulator.ts';
import { openGallery, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

let e2e: TE2E;
let psa: TPsaEmulator;
beforeAll(async () => {
  psa = await startPsaEmulator(
    {
      '12345678': psaRecord('12345678'),
      '87654321': psaRecord('87654321', { ...JORDAN_1986, CardGrade: 'NM-MT 8', TotalPopulation: 12034 }),
      // A Pokémon label prints its 'ex' in lower case among capitals (docs/choices.md 47 item 12).
      '55554444': psaRecord('55554444', {
        Year: '2023',
        Brand: 'POKEMON SV 151',
        Subject: 'CHARIZARD ex',
        CardNumber: '199',
        Variety: '',
        CardGrade: 'GEM MT 10',
        Category: 'TCG CARDS',
        TotalPopulation: 812,
      }),
    },
    await slabJpeg('2018 Topps Chrome Shohei Ohtani', 200),
  );
  e2e = await startE2E({ env: { PSA_API_TOKEN: psa.token, PSA_API_BASE_URL: psa.baseUrl, PSA_API_CALLS_PER_MINUTE: '600' } });
});
afterAll(async () => {
  await e2e?.close();
  await psa?.close();
});

const dialog = (page: Page) => page.getByRole('dialog');
const cardsOf = async (page: Page) => (await (await page.context().request.get('/api/cards')).json()) as TSlotView[];

async function openBulk(page: Page, width: number): Promise<void> {
  await signUp(page.context(), `bulk-${width}-${Date.now()}@example.com`);
  await startTrial(page.context());
  await openGallery(page);
  await page.getByTestId('bulk-add').click();
  await dialog(page).getByRole('heading', { name: 'Add many cards at once' }).waitFor();
}

describe('Bulk add (docs/choices.md 42)', () => {
  for (const width of [1280, 390]) {
    it(`adds by cert number with PSA (emulator) at ${width} px: typed like a scanner, each cert followed, a cert on the wall flagged`, async () => {
      const { page } = await e2e.newPage({ width, height: width > 500 ? 800 : 844 });
      await openBulk(page, width);
      // The cert tab is first and its box has focus: a scanner gun types each cert and Enter.
      await page.keyboard.type('12345678\n87654321\n99999999\n');
      await page.keyboard.press('Control+Enter');
      const batch = dialog(page).getByTestId('bulk-cert-batch');
      await batch.getByText('Done: 2 added').waitFor();
      const items = (await batch.getByTestId('bulk-cert-item').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(items).toEqual([
        '#12345678 ADDED slot 1 · 2018 Topps Chrome Shohei Ohtani Refractor #193 · population 1,000 at this grade',
        '#87654321 ADDED slot 2 · 1986 Fleer Michael Jordan #57 · population 12,034 at this grade',
        '#99999999 NOT FOUND AT PSA PSA has no cert #99999999.',
      ]);
      // The wall shows them behind the dialog, with PSA's photo.
      const cards = await cardsOf(page);
      expect(cards.map((c) => [c.slotNumber, c.subject, c.grade, c.populationAtGrade, Boolean(c.thumbUrl)])).toEqual([
        [1, 'Shohei Ohtani', 10, 1000, true],
        [2, 'Michael Jordan', 8, 12034, true],
      ]);
      await dialog(page).getByTestId('bulk-certs').fill('12345678');
      await dialog(page).getByTestId('bulk-certs-add').click();
      await batch.getByText('Already on your wall', { exact: true }).waitFor();
      expect(await batch.getByTestId('bulk-cert-item').innerText()).toContain('cert #12345678 is the card in slot 1');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      // The wall behind the dialog followed without a reload.
      await expect.poll(() => page.getByTestId('filled-slot').count()).toBe(2);
    });

    if (width === 1280) {
      it("keeps a label's lowercase word: PSA's 'CHARIZARD ex' is added as 'Charizard ex'", async () => {
        const { page } = await e2e.newPage({ width, height: 800 });
        await openBulk(page, width);
        await page.keyboard.type('55554444\n');
        await page.keyboard.press('Control+Enter');
        const batch = dialog(page).getByTestId('bulk-cert-batch');
        await batch.getByText('Done: 1 added').waitFor();
        expect((await batch.getByTestId('bulk-cert-item').innerText()).replace(/\s+/g, ' ')).toMatch(/ADDED slot 1 · 2023 .*Charizard ex #199/);
        expect((await cardsOf(page)).map((c) => c.subject)).toEqual(['Charizard ex']);
        await page.context().close();
      });
    }

    it(
      `adds by photo at ${width} px: real slab photos read in the background, reviewed by keyboard (accept, fix, skip), duplicates flagged, accepted cards kept after a reload`,
      { timeout: READ_TEST_MS },
      async () => {
        if (!REAL_SLABS_PRESENT) {
          console.log(`skipped the photo intake at ${width} px: no real slab photos at ${REAL_SLABS_DIR}`);
          return;
        }
        const { page } = await e2e.newPage({ width, height: width > 500 ? 900 : 844 });
        await openBulk(page, width);
        await dialog(page).getByTestId('bulk-tab-certs').press('ArrowRight');
        await dialog(page).getByTestId('bulk-drop').waitFor();
        const slabs = loadRealSlabs()
          .filter((s) => s.file.startsWith('bp-'))
          .slice(0, 3);
        const files = slabs.map((s) => ({ name: s.file, mimeType: 'image/jpeg', buffer: fs.readFileSync(path.join(REAL_SLABS_DIR, s.file)) }));
        await dialog(page)
          .getByTestId('bulk-photos-input')
          .setInputFiles([...files, { ...files[0]!, name: 'copy.jpg' }]);
        const rows = dialog(page).getByTestId('bulk-photo');
        await dialog(page).getByTestId('bulk-photo-progress').getByText('4 of 4 read').waitFor({ timeout: READ_MS });
        // The same file twice is flagged and left out.
        await expect.poll(() => rows.nth(3).getByTestId('bulk-photo-flag').innerText()).toBe(`Duplicate: the same photo as ${slabs[0]!.file}.`);
        // What the reader read fills each photo's fields.
        expect(await rows.nth(0).getByLabel('Cert Number').inputValue()).toBe(slabs[0]!.cert);

        // Keyboard: A accepts the first (saved at once) and moves on; F goes into the second's fields, Enter accepts; S skips the third.
        await rows.nth(0).focus();
        await page.keyboard.press('a');
        await rows
          .nth(0)
          .getByText(/Saved to slot 1\./)
          .waitFor();
        await expect.poll(() => rows.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('f');
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/INPUT|SELECT/);
        await rows.nth(1).getByLabel('Player').fill('Fixed Name');
        await rows.nth(1).getByLabel('Player').press('Enter');
        await rows
          .nth(1)
          .getByText(/Saved to slot 2\./)
          .waitFor();
        await rows.nth(2).focus();
        await page.keyboard.press('s');
        expect(await rows.nth(2).getByTestId('bulk-photo-status').innerText()).toBe('SKIPPED');

        // A photo of a slab already on the wall (another file of the same slab) is flagged.
        const again = await sharp(files[0]!.buffer).rotate(0).jpeg({ quality: 80 }).toBuffer();
        await dialog(page)
          .getByTestId('bulk-photos-input')
          .setInputFiles([{ name: 'same-slab-again.jpg', mimeType: 'image/jpeg', buffer: again }]);
        await expect
          .poll(() => rows.nth(4).getByTestId('bulk-photo-flag').innerText(), { timeout: READ_MS })
          .toBe('Already on your wall: this cert is the card in slot 1.');

        // Closing the tab loses nothing accepted.
        const saved = await cardsOf(page);
        expect(saved.map((c) => [c.slotNumber, c.certNumber])).toEqual([
          [1, slabs[0]!.cert],
          [2, expect.any(String)],
        ]);
        expect(saved[1]!.subject).toBe('Fixed Name');
        await page.reload();
        await openGallery(page);
        expect((await cardsOf(page)).map((c) => c.slotNumber)).toEqual([1, 2]);
      },
    );
  }

  for (const theme of ['dark', 'light'] as const) {
    it(`axe-core finds nothing in the dialog's two tabs, a cert batch and a photo read, ${theme}`, { timeout: READ_TEST_MS }, async () => {
      const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
      await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
      const page = await context.newPage();
      await openBulk(page, 1000 + (theme === 'dark' ? 1 : 2));
      await page.keyboard.type('12345678\n99999999\n');
      await dialog(page).getByTestId('bulk-certs-add').click();
      await dialog(page)
        .getByText(/^Done:/)
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog(page).getByTestId('bulk-tab-photos').click();
      await dialog(page)
        .getByTestId('bulk-photos-input')
        .setInputFiles([{ name: 'slab.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('Axe card', 120) }]);
      await dialog(page).getByTestId('bulk-photo-progress').getByText('1 of 1 read').waitFor({ timeout: READ_MS });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
