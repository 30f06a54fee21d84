/**
 * Local billing (no Stripe keys, the embedded default): TEST MODE in every answer, the test cards,
 * the guest checkout ending at /complete-setup, the billing portal's stand-in, and sign-up that
 * starts the trial with the anonymous cards in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccountAnswer } from '../../core/contracts/auth.types.ts';
import type {
  TBillingConfig,
  TCreateSubscriptionAnswer,
  TPaymentStep,
  TSyncAnswer,
  TTestCheckoutPaid,
  TTestCheckoutView,
  TTestPortalView,
} from '../../core/contracts/billing.types.ts';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import { toGalleryCards } from '../../core/transfer.ts';
import { dataUrl, jpegWithExif } from '../fixtures/images.ts';
import type { TestClient } from '../helpers/http.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100, env: { PUBLIC_URL: 'http://ratio.test' } });
});
afterAll(async () => {
  await srv?.close();
});

const card = (number: string, expiry = '12/34') => ({ number, expiry, cvc: '123' });
const GOOD = card('4242 4242 4242 4242');
const me = async (client: TestClient) => (await client.get<TUserView>('/api/user')).body;
const subscribe = async (client: TestClient) => (await client.post<TPaymentStep>('/api/create-subscription')).body;

describe('local billing: test mode', () => {
  it('says test mode everywhere the site shows billing, and lists the test cards', async () => {
    const config = (await srv.client().get<TBillingConfig>('/api/billing/config')).body;
    expect(config.billing).toEqual({ provider: 'local', mode: 'test' });
    expect(config.testCards.map((c) => [c.number, c.outcome])).toEqual([
      ['4242424242424242', 'succeeds'],
      ['4000000000000002', 'declined'],
      ['4000000000000341', 'renewals_declined'],
    ]);
    const { client } = await registerUser(srv);
    expect((await subscribe(client)).billing).toEqual({ provider: 'local', mode: 'test' });
    expect((await client.get('/api/subscription/status')).body).toMatchObject({ billing: { provider: 'local', mode: 'test' } });
    expect((await srv.client().post('/api/create-subscription')).body).toMatchObject({ billing: { provider: 'local', mode: 'test' } });
  });

  it('the declined card fails with the provider message and changes nothing; 4242 makes the account PRO', async () => {
    const { client } = await registerUser(srv);
    const step = await subscribe(client);
    const cases: Array<[ReturnType<typeof card>, string]> = [
      [card('4000 0000 0000 0002'), 'Your card was declined.'],
      [card('5555 5555 5555 4444'), 'This is test mode'],
      [card('4242 4242 4242 4242', '01/20'), 'Your card has expired.'],
    ];
    for (const [bad, message] of cases) {
      const res = await client.post('/api/billing/test/pay', { clientSecret: step.clientSecret, card: bad });
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ code: 'payment_failed', message: expect.stringContaining(message) });
    }
    expect(await me(client)).toMatchObject({ isPro: false, accountStatus: 'free' });
    expect((await client.post('/api/billing/test/pay', { clientSecret: step.clientSecret, card: { number: 'abc', expiry: '13/99', cvc: '1' } })).status).toBe(
      400,
    );

    const paid = await client.post<TSyncAnswer>('/api/billing/test/pay', { clientSecret: step.clientSecret, card: GOOD });
    expect(paid.status).toBe(200);
    expect(paid.body.user).toMatchObject({ isPro: true, subscriptionStatus: 'pro_active' });
    expect(paid.body.subscription).toMatchObject({ status: 'pro_active', billing: { provider: 'local', mode: 'test' } });
    // Paying twice (a double click) is harmless.
    expect((await client.post('/api/billing/test/pay', { clientSecret: step.clientSecret, card: GOOD })).status).toBe(200);
    expect((await client.post('/api/create-subscription')).body.error).toMatchObject({ code: 'already_pro' });
  });

  it("one user cannot pay, read or cancel another's subscription", async () => {
    const a = await registerUser(srv);
    const step = await subscribe(a.client);
    const b = await registerUser(srv);
    await subscribe(b.client);
    expect((await b.client.post('/api/billing/test/pay', { clientSecret: step.clientSecret, card: GOOD })).status).toBe(404);
    expect((await b.client.get(`/api/subscription/${step.subscriptionId}/payment-intent`)).status).toBe(404);
    expect((await a.client.get<TPaymentStep>(`/api/subscription/${step.subscriptionId}/payment-intent`)).body.clientSecret).toBe(step.clientSecret);
    expect((await srv.client().post('/api/billing/test/pay', { clientSecret: step.clientSecret, card: GOOD })).status).toBe(401);
    expect(await me(a.client)).toMatchObject({ isPro: false });
  });

  it('the billing portal shows the card on file and replaces it', async () => {
    const { client } = await registerUser(srv);
    const step = await subscribe(client);
    await client.post('/api/billing/test/pay', { clientSecret: step.clientSecret, card: GOOD });
    const portal = await client.post<{ url: string }>('/api/subscription/portal');
    expect(portal.body.url).toBe('http://ratio.test/test-billing-portal?return_url=http%3A%2F%2Fratio.test%2Faccount');
    const view = (await client.get<TTestPortalView>('/api/billing/test/portal')).body;
    expect(view).toMatchObject({ card: { last4: '4242', expiry: '12/34' }, returnUrl: 'http://ratio.test/account', subscription: { status: 'pro_active' } });
    expect((await client.post('/api/billing/test/portal/payment-method', { card: card('4000 0000 0000 0002') })).status).toBe(402);
    await client.post('/api/billing/test/portal/payment-method', { card: card('4000 0000 0000 0341', '05/31') });
    expect((await client.get<TTestPortalView>('/api/billing/test/portal')).body.card).toEqual({ last4: '0341', expiry: '05/31' });
  });

  it('Stripe webhooks are off in local mode', async () => {
    const res = await srv.client().post('/api/stripe/webhook', { id: 'evt_1' }, { 'stripe-signature': 't=1,v1=x' });
    expect(res.status).toBe(404);
  });
});

describe('local billing: guest checkout', () => {
  it('a visitor pays on the TEST MODE checkout, lands on /complete-setup and becomes a PRO account', async () => {
    const visitor = srv.client();
    const res = await visitor.post<TCreateSubscriptionAnswer>('/api/create-subscription');
    if (!('checkoutUrl' in res.body)) throw new Error('expected a checkout');
    const url = new URL(res.body.checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe('http://ratio.test/test-checkout');
    const sessionId = url.searchParams.get('session_id')!;
    expect((await visitor.get<TTestCheckoutView>(`/api/billing/test/checkout/${sessionId}`)).body).toMatchObject({
      status: 'open',
      email: null,
      priceCents: 1000,
      billing: { mode: 'test' },
    });
    expect((await visitor.get(`/api/checkout-session/${sessionId}`)).status).toBe(409);

    const declined = await visitor.post(`/api/billing/test/checkout/${sessionId}/pay`, { email: 'walkin@example.com', card: card('4000000000000002') });
    expect(declined.body.error).toMatchObject({ code: 'payment_failed', message: 'Your card was declined.' });
    const paid = await visitor.post<TTestCheckoutPaid>(`/api/billing/test/checkout/${sessionId}/pay`, { email: 'Walkin@Example.com', card: GOOD });
    expect(paid.body.redirectUrl).toBe(`http://ratio.test/complete-setup?session_id=${sessionId}`);
    // Test mode's checkout asks no name: /complete-setup does, and an account is never nameless (docs/choices.md 47 item 12).
    expect((await visitor.get(`/api/checkout-session/${sessionId}`)).body).toEqual({ email: 'walkin@example.com', nameKnown: false });
    const nameless = await visitor.post('/api/complete-account-setup', { sessionId, password: 'walk-in-pass' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error).toMatchObject({ code: 'name_required', message: 'Enter your first and last name.' });
    expect((await visitor.post('/api/complete-account-setup', { sessionId, password: 'walk-in-pass', firstName: '  ', lastName: 'Walker' })).status).toBe(400);

    const setup = await visitor.post<TUserView>('/api/complete-account-setup', {
      sessionId,
      password: 'walk-in-pass',
      firstName: ' Wally ',
      lastName: 'Walker',
    });
    expect(setup.status).toBe(201);
    expect(setup.body).toMatchObject({ email: 'walkin@example.com', firstName: 'Wally', lastName: 'Walker', isPro: true, subscriptionStatus: 'pro_active' });
    expect((await me(visitor)).isPro).toBe(true);
    expect((await srv.client().post('/api/complete-account-setup', { sessionId, password: 'walk-in-pass', firstName: 'A', lastName: 'B' })).status).toBe(409);
  });

  it('an email already registered cannot take over a paid checkout', async () => {
    const { input } = await registerUser(srv);
    const visitor = srv.client();
    const res = await visitor.post<{ checkoutUrl: string }>('/api/create-subscription');
    const sessionId = new URL(res.body.checkoutUrl).searchParams.get('session_id')!;
    await visitor.post(`/api/billing/test/checkout/${sessionId}/pay`, { email: input.email, card: GOOD });
    const setup = await visitor.post('/api/complete-account-setup', { sessionId, password: 'someone-else' });
    expect(setup.body.error).toMatchObject({ code: 'email_taken' });
    expect((await srv.client().post('/api/login', input)).status).toBe(200);
  });
});

describe("'Start Free Trial' ends in a trial, with the cards", () => {
  let photo: string;
  beforeAll(async () => {
    photo = dataUrl(await jpegWithExif(160, 224));
  });
  const anonymous = () =>
    toGalleryCards([
      { image: photo, player: 'Shohei Ohtani', year: '2018', brand: 'Topps', condition: 'PSA 10', userValue: '$1,250' },
      { image: photo, player: 'Luka Doncic', year: '2018', brand: 'Prizm', condition: 'BGS 9.5', userValue: '400', userNotes: 'Bought at the National, 2019' },
      { image: '', player: 'Mystery', year: '', brand: '', condition: '', userValue: '' },
    ]);

  it('sign-up with startTrial and the anonymous cards: account, trial and cards in one call', async () => {
    const client = srv.client();
    const res = await client.post<TAccountAnswer>('/api/register', {
      email: `trial-${Date.now()}@example.com`,
      password: 'secret-1',
      firstName: 'Tia',
      lastName: 'Trial',
      startTrial: true,
      collectionData: anonymous(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isTrialActive: true, accountStatus: 'trial', trialDaysLeft: 7, cardsMoved: { ok: true, transferred: 3, skipped: 0 } });
    const cards = (await client.get<TSlotView[]>('/api/cards')).body;
    expect(cards.map((c) => [c.slotNumber, c.title, c.value])).toEqual([
      [1, '2018 Topps Shohei Ohtani', '$1,250'],
      [2, '2018 Prizm Luka Doncic', '400'],
      [3, 'Mystery', null],
    ]);
    // The visitor's Notes come with their cards (docs/choices.md 47 item 12).
    expect(cards.map((c) => c.notes ?? null)).toEqual([null, 'Bought at the National, 2019', null]);
  });

  it('a photo that cannot be read keeps the cards in the browser, never the account or the trial', async () => {
    const client = srv.client();
    const res = await client.post<TAccountAnswer>('/api/register', {
      email: `trial-bad-${Date.now()}@example.com`,
      password: 'secret-1',
      firstName: 'Tia',
      lastName: 'Trial',
      startTrial: true,
      collectionData: [{ slotNumber: 1, imageUrl: 'data:image/jpeg;base64,bm90IGFuIGltYWdl', title: 'Broken' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isTrialActive: true, cardsMoved: { ok: false } });
    expect((await client.get<TSlotView[]>('/api/cards')).body).toEqual([]);
  });

  it('a signed-in user starts the trial and moves the cards in one call; a second trial is refused', async () => {
    const { client } = await registerUser(srv);
    const res = await client.post<TAccountAnswer>('/api/start-free-trial', { collectionData: anonymous() });
    expect(res.body).toMatchObject({ isTrialActive: true, cardsMoved: { ok: true, transferred: 3 } });
    const again = await client.post('/api/start-free-trial');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'trial_used' });
    expect(
      (
        await client.post('/api/register', {
          email: 'x@example.com',
          password: 'secret-1',
          firstName: 'A',
          lastName: 'B',
          collectionData: [...anonymous(), ...anonymous()],
        })
      ).status,
    ).toBe(400);
  });
});
