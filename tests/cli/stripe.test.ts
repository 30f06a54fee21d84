import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../api/env.ts';
import { runStripeSetup, runStripeSync } from '../../cli/commands/stripe.ts';
import { User } from '../../db/models/User.ts';
import type { TPaymentStep } from '../../core/contracts/billing.types.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';
import { StripeEmulator } from '../helpers/stripe/emulator.ts';

let stripe: StripeEmulator;
let srv: TTestServer;
beforeAll(async () => {
  stripe = await StripeEmulator.start({ withPrice: false });
  srv = await startTestServer({ rateLimitScale: 100, stripe });
});
afterAll(async () => {
  await stripe?.close();
  await srv?.close();
});

describe('ratio stripe', () => {
  it('setup creates the $10/month PRO price once, finds it after, and names the webhook to register', async () => {
    const env = parseEnv({ ...stripe.env, PUBLIC_URL: 'https://ratio.example' });
    const first = await runStripeSetup(env);
    expect(first).toMatchObject({ created: true, webhookUrl: 'https://ratio.example/api/stripe/webhook' });
    expect(first.events).toContain('customer.subscription.updated');
    expect(stripe.prices.get(first.priceId)).toMatchObject({
      unit_amount: 1000,
      currency: 'usd',
      lookup_key: 'ratio_pro_monthly',
      recurring: { interval: 'month' },
    });
    expect(await runStripeSetup(env)).toMatchObject({ priceId: first.priceId, created: false });
    await expect(runStripeSetup(parseEnv({}))).rejects.toThrow(/local test mode/);
  });

  it('sync re-reads one account or all from Stripe, as the webhook would', async () => {
    await runStripeSetup(parseEnv(stripe.env));
    const { client, input } = await registerUser(srv);
    const step = (await client.post<TPaymentStep>('/api/create-subscription')).body;
    stripe.autoDeliver = false;
    await stripe.confirmPayment(step.clientSecret);
    stripe.autoDeliver = true;
    stripe.held.splice(0);
    // The webhooks never arrived: the account still looks free until a sync.
    expect((await client.get('/api/user')).body).toMatchObject({ isPro: false });
    expect(await runStripeSync(srv.deps.env, srv.deps.db, { email: input.email.toUpperCase() })).toEqual([{ email: input.email, status: 'pro_active' }]);
    expect((await client.get('/api/user')).body).toMatchObject({ isPro: true });
    const all = await runStripeSync(srv.deps.env, srv.deps.db);
    expect(all.map((r) => r.email)).toContain(input.email);
    await expect(runStripeSync(srv.deps.env, srv.deps.db, { email: 'ghost@example.com' })).rejects.toThrow(/no user/);
    const free = await registerUser(srv);
    await expect(runStripeSync(srv.deps.env, srv.deps.db, { email: free.input.email })).rejects.toThrow(/no Stripe customer/);
    expect((await User.query(srv.deps.db).findById(free.user.id))!.billingCustomerId).toBeNull();
  });
});
