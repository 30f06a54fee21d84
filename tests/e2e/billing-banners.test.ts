import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { accountFacts, createAccount, FACTORY_PASSWORD, type TAccountOptions, type TAccountPreset } from '../helpers/factories.ts';
import { User } from '../../db/models/User.ts';
import { seedCard, slabJpeg } from './gallery-seed.ts';

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** An account seeded in `preset` (the stored facts a real lifecycle leaves), signed in, on /gallery. */
async function galleryOf(preset: TAccountPreset, options: TAccountOptions = {}): Promise<{ page: Page; close: () => Promise<void> }> {
  const user = await createAccount(e2e.server.deps.db, preset, { now: e2e.server.deps.clock(), ...options });
  const { context, page } = await e2e.newPage();
  const res = await context.request.post('/api/login', { data: { email: user.email, password: FACTORY_PASSWORD } });
  expect(res.ok()).toBe(true);
  await page.goto('/gallery');
  await hydrated(page);
  await page.getByTestId('slot-grid').waitFor();
  return { page, close: () => context.close() };
}

describe('gallery banners by account status (docs/product.md §4), as the API sends them', () => {
  it('grace period: cancelled, the end date and Reactivate', async () => {
    const { page, close } = await galleryOf('grace');
    const banner = page.locator('[data-testid="subscription-banner"][data-banner="grace_period"]');
    await banner.getByText('Subscription Cancelled - Grace Period Active').waitFor();
    await banner.getByText(/continues until \w{3} \d{1,2}, \d{4}/).waitFor();
    await banner.getByRole('button', { name: 'Reactivate' }).waitFor();
    await close();
  });

  it('data retention: limited access, days until deletion and Reactivate', async () => {
    const { page, close } = await galleryOf('retention', { day: 2 });
    const banner = page.locator('[data-testid="subscription-banner"][data-banner="data_retention"]');
    await banner.getByText('Limited Access - Reactivate Soon').waitFor();
    await banner.getByText('28 days until data deletion', { exact: false }).waitFor();
    await banner.getByRole('button', { name: 'Reactivate' }).waitFor();
    await close();
  });

  it('data retention: a card past slot 10 stays, blurred and read-only; slot 1 stays editable', async () => {
    const user = await createAccount(e2e.server.deps.db, 'pro', { now: e2e.server.deps.clock() });
    const { context, page } = await e2e.newPage();
    await context.request.post('/api/login', { data: { email: user.email, password: FACTORY_PASSWORD } });
    const photo = await slabJpeg('Retained Card', 200);
    await seedCard(context, 1, { title: 'Kept Card' }, photo);
    await seedCard(context, 12, { title: 'Retained Card' }, photo);
    // The subscription ends: the stored facts a cancelled, expired subscription leaves.
    await User.query(e2e.server.deps.db)
      .patch(accountFacts('retention', { now: e2e.server.deps.clock(), customerId: user.billingCustomerId ?? undefined }))
      .where('id', user.id);
    await page.goto('/gallery');
    await hydrated(page);
    await page.locator('li[data-slot="12"][data-retained="true"]').waitFor();
    expect(await page.locator('li[data-slot="1"]').getAttribute('data-retained')).toBeNull();
    expect(await page.locator('li[data-slot="12"] [data-action]').count()).toBe(0);
    expect(await page.locator('li[data-slot="1"] [data-action]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('suspended', async () => {
    const { page, close } = await galleryOf('suspended');
    await page.locator('[data-testid="subscription-banner"][data-banner="suspended"]').getByText('Account Suspended').waitFor();
    await close();
  });

  it('grandfathered: Legacy Account', async () => {
    const { page, close } = await galleryOf('grandfathered');
    await page.locator('[data-testid="subscription-banner"][data-banner="grandfathered"]').getByText('Legacy Account').waitFor();
    await close();
  });

  it('trial colours: 5+ days green, 2 to 4 yellow (halfway through), under 2 orange (Trial ends today)', async () => {
    for (const [day, tone, words] of [
      [0, 'green', 'PRO Trial Active'],
      [3, 'yellow', 'halfway through'],
      [6.5, 'orange', 'Trial ends today'],
    ] as const) {
      const { page, close } = await galleryOf('trial', { day });
      const banner = page.getByTestId('trial-banner');
      await banner.getByText(words, { exact: false }).waitFor();
      expect(await banner.getAttribute('data-tone')).toBe(tone);
      await close();
    }
  });

  it('expired trial: 7-Day PRO Trial Ended, view-only', async () => {
    const { page, close } = await galleryOf('trial_expired');
    await page.getByTestId('trial-ended-banner').getByText('7-Day PRO Trial Ended').waitFor();
    await page.getByTestId('view-only').getByText('Cards in View-Only Mode').waitFor();
    await close();
  });

  it('PRO shows no banner; free shows the free banner', async () => {
    const pro = await galleryOf('pro');
    expect(await pro.page.getByTestId('subscription-banner').count()).toBe(0);
    expect(await pro.page.getByTestId('trial-banner').count()).toBe(0);
    expect(await pro.page.getByTestId('free-banner').count()).toBe(0);
    await pro.close();
    const free = await galleryOf('free');
    await free.page.getByTestId('free-banner').getByText('FREE TIER').waitFor();
    expect(await free.page.getByTestId('subscription-banner').count()).toBe(0);
    await free.close();
  });
});

describe('/account badge and subscription section by status', () => {
  it('badges: PRO TRIAL with days left, PRO, LEGACY (10 CARDS) without a Subscription section, FREE ACCOUNT', async () => {
    for (const [preset, badge, section] of [
      ['trial', 'PRO TRIAL', true],
      ['pro', 'PRO', true],
      ['grandfathered', 'LEGACY (10 CARDS)', false],
      ['free', 'FREE ACCOUNT', true],
    ] as const) {
      const { page, close } = await galleryOf(preset);
      await page.goto('/account');
      await hydrated(page);
      await page.getByTestId('account-status').getByText(badge, { exact: true }).waitFor();
      if (preset === 'trial') await page.getByText('7 days left').first().waitFor();
      if (section) await page.getByTestId('subscription').waitFor();
      else {
        await page.getByText('Legacy Account').first().waitFor();
        expect(await page.getByRole('heading', { name: 'Subscription' }).count()).toBe(0);
      }
      await close();
    }
  });
});
