/**
 * Market values in Chromium (docs/choices.md 45): the viewer looks a card up and shows the price with its
 * source (the embedded sample list, labelled as not market data), the P&L panel follows the wall's
 * choice of value, and an alert set in the viewer is mailed to the outbox by the refresh's alert run.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CardMarket } from '../../db/models/CardMarket.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { sendPriceAlerts } from '../../api/services/prices/price-alerts.ts';
import { startE2E, type TE2E } from '../helpers/e2e.ts';
import { openGallery, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

let e2e: TE2E;
let photo: Buffer;
beforeAll(async () => {
  e2e = await startE2E();
  photo = await slabJpeg('2011 Topps Update Mike Trout', 200);
});
afterAll(async () => {
  await e2e?.close();
});

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page) => page.getByTestId('toast');

describe('market values', () => {
  it('looks a card up from the viewer, counts the market value in gain and loss, and mails a price alert to the outbox', async () => {
    const { context, page } = await e2e.newPage();
    const user = await signUp(context, 'market-e2e@example.com');
    await startTrial(context);
    await seedCard(context, 1, { title: '2011 Topps Update Mike Trout #US175', description: 'PSA 10 GEM MT', value: '$3,000' }, photo);
    await CardSlot.query(e2e.server.deps.db)
      .patch({ year: '2011', set: 'Topps Update', cardNumber: 'US175', subject: 'Mike Trout', grader: 'PSA', grade: 10, costCents: 250000 })
      .where({ userId: user.id, slotNumber: 1 });
    await openGallery(page);

    await page.getByTestId('slot-grid').locator('li[data-slot="1"] button.g-face').click();
    const market = dialog(page).getByTestId('market-value');
    // The viewer asks for the card's market value when it opens: none yet.
    await market.getByText('Not looked up yet.').waitFor();
    await market.getByRole('button', { name: 'Look up price' }).click();
    await toast(page).getByText('Market value updated').waitFor();
    await expect(market.getByTestId('market-cents').textContent()).resolves.toBe('$4,500');
    await expect(market.getByTestId('market-source').textContent()).resolves.toMatch(/^Ratio's sample price list · as of Nov 1, 2026$/);
    await expect(market.getByTestId('market-not-market').isVisible()).resolves.toBe(true);

    await market.getByRole('button', { name: 'Price alert' }).click();
    await market.getByLabel('Amount').fill('$4,000');
    await market.getByRole('button', { name: 'Set alert' }).click();
    await toast(page).getByText('Price alert set').waitFor();
    await dialog(page).getByRole('button', { name: 'Close viewer' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    // Gain & loss unfolds with the value chart (folded at first, so the wall starts above the fold).
    await expect(page.getByTestId('profit').count()).resolves.toBe(0);
    await page.getByTestId('value-chart-toggle').click();
    const profit = page.getByTestId('profit');
    await expect(profit.getByTestId('pl-unrealized').textContent()).resolves.toBe('+$500');
    await profit.getByRole('button', { name: 'Market values' }).click();
    await expect.poll(() => profit.getByTestId('pl-unrealized').textContent()).toBe('+$2,000');
    await expect.poll(() => page.getByTestId('insights-total').textContent()).toBe('$4,500');

    const before: string[] = await fs.readdir(e2e.outboxDir).catch(() => []);
    await sendPriceAlerts({ db: e2e.server.deps.db, mailer: e2e.server.deps.mailer, now: e2e.server.deps.clock(), publicUrl: e2e.url });
    const mails = (await fs.readdir(e2e.outboxDir)).filter((f) => !before.includes(f));
    expect(mails).toHaveLength(1);
    const eml = await fs.readFile(path.join(e2e.outboxDir, mails[0]!), 'utf8');
    expect(eml).toContain('Subject: Price alert: 2011 Topps Update Mike Trout #US175');
    expect(eml.replace(/=\r?\n/g, '')).toContain('list price $4,500 is above $4,000');

    // A fresh visit: the wall's answer carries the price only; the viewer fetches the rest when it opens.
    await page.reload();
    await openGallery(page);
    const wall = (await (await context.request.get('/api/cards')).json()) as Array<{ market?: object }>;
    expect(wall[0]!.market).toEqual({ cents: 450000 });
    await page.getByTestId('slot-grid').locator('li[data-slot="1"] button.g-face').click();
    const again = dialog(page).getByTestId('market-value');
    await expect(again.getByTestId('market-cents').textContent()).resolves.toBe('$4,500');
    await again.getByTestId('market-source').waitFor();
    await expect(again.getByTestId('market-source').textContent()).resolves.toMatch(/^Ratio's sample price list · as of Nov 1, 2026$/);
    await expect(again.getByTestId('market-not-market').isVisible()).resolves.toBe(true);
    await expect(again.getByRole('button', { name: 'Refresh price' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
  it('on a phone in the light theme: the market value with its source and stale badge, and gain and loss', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844, theme: 'light' });
    const user = await signUp(context, 'market-phone@example.com');
    await startTrial(context);
    await seedCard(context, 1, { title: '2000 Playoff Contenders Tom Brady #144', description: 'BGS 9 MINT', value: '$2,200' }, photo);
    const asOf = new Date(e2e.server.deps.clock().getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    const [card] = await CardSlot.query(e2e.server.deps.db)
      .patch({ grader: 'BGS', grade: 9, costCents: 120000, marketCents: 210000 })
      .where({ userId: user.id, slotNumber: 1 })
      .returning('id');
    await CardMarket.query(e2e.server.deps.db).insert({
      cardId: card!.id,
      label: 'Grade 9',
      source: 'SportsCardsPro',
      isMarket: true,
      asOf,
      productId: '2283154',
      productName: 'Football Cards 2000 Playoff Contenders Tom Brady #144',
      match: 'auto',
    });
    await openGallery(page);
    await page.getByTestId('slot-grid').locator('li[data-slot="1"] button.g-face').click();
    const market = dialog(page).getByTestId('market-value');
    await market.getByTestId('market-source').waitFor();
    await expect(market.getByTestId('market-cents').textContent()).resolves.toBe('$2,100');
    await expect(market.getByTestId('market-source').textContent()).resolves.toMatch(/^SportsCardsPro · as of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(market.getByTestId('market-stale').isVisible()).resolves.toBe(true);
    await expect(market.getByTestId('market-not-market').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await dialog(page).getByRole('button', { name: 'Close viewer' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    await page
      .locator('.g-panels-toggle')
      .click()
      .catch(() => undefined);
    await page.getByTestId('value-chart-toggle').click();
    const profit = page.getByTestId('profit');
    await expect(profit.getByTestId('pl-unrealized').textContent()).resolves.toBe('+$1,000');
    await profit.getByRole('button', { name: 'Market values' }).click();
    await expect.poll(() => profit.getByTestId('pl-unrealized').textContent()).toBe('+$900');
    await context.close();
  });
});
