import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { signUp, startTrial } from './gallery-seed.ts';
import { currentUser, fillTestCard, futureExpiry } from './billing-helpers.ts';

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const email = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('/pricing steps (docs/product.md §2)', () => {
  it('a trial upgrade with payment details redirects at once to /payment with them', async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('redirect'));
    await page.goto('/pricing?trial_upgrade=true&subscription_id=lsub_x&client_secret=lsec_y');
    await page.waitForURL((url) => url.pathname === '/payment');
    const q = new URL(page.url()).searchParams;
    expect([q.get('client_secret'), q.get('subscription_id')]).toEqual(['lsec_y', 'lsub_x']);
    await context.close();
  });

  it("a signed-out trial upgrade shows 'Sign In Required' with a link to /api/login", async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/pricing?trial_upgrade=true');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe('/api/login');
    await context.close();
  });

  it("a signed-in free user's Upgrade opens the trial step, and the trial starts from it", async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('trial-step'));
    await page.goto('/pricing');
    await hydrated(page);
    await page.getByRole('button', { name: 'Try PRO Free for 7 Days' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await page.getByText('Then').getByText('$10/month').waitFor();
    // Trial and payment toggle.
    await page.getByRole('button', { name: 'SKIP TRIAL, SUBSCRIBE NOW' }).click();
    await page.getByRole('button', { name: 'BACK TO FREE TRIAL' }).click();
    await page.getByRole('button', { name: 'Try PRO Free for 7 Days' }).click();
    await page.waitForURL('**/gallery');
    await hydrated(page);
    await page.getByTestId('toast').getByText('Welcome to Ratio PRO!').waitFor();
    expect((await currentUser(page)).isTrialActive).toBe(true);
    await context.close();
  });

  it("a running trial upgrades: payment step first, 'Continue your PRO experience.', then /payment", async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('upgrade'));
    await startTrial(context);
    await page.goto('/pricing?trial_upgrade=true');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Upgrade to Ratio PRO' }).waitFor();
    await page.getByRole('button', { name: 'BACK TO FREE TRIAL' }).click();
    await page.getByRole('heading', { name: 'Continue your PRO experience.' }).waitFor();
    await page.getByText('Trial Upgrade').waitFor();
    await page.getByRole('button', { name: 'SKIP TRIAL, SUBSCRIBE NOW' }).click();
    await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
    await page.waitForURL(/\/payment\?/);
    await hydrated(page);
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Upgrade' }).click();
    await page.waitForURL('**/account**');
    expect((await currentUser(page)).isPro).toBe(true);
    await context.close();
  });
});

describe('setup failures and missing parameters', () => {
  it("billing that cannot load shows 'Unable to load subscription' with 'Return to Gallery'", async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('setup-fail'));
    await page.route('**/api/billing/config', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' }),
    );
    await page.goto('/pricing');
    await hydrated(page);
    await page.getByRole('button', { name: 'SKIP TRIAL, SUBSCRIBE NOW' }).click();
    await page.getByRole('heading', { name: 'Unable to load subscription' }).waitFor();
    await page.getByText('There was an issue setting up your subscription.').waitFor();
    expect(await page.getByRole('link', { name: 'Return to Gallery' }).getAttribute('href')).toBe('/gallery');
    await context.close();
  });

  it('/complete-setup without a session_id goes to /', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/complete-setup');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('/subscribe and the billing portal stand-in', () => {
  it('/subscribe turns to PRO by itself once the payment lands', async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('subscribe'));
    await page.goto('/subscribe');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Waiting for your subscription' }).waitFor();
    // The payment completes elsewhere (another tab's checkout).
    const step = (await (await context.request.post('/api/create-subscription')).json()) as { clientSecret: string };
    const paid = await context.request.post('/api/billing/test/pay', {
      data: { clientSecret: step.clientSecret, card: { number: '4242424242424242', expiry: futureExpiry(), cvc: '123' } },
    });
    expect(paid.ok()).toBe(true);
    await page.locator('[data-testid="subscribe-state"][data-pro="true"]').waitFor();
    await page.getByRole('heading', { name: 'Welcome to Ratio PRO!' }).waitFor();
    await context.close();
  });

  it('the billing portal opens from /account in a new tab and replaces the card on file', async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('portal'));
    const step = (await (await context.request.post('/api/create-subscription')).json()) as { clientSecret: string };
    await context.request.post('/api/billing/test/pay', {
      data: { clientSecret: step.clientSecret, card: { number: '4242424242424242', expiry: futureExpiry(), cvc: '123' } },
    });
    await page.goto('/account');
    await hydrated(page);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Billing Portal' }).click();
    const portal = await opened;
    await portal.waitForURL('**/test-billing-portal**');
    expect(new URL(page.url()).pathname).toBe('/account');
    await hydrated(portal);
    await portal.getByTestId('card-on-file').getByText('•••• 4242', { exact: false }).waitFor();
    await fillTestCard(portal, '4000 0000 0000 0341');
    await portal.getByRole('button', { name: 'Save Card' }).click();
    await portal.getByTestId('toast').getByText('Card Updated').waitFor();
    await portal.getByTestId('card-on-file').getByText('•••• 0341', { exact: false }).waitFor();
    await context.close();
  });
});
