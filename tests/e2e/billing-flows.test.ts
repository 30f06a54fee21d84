import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { currentUser, fillTestCard, freeUserToPayment } from './billing-helpers.ts';
import { fillSignup, seedVisitorCollection } from './visitor.ts';

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const TINY_JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

describe('billing in local TEST MODE', () => {
  it("a visitor with 3 cards presses 'Start Free Trial', signs up and lands in a trial with the cards", async () => {
    const cards = ['Shohei Ohtani', 'Luka Doncic', 'Mike Trout'].map((player, i) => ({
      id: `c${i}`,
      image: TINY_JPEG,
      player,
      year: '2018',
      brand: 'Topps',
      condition: 'PSA 10',
      userValue: '100',
      userNotes: '',
      addedAt: '2026-11-20T10:00:00Z',
    }));
    const { context, page } = await e2e.newPage();
    await seedVisitorCollection(context, cards);
    await page.goto('/collection');
    await hydrated(page);
    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL('**/pricing');
    await hydrated(page);
    await fillSignup(page, { firstName: 'Tina', lastName: 'Trial', email: `trial-${Date.now()}@example.com`, password: 'visitor-pass' });
    await page.waitForURL('**/gallery');
    await hydrated(page);

    // The trial is named first, the cards it brought on a second line (docs/choices.md 47).
    await page.getByTestId('toast').getByText('Welcome to Ratio PRO!').waitFor();
    expect(await page.getByTestId('toast').locator('.toast-description').innerText()).toBe(
      'Your 7-day free trial has started. Enjoy full PRO features!\n3 cards moved to your PRO gallery.',
    );
    await page.getByTestId('trial-banner').waitFor();
    expect(await page.getByTestId('filled-slot').count()).toBe(3);
    const user = await currentUser(page);
    expect(user.isTrialActive).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('anonymous-collection'))).toBeNull();
    await context.close();
  });

  it('a free user subscribes on /payment with 4242… and lands on /account?upgrade=success as PRO', async () => {
    const { context, page } = await e2e.newPage();
    await freeUserToPayment(context, page, `payer-${Date.now()}@example.com`);
    await page.getByTestId('test-mode').getByText('No real card is charged', { exact: false }).waitFor();
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Upgrade' }).click();
    await page.waitForURL('**/account**');
    await hydrated(page);
    await page.getByTestId('toast').getByText('Welcome to Ratio PRO!').waitFor();
    // The param is cleared once the toast shows.
    await page.waitForFunction(() => window.location.search === '');
    await page.getByTestId('account-status').getByText('PRO', { exact: true }).waitFor();
    await page.locator('[data-testid="subscription"][data-status="pro_active"]').waitFor();
    expect((await currentUser(page)).isPro).toBe(true);

    // /payment-success greets a PRO account at once.
    await page.goto('/payment-success');
    await page.getByRole('heading', { name: 'Welcome to Ratio PRO!' }).waitFor();
    await context.close();
  });

  it("a declined card shows 'Payment Failed' and the account stays free", async () => {
    const { context, page } = await e2e.newPage();
    await freeUserToPayment(context, page, `declined-${Date.now()}@example.com`);
    await fillTestCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Complete Upgrade' }).click();
    await page.getByTestId('toast').getByText('Payment Failed').waitFor();
    await page.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment');
    expect((await currentUser(page)).isPro).toBe(false);
    await context.close();
  });

  it('/payment without its parameters goes to /pricing', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/payment?client_secret=only');
    await page.waitForURL('**/pricing');
    await context.close();
  });

  it('a visitor pays on the guest checkout, completes setup and reaches /gallery as PRO', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/pricing');
    await hydrated(page);
    await page.getByRole('button', { name: 'Skip the trial? Subscribe now' }).click();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
    const checkout = await opened;
    await checkout.waitForURL('**/test-checkout?session_id=*');
    // The pricing tab stays, offering the link again.
    await page.getByText('Checkout opened in a new tab.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await hydrated(checkout);
    const email = `guest-${Date.now()}@example.com`;
    await checkout.getByLabel('Email').fill(email);
    await fillTestCard(checkout, '4242424242424242');
    await checkout.getByRole('button', { name: 'Pay $10.00' }).click();
    await checkout.waitForURL('**/complete-setup?session_id=*');
    await hydrated(checkout);
    const emailField = checkout.getByLabel('Email');
    await checkout.waitForFunction(() => (document.querySelector('input[type=email]') as HTMLInputElement | null)?.value !== '');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    // Test mode's checkout asks no name: this page does (docs/choices.md 47 item 12).
    await checkout.getByLabel('First Name').fill('Gwen');
    await checkout.getByLabel('Last Name').fill('Guest');
    await checkout.getByLabel('Password', { exact: true }).fill('guest-pass-1');
    await checkout.getByLabel('Confirm Password', { exact: true }).fill('guest-pass-2');
    await checkout.getByRole('button', { name: 'Complete Setup' }).click();
    await checkout.getByTestId('toast').getByText('Password Mismatch').waitFor();
    await checkout.getByLabel('Confirm Password', { exact: true }).fill('guest-pass-1');
    await checkout.getByRole('button', { name: 'Complete Setup' }).click();
    await checkout.getByTestId('toast').getByText('Welcome to Ratio PRO!').waitFor();
    await checkout.waitForURL('**/gallery');
    const user = (await currentUser(checkout)) as Awaited<ReturnType<typeof currentUser>> & { firstName: string; lastName: string };
    expect(user).toMatchObject({ isPro: true, firstName: 'Gwen', lastName: 'Guest' });
    await context.close();
  });

  it('cancel and reactivate from /account', async () => {
    const { context, page } = await e2e.newPage();
    await freeUserToPayment(context, page, `cancel-${Date.now()}@example.com`);
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Upgrade' }).click();
    await page.waitForURL('**/account**');
    await hydrated(page);
    await page.locator('[data-testid="subscription"][data-status="pro_active"]').waitFor();

    await page.getByRole('button', { name: 'Cancel Subscription', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
    await page.getByTestId('toast').getByText('Subscription Cancelled').waitFor();
    await page.locator('[data-testid="subscription"][data-status="grace_period"]').waitFor();
    await page.getByText('Cancels at period end').waitFor();
    expect((await currentUser(page)).subscriptionStatus).toBe('grace_period');

    await page.goto('/gallery');
    await hydrated(page);
    await page.getByText('Subscription Cancelled - Grace Period Active').waitFor();
    await page.goto('/account');
    await hydrated(page);

    await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await page.getByTestId('toast').getByText('Subscription Reactivated').waitFor();
    await page.locator('[data-testid="subscription"][data-status="pro_active"]').waitFor();
    expect((await currentUser(page)).subscriptionStatus).toBe('pro_active');
    await context.close();
  });
});
