/**
 * The subscription lifecycle of docs/choices.md 6 with a moved clock, run the same way on Stripe (the
 * emulator confirms cards and sends webhooks) and on local billing (the TEST MODE calls): trial
 * start -> day 3 yellow -> day 6.5 orange -> expiry view-only -> subscribe -> pro_active -> cancel
 * -> grace_period -> period end -> data_retention -> reactivate restores everything; and a failed
 * renewal -> suspended; and an upgrade during the trial that keeps the trial's days (docs/choices.md 47 item 13).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentStep, TReactivateAnswer, TSubscriptionStatusView, TSyncAnswer } from '../../core/contracts/billing.types.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';
import { StripeEmulator } from '../helpers/stripe/emulator.ts';
import { User } from '../../db/models/User.ts';

const DAY = 24 * 3600 * 1000;
type TCard = 'ok' | 'declined' | 'renewals_fail';

interface TDriver {
  srv: TTestServer;
  /** Pays a first invoice as the payment page would (Stripe.js, or the TEST MODE form). */
  pay(client: TestClient, step: TPaymentStep, card: TCard): Promise<{ ok: boolean; message?: string }>;
  /** Lets the provider act on the time that passed (Stripe renews or ends subscriptions and sends webhooks). */
  timePassed(): Promise<void>;
  /** What the provider has charged the customer so far, in cents (null where nothing is charged: test mode). */
  charged(customerId: string): number | null;
  close(): Promise<void>;
}

const TEST_CARDS: Record<TCard, string> = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', renewals_fail: '4000 0000 0000 0341' };

async function localDriver(): Promise<TDriver> {
  const srv = await startTestServer({ rateLimitScale: 100 });
  return {
    srv,
    async pay(client, step, card) {
      const res = await client.post('/api/billing/test/pay', {
        clientSecret: step.clientSecret,
        card: { number: TEST_CARDS[card], expiry: '12/34', cvc: '123' },
      });
      return res.status === 200 ? { ok: true } : { ok: false, message: res.body.error?.message ?? '' };
    },
    async timePassed() {},
    charged: () => null,
    close: () => srv.close(),
  };
}

async function stripeDriver(): Promise<TDriver> {
  const stripe = await StripeEmulator.start();
  const srv = await startTestServer({ rateLimitScale: 100, stripe });
  return {
    srv,
    async pay(_client, step, card) {
      const options = { declined: card === 'declined', renewals: card === 'renewals_fail' ? ('fail' as const) : ('pay' as const) };
      // The payment step confirms a SetupIntent ('seti_…') when the first charge waits for the trial's end, as Stripe.js would.
      const result = step.clientSecret.startsWith('seti_')
        ? await stripe.confirmSetup(step.clientSecret, options)
        : await stripe.confirmPayment(step.clientSecret, options);
      return result.ok ? { ok: true } : { ok: false, message: result.message };
    },
    timePassed: () => stripe.advance(),
    charged: (customerId) =>
      stripe.events
        .filter((e) => e.type === 'invoice.paid')
        .map((e) => e.data.object as { customer: string; amount_paid: number })
        .filter((invoice) => invoice.customer === customerId)
        .reduce((sum, invoice) => sum + invoice.amount_paid, 0),
    async close() {
      await stripe.close();
      await srv.close();
    },
  };
}

