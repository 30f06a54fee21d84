import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { OHTANI_LABEL, renderLabel } from '../analysis/fixtures/make-label.ts';
import { READ_MS } from '../helpers/bounds.ts';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { openGallery, signUp } from './gallery-seed.ts';

/**
 * The cert from a PSA label's barcode (docs/choices.md 50), read offline on a phone: a generated
 * label photo whose printed cert digits are smudged past reading, with the barcode PSA prints under
 * the left column carrying the cert. In the gallery's Add Item and on /start-collection the cert
 * field is filled from the barcode and says so; the card keeps the cert.
 */
const NOTE = "Read from the label's barcode.";
let e2e: TE2E;
let photo: Buffer;

beforeAll(async () => {
  e2e = await startE2E();
  photo = await renderLabel({ ...OHTANI_LABEL, barcode: true, smudgedCert: true });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const phone = (): Promise<BrowserContext> =>
  e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * Taps `button` until the analysis answers other than 'Analysis Service Busy' (the reader's queue or
 * time limit on a loaded machine, the server's honest answer), up to three times; the toast it said.
 */
async function analyze(page: Page, button: Locator): Promise<string> {
  let said = '';
  for (let attempt = 0; attempt < 3 && !/Analysis Complete/.test(said); attempt++) {
    if (attempt) {
      await page.getByRole('button', { name: 'Dismiss notification' }).tap();
      await page.getByTestId('toast').waitFor({ state: 'detached' });
    }
    await button.tap();
    await page.getByTestId('toast').first().waitFor({ timeout: READ_MS });
    said = await page.getByTestId('toast').first().innerText();
    if (!/Analysis Service Busy/.test(said)) break;
  }
  return said;
}

/** The note the field's input is described by, or '' without one. */
async function noteOf(scope: Page | Locator, input: Locator): Promise<string> {
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => scope.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(' ');
}

describe("the cert from the label's barcode, on a phone", () => {
  it(
    "fills the gallery card's cert from the barcode, says so until the cert is edited, and keeps it",
    async () => {
      const context = await phone();
      try {
        await signUp(context, 'barcode-gallery@example.com');
        const page = await context.newPage();
        await openGallery(page);
        await page.getByTestId('slot-grid').locator('li[data-slot="1"]').getByRole('button').tap();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('add-photo-input').setInputFiles({ name: 'ohtani.jpg', mimeType: 'image/jpeg', buffer: photo });
        expect(await analyze(page, dialog.getByRole('button', { name: 'Analyze Card' }))).toMatch(/Analysis Complete/);
        const cert = dialog.getByLabel('Cert Number', { exact: true });
        expect(await cert.inputValue()).toBe('12345678');
        expect(await noteOf(dialog, cert)).toBe(NOTE);
        expect(await dialog.getByLabel('Grade', { exact: true }).inputValue()).toBe('10');

        // Edited, the cert is the collector's: the note goes; put back, it is saved with the card.
        await cert.fill('12345679');
        expect(await dialog.getByText(NOTE).count()).toBe(0);
        await cert.fill('12345678');
        await dialog.getByRole('button', { name: 'Add to Gallery' }).tap();
        await page.getByTestId('toast').getByText('Card uploaded successfully!').waitFor();
        const cards = (await (await context.request.get('/api/cards')).json()) as Array<{ slotNumber: number; certNumber: string | null }>;
        expect(cards.find((c) => c.slotNumber === 1)?.certNumber).toBe('12345678');
      } finally {
        await context.close();
      }
    },
    3 * READ_MS + 120_000,
  );

  it(
    "fills a visitor's cert on /start-collection from the barcode and says so",
    async () => {
      const context = await phone();
      try {
        const page = await context.newPage();
        await page.goto('/start-collection');
        await hydrated(page);
        await page.getByTestId('photo-input').setInputFiles({ name: 'ohtani.jpg', mimeType: 'image/jpeg', buffer: photo });
        await page.getByTestId('photo-preview').waitFor();
        expect(await analyze(page, page.getByRole('button', { name: 'Analyze', exact: true }))).toMatch(/Analysis Complete/);
        const cert = page.getByLabel('Cert Number', { exact: true });
        expect(await cert.inputValue()).toBe('12345678');
        expect(await noteOf(page, cert)).toBe(NOTE);
        expect(await page.getByLabel('Player Name', { exact: true }).inputValue()).toBe('Shohei Ohtani');
      } finally {
        await context.close();
      }
    },
    3 * READ_MS + 120_000,
  );
});
