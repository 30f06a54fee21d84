/**
 * Market values in Chromium, the operator's and the collector's lists (docs/choices.md 45): admin's Market
 * Prices section (the provider, per source the cards matched, stale and failing, what to run) and the
 * Price Alerts section of /account (each alert with its card and rule, deleted with one button), at
 * 1280 and 390 wide, with axe-core in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TAdminPricesAnswer, TAlertView } from '../../core/contracts/prices.types.ts';
import { DAY_MS } from '../../core/limits.ts';
import { CardMarket } from '../../db/models/CardMarket.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User } from '../../db/models/User.ts';
import { axeViolations } from '../helpers/axe.ts';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { createAccount } from '../helpers/factories.ts';
import { signInAs } from './admin-seed.ts';

let e2e: TE2E;
let collector: User;
let admin: User;
beforeAll(async () => {
  e2e = await startE2E();
  const { db, clock } = e2e.server.deps;
  collector = await createAccount(db, 'pro', { email: 'alerts-e2e@example.com' });
  const day = (daysAgo: number) => new Date(clock().getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  const priced = { source: 'SportsCardsPro', isMarket: true, label: 'PSA 10', match: 'auto' as const };
  const cards = await CardSlot.query(db).insert([
    { userId: collector.id, slotNumber: 1, title: '2011 Topps Update Mike Trout #US175', description: 'PSA 10', marketCents: 450000 },
    { userId: collector.id, slotNumber: 2, title: '2018 Panini Prizm Luka Doncic #280', description: 'PSA 9', marketCents: 90000 },
    { userId: collector.id, slotNumber: 3, title: '1986 Fleer Michael Jordan #57', description: 'PSA 8', marketCents: 350000 },
    { userId: collector.id, slotNumber: 4, title: 'A card nobody sells', description: '' },
  ]);
  const [trout, luka, jordan, nobody] = cards.map((c) => c.id);
  await CardMarket.query(db).insert([
    { cardId: trout!, ...priced, productId: '1', asOf: day(1) },
    { cardId: luka!, ...priced, productId: '2', asOf: day(12) },
    { cardId: jordan!, ...priced, productId: '3', asOf: day(9), error: 'SportsCardsPro answered 500' },
    { cardId: nobody!, match: 'none' },
  ]);
  admin = await createAccount(db, 'pro', { email: 'prices-admin@example.com' });
  await User.query(db).patch({ isAdmin: true }).where('id', admin.id);
});
afterAll(async () => {
  await e2e?.close();
});

/** A page of its own (axe-core is injected: the context bypasses the CSP), in a theme, at a width. */
async function newPage(options: { theme?: 'dark' | 'light'; width?: number } = {}) {
  const width = options.width ?? 1280;
  const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: width < 800 ? 844 : 900 }, bypassCSP: true });
  if (options.theme) await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), options.theme);
  return { context, page: await context.newPage() };
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("admin's Market Prices", () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`shows the provider and, per source, the cards matched, stale and failing as the API counts them; axe finds nothing (${theme})`, async () => {
      const { context, page } = await newPage({ theme });
      await signInAs(e2e.server, context, e2e.url, admin);
      await page.goto('/admin');
      await hydrated(page);
      const section = page.getByTestId('admin-prices');
      await section.getByRole('heading', { name: 'Market Prices' }).waitFor();
      await section.locator('table').waitFor();
      const api = (await (await context.request.get('/api/admin/prices')).json()) as TAdminPricesAnswer;
      expect(api.sources).toEqual([{ source: 'SportsCardsPro', matched: 3, stale: 2, failing: 1 }]);
      // The test server prices from the embedded sample list: said to be no market data.
      await expect(section.getByTestId('admin-prices-provider').innerText()).resolves.toMatch(
        new RegExp(`^Provider:\\s*${api.provider}\\s*Not market data$`, 'i'),
      );
      const cells = await section.locator('tbody tr').first().locator('th, td').allInnerTexts();
      expect(cells).toEqual(['SportsCardsPro', '3', '2', '1']);
      await expect(section.getByTestId('admin-prices-unmatched').innerText()).resolves.toBe('1');
      await expect(section.getByTestId('admin-prices-failing').innerText()).resolves.toBe('1');
      await expect(section.getByText('ratio prices refresh').isVisible()).resolves.toBe(true);
      await section.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('fits 390 wide without a side scroll', async () => {
    const { context, page } = await newPage({ width: 390 });
    await signInAs(e2e.server, context, e2e.url, admin);
    await page.goto('/admin');
    await hydrated(page);
    await page.getByTestId('admin-prices').locator('table').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    // Every column shows, none scrolled out of its card.
    expect(await page.locator('.admin-table-wrap').evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth)).toBe(true);
    await expect(page.getByRole('columnheader', { name: 'Failing' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

describe('Price Alerts on /account', () => {
  for (const width of [1280, 390]) {
    it(`lists each alert with its card and rule, and deletes one for good (${width} wide)`, async () => {
      const { context, page } = await newPage({ width });
      await signInAs(e2e.server, context, e2e.url, collector);
      for (const data of [
        { kind: 'above', slotNumber: 1, thresholdCents: 500000 },
        { kind: 'move', slotNumber: 2, percent: 15, days: 30, digest: true },
      ]) {
        expect((await context.request.post('/api/price-alerts', { data })).status()).toBe(201);
      }
      await page.goto('/account');
      await hydrated(page);
      const section = page.getByTestId('price-alerts');
      await section.getByTestId('price-alert').first().waitFor();
      const items = section.getByTestId('price-alert');
      await expect(items.count()).resolves.toBe(2);
      await expect(items.nth(0).innerText()).resolves.toMatch(/Mike Trout[\s\S]*Above \$5,000[\s\S]*Mailed when it fires, at most once a day/);
      await expect(items.nth(1).innerText()).resolves.toMatch(/Luka Doncic[\s\S]*Moves more than 15% in 30 days[\s\S]*In the weekly digest/);
      expect(await noSideScroll(page)).toBe(true);

      // Delete by keyboard: focus the first alert's button and press Enter.
      const remove = page.getByRole('button', { name: 'Delete the alert on 2011 Topps Update Mike Trout #US175: Above $5,000' });
      await remove.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('toast').getByText('Price alert deleted').waitFor();
      await expect.poll(() => items.count()).toBe(1);
      const left = (await (await context.request.get('/api/price-alerts')).json()) as TAlertView[];
      expect(left.map((a) => [a.slotNumber, a.kind])).toEqual([[2, 'move']]);
      await page.reload();
      await hydrated(page);
      await section.getByTestId('price-alert').first().waitFor();
      await expect(section.getByTestId('price-alert').count()).resolves.toBe(1);

      // The last one goes too: the section says how to set one.
      await section.getByRole('button', { name: /^Delete the alert on 2018 Panini Prizm Luka Doncic/ }).click();
      await section.getByTestId('price-alerts-empty').waitFor();
      expect(await (await context.request.get('/api/price-alerts')).json()).toEqual([]);
      await context.close();
    });
  }

  for (const theme of ['dark', 'light'] as const) {
    it(`axe finds nothing on /account with alerts listed (${theme})`, async () => {
      const { context, page } = await newPage({ theme });
      await signInAs(e2e.server, context, e2e.url, collector);
      await context.request.post('/api/price-alerts', { data: { kind: 'below', slotNumber: 3, thresholdCents: 300000 } });
      await page.goto('/account');
      await hydrated(page);
      await page.getByTestId('price-alert').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('a free account without alerts sees no Price Alerts section', async () => {
    const free = await createAccount(e2e.server.deps.db, 'free');
    const { context, page } = await newPage();
    await signInAs(e2e.server, context, e2e.url, free);
    await page.goto('/account');
    await hydrated(page);
    await page.getByRole('heading', { name: 'ACCOUNT SETTINGS' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Price Alerts' }).count()).resolves.toBe(0);
    await context.close();
  });
});