describe.each([
  ['local billing (test mode)', localDriver],
  ['Stripe', stripeDriver],
])('subscription lifecycle on %s', (_name, start) => {
  let d: TDriver;
  let photo: Buffer;
  beforeAll(async () => {
    d = await start();
    photo = await jpegWithExif(120, 168);
  });
  afterAll(async () => {
    await d?.close();
  });

  const me = async (client: TestClient) => (await client.get<TUserView>('/api/user')).body;
  const status = async (client: TestClient) => (await client.get<TSubscriptionStatusView>('/api/subscription/status')).body;
  const upload = (client: TestClient, slot: number) =>
    client.request<TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, { title: `Card ${slot}` }));
  const subscribe = async (client: TestClient, card: TCard = 'ok') => {
    const res = await client.post<TPaymentStep>('/api/create-subscription');
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toBeTruthy();
    const paid = await d.pay(client, res.body, card);
    const synced = await client.post<TSyncAnswer>('/api/sync-subscription-status');
    return { step: res.body, paid, synced: synced.body };
  };

  /** Moves the clock; sessions end after 14 idle days, so the collector signs in again as they would. */
  const later = async (client: TestClient, credentials: { email: string; password: string }, ms: number) => {
    d.srv.advance(ms);
    expect((await client.post('/api/login', credentials)).status).toBe(200);
    await d.timePassed();
  };

  it('upgrading during the trial charges nothing now and keeps the trial days: the paid period starts when the trial ends', async () => {
    const { client, input } = await registerUser(d.srv);
    expect((await client.post('/api/start-free-trial')).status).toBe(200);
    d.srv.advance(2 * DAY);
    const trialEnd = (await me(client)).trialEndDate!;
    expect(trialEnd).toBeTruthy();

    const res = await client.post<TPaymentStep>('/api/create-trial-upgrade-checkout');
    expect(res.status).toBe(200);
    // The first charge is the trial's end (Stripe keeps whole seconds).
    const chargeAt = res.body.firstChargeAt!;
    expect(Math.abs(new Date(chargeAt).getTime() - new Date(trialEnd).getTime())).toBeLessThan(1000);
    // Not confirmed yet: still the trial, and asking again reuses the same step.
    expect(await me(client)).toMatchObject({ accountStatus: 'trial', trialDaysLeft: 5, isPro: false });
    expect((await client.post<TPaymentStep>('/api/create-subscription')).body).toMatchObject({
      subscriptionId: res.body.subscriptionId,
      firstChargeAt: chargeAt,
    });
    const declined = await d.pay(client, res.body, 'declined');
    expect(declined).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(await me(client)).toMatchObject({ accountStatus: 'trial', isPro: false });

    expect((await d.pay(client, res.body, 'ok')).ok).toBe(true);
    const synced = (await client.post<TSyncAnswer>('/api/sync-subscription-status')).body;
    expect(synced.user).toMatchObject({ isPro: true, accountStatus: 'pro', trialDaysLeft: 5, canEdit: true });
    expect(synced.subscription).toMatchObject({ status: 'pro_active', stripeDetails: { nextBillingDate: chargeAt, cancelAtPeriodEnd: false } });
    const customerId = (await User.query(d.srv.deps.db).findById(synced.user.id))!.billingCustomerId!;
    expect(d.charged(customerId) ?? 0).toBe(0);

    // The trial's end is the first charge; the next one a month later.
    await later(client, input, new Date(chargeAt).getTime() - d.srv.deps.clock().getTime() + 60_000);
    const after = await status(client);
    expect(after).toMatchObject({ isPro: true, status: 'pro_active' });
    const next = new Date(after.stripeDetails!.nextBillingDate!).getTime() - new Date(chargeAt).getTime();
    expect(next).toBeGreaterThan(27 * DAY);
    expect(d.charged(customerId) ?? 1000).toBe(1000);
  });

  it('trial -> expiry -> PRO -> cancel -> grace -> retention -> reactivate restores everything', async () => {
    const { client, input } = await registerUser(d.srv);
    expect((await upload(client, 1)).status).toBe(201);

    // Trial: 7 days of PRO, the banner's tone by days left (docs/product.md §4).
    expect((await client.post('/api/start-free-trial')).status).toBe(200);
    expect(await me(client)).toMatchObject({
      accountStatus: 'trial',
      banner: 'trial',
      trialDaysLeft: 7,
      trialTone: 'green',
      hasProFeatures: true,
      maxSlots: 1000,
    });
    d.srv.advance(3 * DAY);
    expect(await me(client)).toMatchObject({ trialDaysLeft: 4, trialTone: 'yellow' });
    expect((await upload(client, 12)).status).toBe(201);
    d.srv.advance(3.5 * DAY);
    expect(await me(client)).toMatchObject({ trialDaysLeft: 1, trialTone: 'orange' });

    // Expiry: view-only until PRO.
    d.srv.advance(DAY);
    expect(await me(client)).toMatchObject({ accountStatus: 'trial_expired', banner: 'trial_expired', canEdit: false, isTrialActive: false });
    const refused = await upload(client, 2);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'upgrade_required', requiresUpgrade: true });

    // Subscribe: a declined card changes nothing; a good one makes the account PRO.
    const declined = await client.post<TPaymentStep>('/api/create-subscription');
    const failed = await d.pay(client, declined.body, 'declined');
    expect(failed).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(await me(client)).toMatchObject({ accountStatus: 'trial_expired', isPro: false });
    const { synced } = await subscribe(client);
    expect(synced.user).toMatchObject({ isPro: true, accountStatus: 'pro', subscriptionStatus: 'pro_active', canEdit: true, banner: 'none' });
    expect(synced.subscription).toMatchObject({ isPro: true, status: 'pro_active', stripeDetails: { cancelAtPeriodEnd: false }, actions: { cancel: true } });
    const renewal = new Date(synced.subscription.stripeDetails!.nextBillingDate!).getTime();
    expect(renewal - d.srv.deps.clock().getTime()).toBeGreaterThan(27 * DAY);
    expect((await client.patch('/api/cards/12', { title: 'Edited as PRO' })).status).toBe(200);

    // Cancel: PRO until the period ends (grace period), Reactivate offered.
    const cancelled = await client.post<{ message: string; subscription: TSubscriptionStatusView }>('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({
      isPro: true,
      status: 'grace_period',
      gracePeriodEndDate: new Date(renewal).toISOString(),
      stripeDetails: { cancelAtPeriodEnd: true, nextBillingDate: null },
      actions: { cancel: false, reactivate: true },
    });
    expect(await me(client)).toMatchObject({ banner: 'grace_period', hasProFeatures: true, canEdit: true });
    expect((await client.post('/api/subscription/cancel')).status).toBe(409);

    // Period end: data retention for 30 days; cards past slot 10 read-only (and blurred), slots 1-10 editable.
    await later(client, input, renewal - d.srv.deps.clock().getTime() + DAY);
    expect(await status(client)).toMatchObject({ isPro: false, status: 'data_retention', daysLeft: 29, actions: { reactivate: true } });
    expect(await me(client)).toMatchObject({ banner: 'data_retention', readOnlyAbove: 10, hasProFeatures: false, canEdit: true, maxSlots: 10 });
    expect((await client.patch('/api/cards/12', { title: 'Edited in retention' })).status).toBe(403);
    expect((await client.delete('/api/cards/12')).status).toBe(403);
    expect((await client.patch('/api/cards/1', { title: 'Still mine' })).status).toBe(200);

    // Reactivate: the subscription ended, so PRO starts again with a new payment; nothing was lost.
    const again = await client.post<TReactivateAnswer>('/api/subscription/reactivate');
    expect(again.body).toMatchObject({ action: 'payment', billing: expect.any(Object) });
    if (again.body.action !== 'payment') throw new Error('expected a payment step');
    expect((await d.pay(client, again.body, 'ok')).ok).toBe(true);
    await client.post('/api/sync-subscription-status');
    expect(await me(client)).toMatchObject({ isPro: true, subscriptionStatus: 'pro_active', readOnlyAbove: null });
    const cards = (await client.get<Array<{ slotNumber: number; title: string }>>('/api/cards')).body;
    expect(cards.map((c) => [c.slotNumber, c.title])).toEqual([
      [1, 'Still mine'],
      [12, 'Edited as PRO'],
    ]);
    expect((await client.patch('/api/cards/12', { title: 'Back to PRO' })).status).toBe(200);

    // Cancel with time left, then reactivate: the same subscription simply runs on.
    await client.post('/api/subscription/cancel');
    const resumed = await client.post<TReactivateAnswer>('/api/subscription/reactivate');
    expect(resumed.body).toMatchObject({
      action: 'reactivated',
      message: 'Subscription Reactivated',
      subscription: { status: 'pro_active', stripeDetails: { cancelAtPeriodEnd: false } },
    });
    expect((await client.post('/api/subscription/reactivate')).status).toBe(409);
  });

  it('a renewal that keeps failing: PRO while retried, then suspended and view-only', async () => {
    const { client, input } = await registerUser(d.srv);
    const { synced } = await subscribe(client, 'renewals_fail');
    expect(synced.user.isPro).toBe(true);
    const renewal = new Date(synced.subscription.stripeDetails!.nextBillingDate!).getTime();

    await later(client, input, renewal - d.srv.deps.clock().getTime() + 60_000);
    expect(await me(client)).toMatchObject({ isPro: true, subscriptionStatus: 'pro_active' });
    expect(await status(client)).toMatchObject({ status: 'pro_active', paymentFailing: true });

    await later(client, input, 8 * DAY);
    expect(await status(client)).toMatchObject({ isPro: false, status: 'suspended', paymentFailing: true, actions: { subscribe: false, portal: true } });
    expect(await me(client)).toMatchObject({ banner: 'suspended', canEdit: false, hasProFeatures: false });
    expect((await upload(client, 1)).status).toBe(403);
    const reactivate = await client.post<TReactivateAnswer>('/api/subscription/reactivate');
    expect(reactivate.body).toMatchObject({ action: 'portal', url: expect.stringMatching(/^https?:\/\//) });
    expect((await client.post('/api/create-subscription')).body.error).toMatchObject({ code: 'payment_method_required' });
  });
});
