/**
 * Not a test: screenshots of the screens docs/choices.md 47's last items changed, at 1280 and 390, both themes:
 * a trial user's /pricing payment step and /payment (first charge when the trial ends), /complete-setup
 * asking the name a test-mode checkout did not give, the share dialog's name option and the shared
 * page with the owner's first name, and /admin's legends and dates.
 *   npm run build && node tests/e2e/walk2-shots.script.ts   -> /tmp/walk2-shots (OUT=...)
 *   DOCS=1 node tests/e2e/walk2-shots.script.ts              -> docs/screenshots/walk-*.png (not /admin: admin-shots.script.ts)
 */
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { futureExpiry } from './billing-helpers.ts';
import { SAMPLE_CARDS, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';
import { seedAdminData, signInAs } from './admin-seed.ts';
import { writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/walk2-shots');
await fs.mkdir(OUT, { recursive: true });

/** Saves a screenshot as `name` (in docs/screenshots: prefixed 'walk-' and palette-compressed). */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const png = await page.screenshot({ fullPage });
  await writeShot(`${OUT}/${DOCS ? 'walk-' : ''}${name}.png`, png, DOCS);
}
const e2e = await startE2E();
let n = 0;
try {
  const owner = await e2e.newPage();
  await signUp(owner.context, 'owner@example.com', 'Avery', 'Stone');
  await startTrial(owner.context);
  for (let i = 0; i < 4; i++) {
    const card = SAMPLE_CARDS[i]!;
    await seedCard(owner.context, i + 1, card, await slabJpeg(card.title, (i * 47) % 360));
  }
  const link = await owner.context.request.post('/api/share', { data: { showValues: true, showOwnerName: true, title: 'The Vault', layout: '4x5' } });
  const { url } = (await link.json()) as { url: string };
  const { admin } = await seedAdminData(e2e.server, 60);

  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      const size = { width, height: width > 800 ? 900 : 844, theme };
      // A trial user's payment step and /payment.
      {
        const { context, page } = await e2e.newPage(size);
        await signUp(context, `trial-${++n}@example.com`, 'Uma', 'Upgrade');
        await startTrial(context);
        await page.goto('/pricing');
        await hydrated(page);
        await page.getByTestId('first-charge').waitFor();
        await shot(page, `pricing-trial-upgrade-${theme}-${width}`);
        await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
        await page.waitForURL(/\/payment\?/);
        await hydrated(page);
        await page.getByTestId('first-charge').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `payment-trial-upgrade-${theme}-${width}`, true);
        await context.close();
      }
      // /complete-setup after a test-mode checkout (no name given).
      {
        const { context, page } = await e2e.newPage(size);
        const res = await context.request.post('/api/create-subscription');
        const sessionId = new URL(((await res.json()) as { checkoutUrl: string }).checkoutUrl).searchParams.get('session_id')!;
        await context.request.post(`/api/billing/test/checkout/${sessionId}/pay`, {
          data: { email: `guest-${++n}@example.com`, card: { number: '4242424242424242', expiry: futureExpiry(), cvc: '123' } },
        });
        await page.goto(`/complete-setup?session_id=${sessionId}`);
        await hydrated(page);
        await page.getByLabel('First Name').waitFor();
        await shot(page, `complete-setup-${theme}-${width}`, true);
        await context.close();
      }
      // The shared page with the owner's first name, and the owner's dialog.
      {
        const { context, page } = await e2e.newPage(size);
        await page.goto(url);
        await page.waitForTimeout(600);
        await shot(page, `share-page-name-${theme}-${width}`);
        await context.close();
        const mine = await e2e.browser.newContext({
          baseURL: e2e.url,
          viewport: { width, height: size.height },
          storageState: await owner.context.storageState(),
        });
        await mine.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
        const gallery = await mine.newPage();
        await gallery.goto('/gallery');
        await hydrated(gallery);
        await gallery.getByTestId('share-button').click();
        await gallery.getByText('Show my first name').waitFor();
        await gallery.waitForTimeout(300);
        await shot(gallery, `share-dialog-name-${theme}-${width}`);
        await mine.close();
      }
      // /admin (docs/screenshots' are admin-shots.script.ts's).
      if (!DOCS) {
        const { context, page } = await e2e.newPage(size);
        await signInAs(e2e.server, context, e2e.url, admin);
        await page.goto('/admin');
        await hydrated(page);
        await page.locator('.admin-chart-grid canvas').nth(3).waitFor();
        await page.waitForTimeout(400);
        await shot(page, `admin-${theme}-${width}`, true);
        await context.close();
      }
    }
  }
} finally {
  await e2e.close();
}
