import type { BrowserContext, Page } from 'playwright-core';
import { hydrated } from '../helpers/e2e.ts';
import { signUp } from './gallery-seed.ts';

/** A test card's expiry two years ahead (MM/YY). */
export function futureExpiry(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String((d.getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** Fills the TEST MODE card fields on the current page. */
export async function fillTestCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
}

/**
 * A free user (signed up in `context`) goes from /pricing's trial step, through 'SKIP TRIAL,
 * SUBSCRIBE NOW' and 'Subscribe to PRO - $10/month', to /payment.
 */
export async function freeUserToPayment(context: BrowserContext, page: Page, email: string): Promise<void> {
  await signUp(context, email, 'Pat', 'Payer');
  await page.goto('/pricing');
  await hydrated(page);
  await page.getByRole('button', { name: 'SKIP TRIAL, SUBSCRIBE NOW' }).click();
  await page.getByRole('heading', { name: 'Upgrade to Ratio PRO' }).waitFor();
  await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
  await page.waitForURL(/\/payment\?/);
  await hydrated(page);
  await page.getByRole('heading', { name: 'Complete Your Upgrade' }).waitFor();
}

/** The signed-in user as GET /api/user answers it in the page. */
export function currentUser(page: Page): Promise<{ isPro: boolean; accountStatus: string; subscriptionStatus: string; isTrialActive: boolean }> {
  return page.evaluate(() => fetch('/api/user').then((r) => r.json()));
}
