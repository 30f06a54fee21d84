/**
 * Not a test: screenshots of the billing screens on the built app, in local billing (TEST MODE).
 *   npm run build && npx node tests/e2e/billing-shots.script.ts        -> /tmp/bshots
 *   DOCS=1 npx node tests/e2e/billing-shots.script.ts                  -> docs/screenshots/billing-*.png
 * /pricing (signup, trial, payment), /payment, /payment-success and /account, dark and light, 1280 and 390 px.
 */
import fs from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { signUp } from './gallery-seed.ts';
import { futureExpiry } from './billing-helpers.ts';
import { writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/bshots');

/** Starts a subscription for the context's user; the payment step's values. */
async function paymentStep(context: BrowserContext): Promise<{ clientSecret: string; subscriptionId: string }> {
  const res = await context.request.post('/api/create-subscription');
  if (!res.ok()) throw new Error(`create-subscription: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { clientSecret: string; subscriptionId: string };
}

type TShot = { name: string; who: 'visitor' | 'free' | 'pro'; open: (page: Page) => Promise<void> };

const SHOTS: TShot[] = [
  {
    name: 'pricing-signup',
    who: 'visitor',
    open: async (page) => {
      await page.goto('/pricing');
      await hydrated(page);
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
    },
  },
  {
    name: 'pricing-trial',
    who: 'free',
    open: async (page) => {
      await page.goto('/pricing');
      await hydrated(page);
      await page.getByRole('button', { name: 'Try PRO Free for 7 Days' }).waitFor();
    },
  },
  {
    name: 'pricing-payment',
    who: 'free',
    open: async (page) => {
      await page.goto('/pricing');
      await hydrated(page);
      await page.getByRole('button', { name: 'SKIP TRIAL, SUBSCRIBE NOW' }).click();
      await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-step=payment] button.btn-primary[disabled]'));
    },
  },
  {
    name: 'payment',
    who: 'free',
    open: async (page) => {
      const step = await paymentStep(page.context());
      await page.goto(`/payment?client_secret=${encodeURIComponent(step.clientSecret)}&subscription_id=${encodeURIComponent(step.subscriptionId)}`);
      await hydrated(page);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill(futureExpiry());
      await page.getByLabel('CVC').fill('123');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
    },
  },
  {
    name: 'payment-success',
    who: 'pro',
    open: async (page) => {
      await page.goto('/payment-success');
      await hydrated(page);
      await page.getByRole('heading', { name: 'Welcome to Ratio PRO!' }).waitFor();
    },
  },
  {
    name: 'account',
    who: 'pro',
    open: async (page) => {
      await page.goto('/account');
      await hydrated(page);
      await page.getByTestId('subscription').waitFor();
    },
  },
];

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const free = await e2e.newPage();
  await signUp(free.context, 'jordan@example.com', 'Jordan', 'Reyes');
  const pro = await e2e.newPage();
  await signUp(pro.context, 'avery@example.com', 'Avery', 'Stone');
  const step = await paymentStep(pro.context);
  const paid = await pro.context.request.post('/api/billing/test/pay', {
    data: { clientSecret: step.clientSecret, card: { number: '4242424242424242', expiry: futureExpiry(), cvc: '123' } },
  });
  if (!paid.ok()) throw new Error(`pay: ${paid.status()} ${await paid.text()}`);
  const storage = { visitor: undefined, free: await free.context.storageState(), pro: await pro.context.storageState() };
  await free.context.close();
  await pro.context.close();

  for (const shot of SHOTS) {
    for (const theme of ['dark', 'light'] as const) {
      for (const width of [1280, 390]) {
        const context = await e2e.browser.newContext({
          baseURL: e2e.url,
          viewport: { width, height: width > 800 ? 900 : 844 },
          storageState: storage[shot.who],
        });
        await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
        const page = await context.newPage();
        await shot.open(page);
        await page.waitForTimeout(300);
        const png = await page.screenshot({ fullPage: true });
        const file = `${OUT}/${DOCS ? 'billing-' : ''}${shot.name}-${theme}-${width}.png`;
        await writeShot(file, png, DOCS);
        await context.close();
      }
    }
  }
  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
