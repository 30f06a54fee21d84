import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';

/**
 * docs/choices.md 30: on a touch screen (no hover) the edit and delete controls of /collection do not
 * sit over every photo; a corner button reveals them, and they work from there.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('/collection on a touch screen', () => {
  it('keeps the photo clear until the corner button is tapped, then edits from the revealed controls', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#7a1f1f' } })
      .jpeg()
      .toBuffer();
    const card = {
      id: 'touch-1',
      image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      player: 'Shohei Ohtani',
      year: '2018',
      brand: 'Topps',
      condition: 'PSA 10',
      userValue: '$900',
      userNotes: '',
      addedAt: '2026-11-20T10:00:00.000Z',
    };
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      await context.addInitScript((c) => {
        if (!localStorage.getItem('anonymous-collection')) localStorage.setItem('anonymous-collection', JSON.stringify([c]));
      }, card);
      const page = await context.newPage();
      await page.goto('/collection');
      await hydrated(page);
      expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);

      const slot = page.getByTestId('filled-slot').first();
      const edit = slot.getByRole('button', { name: 'Edit Shohei Ohtani (2018)' });
      await slot.locator('img').waitFor();
      expect(await edit.isVisible()).toBe(false);

      const reveal = slot.getByRole('button', { name: 'Actions for Shohei Ohtani (2018)' });
      await reveal.tap();
      expect(await reveal.getAttribute('aria-expanded')).toBe('true');
      await edit.waitFor({ state: 'visible' });
      await edit.tap();
      await page.getByRole('dialog').getByRole('heading', { name: 'Edit Card Details' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
