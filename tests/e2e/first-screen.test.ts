import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { fillSlotsInDb, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

/**
 * docs/choices.md 41: /gallery's first screen comes drawn in the HTML (the server renders the page's own
 * React tree in the user's layout, from the wall cookie), shows its photos with JavaScript off,
 * and React takes it over without moving anything.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** A trial (PRO features) user whose 300 slots all hold a card with a photo. */
async function bigWall(context: BrowserContext, email: string): Promise<void> {
  const { id } = await signUp(context, email);
  await startTrial(context);
  await seedCard(context, 1, { title: 'First Card', value: '$120' }, await slabJpeg('First Card', 30));
  const [card] = (await (await context.request.get('/api/cards?limit=1')).json()) as Array<{ thumbUrl: string }>;
  const imageId = card!.thumbUrl.split('/')[3]!;
  await e2e.server.deps.db('card_slots').where({ user_id: id }).delete();
  await fillSlotsInDb(e2e.server, id, 300, imageId);
}

/** The wall cookie as the site writes it (site/src/stores/wall-cookie.ts). */
const wallCookie = (look: object) => ({ name: 'ratio-wall', value: encodeURIComponent(JSON.stringify(look)), url: e2e.url });

/** Card photos inside the viewport, and whether each has loaded. */
const photosInView = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[src*="/api/images/"]')]
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight && r.width > 0;
      })
      .map((img) => ({ loaded: img.complete && img.naturalWidth > 0, top: img.getBoundingClientRect().top })),
  );

describe('/gallery first screen', () => {
  it('is in the HTML: with JavaScript disabled the first row of photos shows, in the saved layout, with the title', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    try {
      await bigWall(context, 'nojs@example.com');
      await context.addCookies([wallCookie({ layout: 'custom', customCount: 300, fullGallery: true, registryMode: true, title: 'Vault of Slabs' })]);
      // The answer itself: the first cards' photos are <img> elements, ahead of the page's first script file.
      const html = await (await context.request.get('/gallery')).text();
      const firstScript = html.search(/<script[^>]* src=/);
      const photoTags = [...html.matchAll(/<img [^>]*src="\/api\/images\/[^"]+"/g)];
      expect(firstScript).toBeGreaterThan(0);
      expect(photoTags.filter((m) => m.index < firstScript).length).toBeGreaterThanOrEqual(8);
      const page = await context.newPage();
      await page.goto('/gallery');
      await page.waitForLoadState('load');
      const photos = await photosInView(page);
      const firstRowTop = Math.min(...photos.map((p) => p.top));
      const firstRow = photos.filter((p) => p.top === firstRowTop);
      expect(firstRow.length).toBeGreaterThanOrEqual(4);
      expect(firstRow.every((p) => p.loaded)).toBe(true);
      // The layout and title of the cookie: registry placards under the cards, no summary panels.
      await expect.poll(() => page.locator('.g-placard').count()).toBeGreaterThan(20);
      expect(await page.locator('.g-panels').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Vault of Slabs');
      expect(await page.getByTestId('filled-slot').count()).toBe(28);
    } finally {
      await context.close();
    }
  });

  // On a phone the summary panels fold behind one button whose figures grow when the whole wall is in
  // ('$27,250 · 60 cards' becomes '$156,250 · 300 cards'): its height must not follow them.
  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('is taken over by React without a layout shift or a hydration error, then shows the whole wall ($width px)', async ({ width, height }) => {
    const { context, page } = await e2e.newPage({ width, height });
    try {
      await bigWall(context, `hydrate-${width}@example.com`);
      await context.addCookies([wallCookie({ layout: 'custom', customCount: 300, fullGallery: false, registryMode: false, title: 'My Collection' })]);
      await context.addInitScript(() => {
        localStorage.setItem('ratio-gallery-settings', JSON.stringify({ layout: 'custom', customCount: 300, fullGallery: false, registryMode: false }));
        (window as unknown as { __shifts: number[] }).__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) (window as unknown as { __shifts: number[] }).__shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The page's module scripts wait until the boxes of the server's first screen are noted.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/_astro\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      // Parsed (readyState 'interactive' comes before the held module scripts run).
      await page.goto('/gallery', { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      // Everything on the first screen, by what it is: header, title, toolbar, panels and each slot.
      const boxes = () =>
        page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll<HTMLElement>('header, h1, .g-toolbar, .g-panels-toggle, .g-panels, .g-grid > li')]
              .filter((el) => el.getBoundingClientRect().top < innerHeight)
              .map((el) => {
                const r = el.getBoundingClientRect();
                return [el.dataset.slot ?? el.className, [r.x, r.y, r.width, r.height].map(Math.round).join(',')];
              }),
          ),
        );
      const before = await boxes();
      expect(Object.keys(before).length).toBeGreaterThan(width < 800 ? 5 : 8);
      expect(await page.locator('#wall-root[data-live]').count()).toBe(0);
      release();
      await hydrated(page);
      expect(await boxes()).toEqual(before);
      await page.getByTestId('slot-grid').and(page.locator(':not([aria-busy])')).waitFor();
      expect(await boxes()).toEqual(before);
      expect(await page.locator('#wall-root').getAttribute('data-hydration-errors')).toBeNull();
      expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
      const shift = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
      expect(shift).toBeLessThan(0.01);
      // The rest of the wall arrived: the last slot is there once scrolled to.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator('li[data-slot="300"]').waitFor();
    } finally {
      await context.close();
    }
  });

  it("draws each request with its own user: concurrent requests of two users never show the other's wall", async () => {
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    try {
      await signUp(a.context, 'first-owner@example.com', 'Ada', 'First');
      await signUp(b.context, 'second-owner@example.com', 'Bo', 'Second');
      await seedCard(a.context, 1, { title: 'Ada Only Card' }, await slabJpeg('Ada Only Card', 200));
      await seedCard(b.context, 1, { title: 'Bo Only Card' }, await slabJpeg('Bo Only Card', 100));
      await a.context.addCookies([wallCookie({ title: 'Ada Vault' })]);
      const pages = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? b : a).context.request.get('/gallery').then((r) => r.text())));
      pages.forEach((html, i) => {
        const [mine, theirs] = i % 2 ? ['Bo Only Card', 'Ada Only Card'] : ['Ada Only Card', 'Bo Only Card'];
        expect(html).toContain(mine);
        expect(html).not.toContain(theirs);
        expect(html.includes('Ada Vault')).toBe(i % 2 === 0);
        expect(html.includes(i % 2 ? 'Bo Second' : 'Ada First')).toBe(true);
      });
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('keeps the cookie in step with the settings: a layout chosen is the layout the next page is drawn in', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await signUp(context, 'cookie@example.com');
      await startTrial(context);
      await page.goto('/gallery');
      await hydrated(page);
      await page.getByRole('button', { name: 'REGISTRY MODE' }).click();
      const cookie = (await context.cookies()).find((c) => c.name === 'ratio-wall');
      expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ registryMode: true, title: 'My Collection' });
      const html = await (await context.request.get('/gallery')).text();
      expect(html).toContain('g-placard');
    } finally {
      await context.close();
    }
  });
});
