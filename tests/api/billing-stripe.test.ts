/**
 * The Stripe code path against the local emulator of the endpoints Ratio calls: what Ratio asks
 * Stripe, the guest checkout, webhooks (signature, replay, order), an outage, and one user's
 * subscription out of another's reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillingConfig, TCreateSubscriptionAnswer, TPaymentStep, TSubscriptionStatusView } from '../../core/contracts/billing.types.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import { BillingEvent } from '../../db/models/BillingEvent.ts';
import { User } from '../../db/models/User.ts';
import { accountWithClient } from '../helpers/factories.ts';
import type { TestClient } from '../helpers/http.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';
import { StripeEmulator } from '../helpers/stripe/emulator.ts';

let stripe: StripeEmulator;
let srv: TTestServer;
beforeAll(async () => {
  stripe = await StripeEmulator.start();
  srv = await startTestServer({ rateLimitScale: 100, stripe, env: { PUBLIC_URL: 'http://ratio.test' } });
});
afterAll(async () => {
  await stripe?.close();
  await srv?.close();
});

const me = async (client: TestClient) => (await client.get<TUserView>('/api/user')).body;
const subscribe = async (client: TestClient) => (await client.post<TPaymentStep>('/api/create-subscription')).body;
const proUser = async () => {
  const { client, user, input } = await registerUser(srv);
  const step = await subscribe(client);
  expect((await stripe.confirmPayment(step.clientSecret)).ok).toBe(true);
  return { client, user, input, step };
};

describe('Stripe: what Ratio asks', () => {
  it('config names Stripe in test mode with the publishable key and no test cards', async () => {
    const res = await srv.client().get<TBillingConfig>('/api/billing/config');
    expect(res.body).toEqual({
      billing: { provider: 'stripe', mode: 'test' },
      publishableKey: 'pk_test_emulator',
      priceCents: 1000,
      currency: 'usd',
      interval: 'month',
      testCards: [],
    });
    expect((await srv.client().post('/api/billing/test/pay', {})).status).toBe(404);
  });

  it('a signed-in user gets an incomplete card-only subscription whose secret is its invoice confirmation secret; asking again reuses it', async () => {
    const { client, user } = await registerUser(srv);
    const before = stripe.requests.length;
    const step = await subscribe(client);
    expect(step).toMatchObject({ subscriptionId: expect.stringMatching(/^sub_/), billing: { provider: 'stripe', mode: 'test' } });
    const calls = stripe.requests.slice(before);
    const created = calls.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(created.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      metadata: { userId: String(user.id) },
    });
    expect(created.params).not.toHaveProperty('trial_end');
    const state = stripe.subscriptions.get(step.subscriptionId)!;
    expect(step.clientSecret).toBe(state.invoice.confirmation_secret!.client_secret);
    expect(calls.filter((r) => r.path === '/v1/customers')).toHaveLength(1);

    const again = await subscribe(client);
    expect(again).toMatchObject({ subscriptionId: step.subscriptionId, clientSecret: step.clientSecret });
    expect(
      stripe.calls('POST /v1/customers').filter((r) => r.params.metadata && (r.params.metadata as Record<string, string>).userId === String(user.id)),
    ).toHaveLength(1);
    expect((await client.get<TPaymentStep>(`/api/subscription/${step.subscriptionId}/payment-intent`)).body).toMatchObject({ clientSecret: step.clientSecret });
    expect((await me(client)).isPro).toBe(false);
  });

  it('during the trial the subscription waits for the trial to end: trial_end, cancelled with no card, a SetupIntent secret', async () => {
    const { client } = await registerUser(srv);
    expect((await client.post('/api/start-free-trial')).status).toBe(200);
    const trialEnd = new Date((await me(client)).trialEndDate!);
    const step = (await client.post<TPaymentStep>('/api/create-trial-upgrade-checkout')).body;
    const created = stripe.calls('POST /v1/subscriptions').at(-1)!;
    expect(created.params).toMatchObject({
      trial_end: String(Math.floor(trialEnd.getTime() / 1000)),
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      payment_behavior: 'default_incomplete',
    });
    const state = stripe.subscriptions.get(step.subscriptionId)!;
    expect(state.sub.status).toBe('trialing');
    expect(step.clientSecret).toBe(state.setup!.client_secret);
    expect(step.clientSecret).toMatch(/^seti_/);
    expect((await client.get<TPaymentStep>(`/api/subscription/${step.subscriptionId}/payment-intent`)).body).toMatchObject({ clientSecret: step.clientSecret });
    expect(await me(client)).toMatchObject({ accountStatus: 'trial', isPro: false });
  });

  it('the billing portal opens for the customer and returns to /account', async () => {
    const { client } = await proUser();
    const res = await client.post<{ url: string }>('/api/subscription/portal');
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.calls('POST /v1/billing_portal/sessions').at(-1)!.params.return_url).toBe('http://ratio.test/account');
    const { client: stranger } = await registerUser(srv);
    expect((await stranger.post('/api/subscription/portal')).body.error).toMatchObject({ code: 'no_billing_account' });
  });
});

describe('Stripe: guest checkout', () => {
  it('a visitor pays on Checkout, returns to /complete-setup and becomes a PRO account with their email and name', async () => {
    const visitor = srv.client();
    const res = await visitor.post<TCreateSubscriptionAnswer>('/api/create-subscription');
    expect(res.status).toBe(200);
    if (!('checkoutUrl' in res.body)) throw new Error('expected a checkout');
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const created = stripe.calls('POST /v1/checkout/sessions').at(-1)!;
    expect(created.params).toMatchObject({
      mode: 'subscription',
      allowed_payment_method_types: ['card'],
      success_url: 'http://ratio.test/complete-setup?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://ratio.test/pricing',
    });
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    expect((await visitor.get(`/api/checkout-session/${sessionId}`)).body.error).toMatchObject({ code: 'checkout_incomplete' });

    const paid = await stripe.completeCheckout(sessionId, { email: 'guest@example.com', name: 'Grace Guest' });
    expect(paid.redirectUrl).toBe(`http://ratio.test/complete-setup?session_id=${sessionId}`);
    expect((await visitor.get(`/api/checkout-session/${sessionId}`)).body).toEqual({ email: 'guest@example.com', nameKnown: true });

    const setup = await visitor.post<TUserView>('/api/complete-account-setup', { sessionId, password: 'guest-pass-1' });
    expect(setup.status).toBe(201);
    expect(setup.body).toMatchObject({ email: 'guest@example.com', firstName: 'Grace', lastName: 'Guest', isPro: true, subscriptionStatus: 'pro_active' });
    expect((await me(visitor)).email).toBe('guest@example.com');
    expect((await srv.client().post('/api/complete-account-setup', { sessionId, password: 'other-pass-1' })).body.error).toMatchObject({ code: 'setup_done' });
    expect((await srv.client().post('/api/login', { email: 'guest@example.com', password: 'guest-pass-1' })).status).toBe(200);
  });

  it('an unknown or malformed session is a 404, a short password a 400', async () => {
    expect((await srv.client().get('/api/checkout-session/cs_test_nope')).status).toBe(404);
    expect((await srv.client().get('/api/checkout-session/not-a-session')).status).toBe(404);
    expect((await srv.client().post('/api/complete-account-setup', { sessionId: 'cs_test_nope', password: 'x' })).status).toBe(400);
    expect((await srv.client().post('/api/complete-account-setup', { sessionId: 'cs_test_nope', password: 'long-enough' })).status).toBe(404);
  });
});

describe('Stripe: webhooks', () => {
  it('a bad signature is refused and changes nothing', async () => {
    const { user } = await proUser();
    const event = stripe.events.at(-1)!;
    await BillingEvent.query(srv.deps.db).delete().where('id', event.id);
    const forged = await stripe.deliver(event, { secret: 'whsec_attacker' });
    expect(forged).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
    expect((await stripe.deliver(event, { signature: 'garbage' })).status).toBe(400);
    expect(await BillingEvent.query(srv.deps.db).findById(event.id)).toBeUndefined();
    expect((await User.query(srv.deps.db).findById(user.id))!.subscriptionProviderStatus).toBe('active');
  });

  it('records each event once: a replay does nothing (not even a call to Stripe)', async () => {
    await proUser();
    const event = stripe.events.at(-1)!;
    const before = stripe.calls('GET /v1/subscriptions').length;
    expect(await stripe.deliver(event)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(stripe.calls('GET /v1/subscriptions').length).toBe(before);
  });

  it('events that come late, twice and out of order converge on what Stripe says now', async () => {
    const { client, user } = await proUser();
    const customerId = (await User.query(srv.deps.db).findById(user.id))!.billingCustomerId;
    const ofCustomer = (type: string) => stripe.events.filter((e) => e.type === type && (e.data.object as { customer: string }).customer === customerId);
    // Before the cancellation: the subscription active and not cancelled, as these payloads say.
    const older = [...ofCustomer('customer.subscription.updated'), ...ofCustomer('invoice.paid')];
    expect(older.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    stripe.autoDeliver = false;
    try {
      expect((await client.post('/api/subscription/cancel')).status).toBe(200);
      const cancelled = stripe.held.splice(0);
      expect(cancelled.map((e) => e.type)).toEqual(['customer.subscription.updated']);
      // The cancellation first, then the older events, each twice and all at once.
      const replays = [...cancelled, ...older];
      await BillingEvent.query(srv.deps.db)
        .delete()
        .whereIn(
          'id',
          replays.map((e) => e.id),
        );
      for (const e of cancelled) expect((await stripe.deliver(e)).status).toBe(200);
      const results = await Promise.all([...older, ...older, ...cancelled].map((e) => stripe.deliver(e)));
      expect(results.every((r) => r.status === 200)).toBe(true);
    } finally {
      stripe.autoDeliver = true;
    }
    expect((await client.get<TSubscriptionStatusView>('/api/subscription/status')).body).toMatchObject({
      status: 'grace_period',
      stripeDetails: { cancelAtPeriodEnd: true },
    });
    expect(await BillingEvent.query(srv.deps.db).where('customerId', customerId!).resultSize()).toBeGreaterThanOrEqual(3);
  });

  it('answers 200 to events it ignores and to customers it does not know', async () => {
    const ignored = { ...structuredClone(stripe.events.at(-1)!), id: 'evt_ignored_1', type: 'charge.refunded' } as (typeof stripe.events)[number];
    expect(await stripe.deliver(ignored)).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    const stranger = stripe.createCustomer('nobody@example.com', null);
    const unknown = { ...structuredClone(stripe.events.find((e) => e.type === 'invoice.paid')!), id: 'evt_unknown_customer' };
    (unknown.data.object as { customer: string }).customer = stranger.id;
    expect(await stripe.deliver(unknown)).toMatchObject({ status: 200, body: { outcome: 'handled' } });
  });
});

describe('Stripe: outage and isolation', () => {
  it('an outage during checkout answers the spec error and leaves the account unchanged; a webhook then is retried in full', async () => {
    const { client, user } = await registerUser(srv);
    const before = await me(client);
    stripe.outage = true;
    try {
      const res = await client.post('/api/create-subscription');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'billing_unavailable', message: expect.stringContaining('Please try again or contact support') });
      expect((await srv.client().post('/api/create-subscription')).status).toBe(503);
      expect(await me(client)).toEqual(before);
      const row = (await User.query(srv.deps.db).findById(user.id))!;
      expect([row.subscriptionId, row.subscriptionProviderStatus]).toEqual([null, null]);
    } finally {
      stripe.outage = false;
    }
    const step = await subscribe(client);
    stripe.autoDeliver = false;
    await stripe.confirmPayment(step.clientSecret);
    stripe.autoDeliver = true;
    const events = stripe.held.splice(0);
    stripe.outage = true;
    const during = await stripe.deliver(events[0]!);
    stripe.outage = false;
    expect(during.status).toBe(503);
    expect(await stripe.deliver(events[0]!)).toMatchObject({ status: 200, body: { outcome: 'handled' } });
    expect((await me(client)).isPro).toBe(true);
  });

  it("one user can neither read nor act on another's subscription or payment", async () => {
    const a = await registerUser(srv);
    const step = await subscribe(a.client);
    const b = await proUser();
    for (const id of [step.subscriptionId, 'sub_made_up', '../customers']) {
      const res = await b.client.get(`/api/subscription/${encodeURIComponent(id)}/payment-intent`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(step.clientSecret);
    }
    const { client: freeUser } = await accountWithClient(srv, 'free');
    expect((await freeUser.get(`/api/subscription/${step.subscriptionId}/payment-intent`)).status).toBe(404);
    expect((await freeUser.post('/api/subscription/cancel')).status).toBe(409);
    // B cancelling cancels B's own subscription, never A's.
    await b.client.post('/api/subscription/cancel');
    expect(stripe.subscriptions.get(step.subscriptionId)!.sub.cancel_at_period_end).toBe(false);
    expect(stripe.subscriptions.get(b.step.subscriptionId)!.sub.cancel_at_period_end).toBe(true);
    expect((await srv.client().get(`/api/subscription/${step.subscriptionId}/payment-intent`)).status).toBe(401);
  });
});
