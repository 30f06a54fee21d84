import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, latestEmail, startE2E, type TE2E } from '../helpers/e2e.ts';
import { fillSignup } from './visitor.ts';

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const toast = (page: Page) => page.getByTestId('toast');

describe('the accounts flow in Chromium', () => {
  it('register, log out, log in, rename, change password, forgot -> email -> reset -> log in', async () => {
    const { context, page } = await e2e.newPage();
    const email = `flow-${Date.now()}@example.com`;

    // Landing: the hero, and no React on the page.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Your Collection, Curated.');
    expect(await page.locator('astro-island').count()).toBe(0);

    // Register on the pricing page's signup step.
    await page.goto('/pricing');
    await hydrated(page);
    // The first step waits for the user lookup (a signed-in user never sees the signup form).
    await page.getByRole('heading', { name: 'Unlock Your Gallery' }).waitFor();
    await fillSignup(page, { firstName: 'Ada', lastName: 'Lovelace', email: email, password: 'first-pass' });
    await page.waitForURL('**/gallery');
    await hydrated(page);
    await page.getByText('Ada Lovelace').first().waitFor();

    // Signed in, the landing page sends the user to the gallery.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/gallery');

    // Log out.
    await hydrated(page);
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/gallery');
    expect(new URL(page.url()).pathname).toBe('/auth');

    // Log in.
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/gallery');

    // Rename on /account.
    await page.goto('/account');
    await hydrated(page);
    await page.getByRole('heading', { name: 'ACCOUNT SETTINGS' }).waitFor();
    await expect(page.getByText('FREE ACCOUNT').first().isVisible()).resolves.toBe(true);
    await page.getByLabel('First Name').fill('  Grace ');
    await page.getByLabel('Last Name').fill(' Hopper ');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await toast(page).getByText('Name Updated').waitFor();
    const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    expect(me).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    // Change password: the button waits for all three fields; a mismatch is caught.
    const update = page.getByRole('button', { name: 'Update Password' });
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Current Password', { exact: true }).fill('first-pass');
    await page.getByLabel('New Password', { exact: true }).fill('second-pass');
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Confirm New Password', { exact: true }).fill('second-pazz');
    await update.click();
    await toast(page).getByText('Password Mismatch').waitFor();
    await page.getByLabel('Confirm New Password', { exact: true }).fill('second-pass');
    await update.click();
    await toast(page).getByText('Password Updated').waitFor();

    // Forgot password -> the email in the outbox -> reset.
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/forgot-password');
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Check your email').waitFor();
    const mail = await latestEmail(e2e.outboxDir, email);
    const link = mail
      .replace(/=\r?\n/g, '')
      .match(/https?:\/\/[^\s"<>]+\/reset-password\?token=3D([^\s"<>]+)|https?:\/\/[^\s"<>]+\/reset-password\?token=([^\s"<>]+)/);
    const token = decodeURIComponent((link?.[1] ?? link?.[2] ?? '').replace(/^3D/, ''));
    expect(token.length).toBeGreaterThan(20);
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await hydrated(page);
    await page.getByLabel('New Password', { exact: true }).fill('third-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('third-pass');
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.getByText('Password Reset Complete').waitFor();

    // The new password signs in; the old one no longer does.
    await page.goto('/auth');
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page).getByText('Login failed').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('third-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/gallery');
    await context.close();
  });

  it("an unknown email gets 'No User Found' and goes home after 3 s", async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/auth');
    await hydrated(page);
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page).getByText('No User Found').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await context.close();
  });

  it('validation messages of docs/product.md §5 show before any call', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/reset-password');
    await page.getByText('Invalid Reset Link').waitFor();
    await expect(page.getByRole('link', { name: 'Request New Reset Link' }).isVisible()).resolves.toBe(true);
    await page.goto('/reset-password?token=abc');
    await hydrated(page);
    await page.getByLabel('New Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: /reset password/i }).click();
    await toast(page).getByText('Password too short').waitFor();
    await context.close();
  });

  it('protected pages redirect to /auth; unknown paths show the landing page; unknown API paths are JSON 404s', async () => {
    const { context, page } = await e2e.newPage();
    for (const path of ['/gallery', '/account', '/subscribe', '/admin']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe('/auth');
    }
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Your Collection, Curated.');
    const api = await page.evaluate(() => fetch('/api/nope').then(async (r) => [r.status, await r.json()]));
    expect(api).toEqual([404, { error: { code: 'not_found', message: 'No such API endpoint' } }]);
    await context.close();
  });

  it('the theme is dark by default, switches to light and stays light after a reload without a flash', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: /theme/i }).first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload({ waitUntil: 'commit' });
    const first = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(first).toBe('light');
    await context.close();
  });
});
