import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';

/**
 * The anonymous collection's browser storage in Chromium (docs/product.md §3, §8): a full storage makes the
 * site recompress the photo and retry, then give up with 'Storage Limit Reached'; corrupt storage
 * is reset with 'Collection Restored'; the cache version clears legacy keys; other tabs follow.
 */

let e2e: TE2E;
let photo: Buffer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  // A detailed, noisy photo: large as a JPEG, so recompression visibly shrinks it.
  const { data, info } = await sharp({ create: { width: 900, height: 1400, channels: 3, background: '#345' } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = (data[i]! + ((i * 2654435761) >>> 24)) & 0xff;
  photo = await sharp(data, { raw: info }).jpeg({ quality: 95 }).toBuffer();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await e2e?.close();
});

/** A fresh visitor; `setup` runs before any page script on every navigation. */
async function visitor(setup?: { content: string }): Promise<Page> {
  const { context, page } = await e2e.newPage();
  contexts.push(context);
  if (setup) await context.addInitScript(setup);
  return page;
}

/**
 * Makes localStorage.setItem('anonymous-collection', …) throw QuotaExceededError `times` times per
 * page (-1: always), recording the refused sizes in sessionStorage 'quota-hits'.
 */
function fullStorage(times: number): { content: string } {
  return {
    content: `(() => {
      let left = ${times};
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'anonymous-collection' && left !== 0) {
          left -= 1;
          // Kept in sessionStorage (not stubbed) so it survives the navigation after a save.
          const hits = JSON.parse(sessionStorage.getItem('quota-hits') || '[]');
          hits.push(String(value).length);
          sessionStorage.setItem('quota-hits', JSON.stringify(hits));
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return original.call(this, key, value);
      };
    })();`,
  };
}

/** Puts values into localStorage once, before the first page of the visit runs. */
function seed(values: Record<string, string>): { content: string } {
  return {
    content: `(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [k, v] of Object.entries(${JSON.stringify(values)})) localStorage.setItem(k, v);
    })();`,
  };
}

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor({ timeout: 15_000 });
  return toast.innerText();
}

async function addCard(page: Page, player: string): Promise<void> {
  await page.goto('/start-collection');
  await hydrated(page);
  await page.getByTestId('photo-input').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('photo-preview').waitFor();
  await page.getByLabel('Player Name', { exact: true }).fill(player);
  await page.getByRole('button', { name: 'Save to Collection' }).click();
}

function quotaHits(page: Page): Promise<number[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('quota-hits') ?? '[]'));
}

function stored(page: Page): Promise<{ id: string; image: string; player: string }[] | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('anonymous-collection') ?? 'null'));
}

describe('browser storage of the anonymous collection', () => {
  it('recompresses the photo and saves it when storage is full', async () => {
    const page = await visitor(fullStorage(1));
    await addCard(page, 'Squeezed In');
    await page.waitForURL('**/collection');
    await hydrated(page);
    expect(await toastText(page, 'Card Saved')).toContain('Squeezed In');
    const [card] = (await stored(page)) ?? [];
    const [refused] = await quotaHits(page);
    expect(card?.player).toBe('Squeezed In');
    expect(card?.image).toMatch(/^data:image\/jpeg;base64,/);
    // The refused write held the 800 px / 0.85 photo; the stored one is the smaller re-encode.
    expect(refused).toBeGreaterThan(0);
    expect(card!.image.length).toBeLessThan(refused! * 0.9);
    expect(await page.getByTestId('filled-slot').count()).toBe(1);
  });

  it('says "Storage Limit Reached" when nothing fits, and keeps the visitor on the form', async () => {
    const page = await visitor(fullStorage(-1));
    await addCard(page, 'Never Stored');
    expect(await toastText(page, 'Storage Limit Reached')).toContain('Browser storage is full. Upgrade to PRO for unlimited cloud storage.');
    // First try plus the three recompression steps (800/0.7, 600/0.4, 400/0.4), each smaller.
    const hits = await quotaHits(page);
    expect(hits).toHaveLength(4);
    expect([...hits].sort((a, b) => b - a)).toEqual(hits);
    expect(page.url()).toMatch(/\/start-collection$/);
    expect(await page.getByLabel('Player Name', { exact: true }).inputValue()).toBe('Never Stored');
    expect(await stored(page)).toBeNull();
  });

  it('resets corrupt storage with "Collection Restored" and starts clean', async () => {
    const page = await visitor(seed({ 'anonymous-collection': '{"id": "half-written' }));
    await page.goto('/collection');
    await hydrated(page);
    expect(await toastText(page, 'Collection Restored')).toContain('Your collection has been reset due to a storage issue.');
    expect(await page.getByTestId('figure-items').innerText()).toBe('0');
    expect(await page.getByTestId('figure-avg-value').innerText()).toBe('$0');
    expect(await page.getByTestId('empty-slot').count()).toBe(3);
    expect(await stored(page)).toBeNull();

    await addCard(page, 'Fresh Start');
    await page.waitForURL('**/collection');
    expect((await stored(page))?.map((c) => c.player)).toEqual(['Fresh Start']);
  });

  it('applies cache version 3.2: legacy ratio-* keys go, the cards, theme (now its cookie) and session id stay', async () => {
    const cards = JSON.stringify([
      { id: 'kept', image: '', player: 'Kept Card', year: '2001', brand: 'Topps', condition: 'PSA 9', userValue: '10', userNotes: '', addedAt: '' },
    ]);
    const page = await visitor(
      seed({
        'ratio-cache-version': '3.1',
        'ratio-old-gallery-cache': 'stale',
        'ratio-theme': 'light',
        'anonymous-collection': cards,
      }),
    );
    await page.goto('/collection');
    await hydrated(page);
    // The store runs its version check once the wall mounts; wait for its visible result.
    await page.locator('[data-testid=filled-slot] h3', { hasText: 'Kept Card' }).waitFor();
    const keys = await page.evaluate(() => ({
      version: localStorage.getItem('ratio-cache-version'),
      legacy: localStorage.getItem('ratio-old-gallery-cache'),
      // The theme an older Ratio kept in localStorage moved into the ratio-theme cookie.
      theme: /(?:^|; )ratio-theme=light(?:;|$)/.test(document.cookie) && document.documentElement.dataset.theme === 'light' ? 'light' : null,
      themeKey: localStorage.getItem('ratio-theme'),
      session: localStorage.getItem('ratio-session-id'),
    }));
    expect(keys).toMatchObject({ version: '3.2', legacy: null, theme: 'light', themeKey: null });
    expect(keys.session).toMatch(/^[0-9a-f]{32}$/);
    expect(await page.locator('[data-testid=filled-slot] h3').allInnerTexts()).toEqual(['Kept Card']);

    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => localStorage.getItem('ratio-session-id'))).toBe(keys.session);
  });

  it('keeps two tabs in step', async () => {
    const { context, page: wall } = await e2e.newPage();
    contexts.push(context);
    await wall.goto('/collection');
    await hydrated(wall);
    const other = await context.newPage();
    await addCard(other, 'From Another Tab');
    await other.waitForURL('**/collection');
    await wall.locator('[data-testid=filled-slot] h3', { hasText: 'From Another Tab' }).waitFor();
    expect(await wall.getByTestId('figure-slots').innerText()).toBe('1/3');

    await other.getByRole('button', { name: /^Delete From Another Tab/ }).click();
    await wall.getByTestId('empty-slot').nth(2).waitFor();
    expect(await wall.getByTestId('figure-slots').innerText()).toBe('0/3');
  });
});
