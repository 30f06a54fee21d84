/**
 * Not a test: seeds a PRO (trial) wall priced from the embedded sample price list (and one card as
 * SportsCardsPro would price it, stale), sells a card, sets a price alert and sends it to the
 * outbox, then saves screenshots (both themes, 1280 and 390) of the viewer's market value, the
 * alert form, the P&L panel and the alert email.
 *   npm run build && npx node tests/e2e/market-shots.script.ts        -> /tmp/marketshots
 *   DOCS=1 npx node tests/e2e/market-shots.script.ts                  -> docs/screenshots/
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DAY_MS } from '../../core/limits.ts';
import { CardMarket } from '../../db/models/CardMarket.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User } from '../../db/models/User.ts';
import { sendPriceAlerts } from '../../api/services/prices/price-alerts.ts';
import { refreshPrices } from '../../api/services/prices/refresh-prices.ts';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { SAMPLE_CARDS, seedCard, signUp, startTrial } from './gallery-seed.ts';
import { galleryShotPage, sampleImages, writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/marketshots');
const FIELDS = [
  { year: '2018', set: 'Panini Prizm', cardNumber: '280', subject: 'Luka Doncic', grader: 'PSA', grade: 8.5, costCents: 30000 },
  { year: '2003', set: 'Topps Chrome', cardNumber: '111', subject: 'LeBron James', grader: 'PSA', grade: 9, costCents: 180000 },
  { year: '2011', set: 'Topps Update', cardNumber: 'US175', subject: 'Mike Trout', grader: 'PSA', grade: 10, costCents: 250000 },
  { year: '1986', set: 'Fleer', cardNumber: '57', subject: 'Michael Jordan', grader: 'PSA', grade: 8, costCents: 350000 },
  { year: '2000', set: 'Playoff Contenders', cardNumber: '144', subject: 'Tom Brady', grader: 'BGS', grade: 9, costCents: 120000 },
] as const;

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const images = await sampleImages();
  const pro = await e2e.newPage();
  const email = 'values@example.com';
  const user = await signUp(pro.context, email, 'Avery', 'Stone');
  await startTrial(pro.context);
  for (let i = 0; i < 6; i++) await seedCard(pro.context, i + 1, SAMPLE_CARDS[i]!, images[i]!);
  const { db, prices, clock, mailer } = e2e.server.deps;
  for (const [i, f] of FIELDS.entries())
    await CardSlot.query(db)
      .patch(f)
      .where({ userId: user.id, slotNumber: i + 1 });
  await refreshPrices({ db, prices, clock, email, staleAfterMs: 0 });
  // Slot 5 as SportsCardsPro priced it ten days ago: a market price, stale.
  const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS).toISOString().slice(0, 10);
  const slotId = async (slotNumber: number) => (await CardSlot.query(db).findOne({ userId: user.id, slotNumber }))!.id;
  await CardSlot.query(db).patch({ marketCents: 210000 }).where({ userId: user.id, slotNumber: 5 });
  await CardMarket.query(db)
    .patch({
      label: 'Grade 9',
      estimatedFrom: null,
      source: 'SportsCardsPro',
      isMarket: true,
      asOf: tenDaysAgo,
      productId: '2283154',
      productName: 'Football Cards 2000 Playoff Contenders Tom Brady #144',
      match: 'auto',
      error: null,
    })
    .where('cardId', await slotId(5));
  await pro.context.request.put('/api/cards/counts-value', { data: { countsValue: 'market' } });
  await pro.context.request.post('/api/cards/6/sell', { data: { soldCents: 52000, feesCents: 6500, soldOn: new Date().toISOString().slice(0, 10) } });
  await pro.context.request.post('/api/price-alerts', { data: { kind: 'above', slotNumber: 3, thresholdCents: 400000 } });
  await pro.context.request.post('/api/price-alerts', { data: { kind: 'move', slotNumber: 2, percent: 15, days: 30, digest: true } });
  // The collector is the operator too, for admin's Market Prices: one card failing, one nobody sells.
  await User.query(db).patch({ isAdmin: true }).where('id', user.id);
  await CardMarket.query(db)
    .patch({ error: 'SportsCardsPro answered 500' })
    .where('cardId', await slotId(5));
  await CardMarket.query(db)
    .patch({ match: 'none' })
    .where('cardId', await slotId(4));
  await sendPriceAlerts({ db, mailer, now: clock(), publicUrl: e2e.url });
  const storage = await pro.context.storageState();
  await pro.context.close();

  const shoot = async (page: import('playwright-core').Page, name: string) => writeShot(`${OUT}/${name}.png`, await page.screenshot(), DOCS);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      // The docs keep dark at 1280 and light at 390; /tmp gets every combination.
      if (DOCS && (theme === 'dark') !== (width === 1280)) continue;
      const phone = width < 800;
      const { context, page } = await galleryShotPage(e2e, { theme, width, storageState: storage });
      const tag = `${theme}-${width}`;
      if (phone)
        await page
          .locator('.g-panels-toggle')
          .click()
          .catch(() => undefined);
      if (!(await page.getByTestId('profit').count())) await page.getByTestId('value-chart-toggle').click();
      const profit = page.getByTestId('profit');
      await profit.getByTestId('pl-total').waitFor();
      await profit.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shoot(page, `market-profit-${tag}`);
      for (const slot of [1, 5]) {
        await page.locator(`li[data-slot="${slot}"] button.g-face`).click();
        const market = page.getByTestId('market-value');
        // The viewer asks for the source and as-of date the wall's answer leaves out.
        await market.getByTestId('market-source').waitFor();
        await market.scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await shoot(page, `market-viewer-${slot === 1 ? 'list' : 'stale'}-${tag}`);
        if (slot === 1) {
          await page.getByTestId('market-alert-open').click();
          await page.getByTestId('market-alert-form').scrollIntoViewIfNeeded();
          await page.waitForTimeout(200);
          await shoot(page, `market-alert-form-${tag}`);
        }
        await page.getByRole('dialog').getByRole('button', { name: 'Close viewer' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
      await page.goto('/account');
      await hydrated(page);
      await page.getByTestId('price-alert').first().waitFor();
      await page.getByTestId('price-alerts').scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await shoot(page, `market-alerts-account-${tag}`);
      await page.goto('/admin');
      await hydrated(page);
      await page.getByTestId('admin-prices').locator('table').waitFor();
      await page.getByTestId('admin-prices').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shoot(page, `market-admin-prices-${tag}`);
      await context.close();
    }
  }
  // The alert email as it sits in the outbox.
  const files = (await fs.readdir(e2e.outboxDir)).filter((f) => f.endsWith('.eml'));
  const eml = await fs.readFile(path.join(e2e.outboxDir, files.at(-1)!), 'utf8');
  const page = (await e2e.newPage({ width: 900, height: 600 })).page;
  await page.setContent(
    `<pre style="font: 14px/1.5 monospace; white-space: pre-wrap; padding: 16px">${eml.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</pre>`,
  );
  await shoot(page, 'market-alert-email');
  console.log('saved to', OUT, 'outbox:', files.length, 'mail(s)');
} finally {
  await e2e.close();
}
