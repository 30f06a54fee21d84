import type { Knex } from 'knex';
import { billingProvider, publicUrl, type TEnv } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { createLocalBilling, type LocalBilling } from './local/local-billing.ts';
import type { BillingProvider } from './provider.ts';
import { createStripeBilling } from './stripe/stripe-billing.ts';

export interface TBilling {
  provider: BillingProvider;
  /** The same provider when it is local billing (test mode): its /api/billing/test/* calls exist only then. */
  testMode: LocalBilling | null;
}

/** The billing provider the settings choose (api/env.ts billingProvider): Stripe, or local billing in test mode. */
export function createBilling(env: TEnv, deps: { db: Knex; clock: () => Date; log: Logger }, options: { maxNetworkRetries?: number } = {}): TBilling {
  if (billingProvider(env) === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    const provider = createStripeBilling({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      priceId: env.STRIPE_PRICE_ID,
      apiBase: env.STRIPE_API_BASE,
      maxNetworkRetries: options.maxNetworkRetries,
      log: deps.log,
    });
    return { provider, testMode: null };
  }
  const local = createLocalBilling({ db: deps.db, clock: deps.clock, publicUrl: publicUrl(env) });
  return { provider: local, testMode: local };
}
