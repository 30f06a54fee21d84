import type { Command } from 'commander';
import type { Knex } from 'knex';
import { z } from 'zod';
import { accountState } from '../../core/account.ts';
import { billingProvider, publicUrl, type TEnv } from '../../api/env.ts';
import { createLogger } from '../../api/logger.ts';
import { createBilling } from '../../api/services/billing/create-billing.ts';
import { createStripeClient } from '../../api/services/billing/stripe/client.ts';
import { ensureProPrice, PRO_PRICE_LOOKUP_KEY } from '../../api/services/billing/stripe/price.ts';
import { SUBSCRIPTION_EVENTS } from '../../api/services/billing/stripe/stripe-billing.ts';
import { syncSubscription } from '../../api/services/billing/sync-subscription.ts';
import type { User } from '../../db/models/User.ts';
import { accountByEmail, accountsWithCustomer } from '../../api/services/accounts/find-accounts.ts';
import { printJson } from '../output.ts';
import { onDb, onEnv } from '../on-db.ts';

export interface TStripeSetup {
  priceId: string;
  created: boolean;
  webhookUrl: string;
  events: readonly string[];
}

function stripeKey(env: TEnv): string {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set: billing runs in local test mode, which needs no setup');
  return env.STRIPE_SECRET_KEY;
}

/**
 * Prepares a Stripe account for Ratio: finds or creates the $10/month PRO price (lookup key
 * ratio_pro_monthly) and says which webhook to register. Idempotent.
 */
export async function runStripeSetup(env: TEnv): Promise<TStripeSetup> {
  const stripe = createStripeClient({ secretKey: stripeKey(env), apiBase: env.STRIPE_API_BASE });
  const { price, created } = await ensureProPrice(stripe);
  return { priceId: price.id, created, webhookUrl: `${publicUrl(env)}/api/stripe/webhook`, events: SUBSCRIPTION_EVENTS };
}

/**
 * Re-reads subscriptions from Stripe for one account (by email) or every account with a Stripe
 * customer, with the same syncSubscription the webhook uses. Returns each account's status after.
 */
export async function runStripeSync(
  env: TEnv,
  db: Knex,
  options: { email?: string | undefined; now?: Date } = {},
): Promise<Array<{ email: string; status: string }>> {
  stripeKey(env);
  if (billingProvider(env) !== 'stripe') throw new Error('BILLING=local: billing runs in local test mode, not on Stripe');
  const now = options.now ?? new Date();
  const { provider } = createBilling(env, { db, clock: () => now, log: createLogger('warn') });
  let users: User[];
  if (options.email) {
    const email = z.email('must be an email address').parse(options.email.trim().toLowerCase());
    const user = await accountByEmail(db, email);
    if (!user) throw new Error(`no user with email ${email}`);
    if (!user.billingCustomerId || !provider.ownsCustomer(user.billingCustomerId)) throw new Error(`${email} has no Stripe customer yet`);
    users = [user];
  } else {
    users = (await accountsWithCustomer(db)).filter((u) => provider.ownsCustomer(u.billingCustomerId!));
  }
  const rows: Array<{ email: string; status: string }> = [];
  for (const user of users) {
    const synced = (await syncSubscription({ db, billing: provider, now, customerId: user.billingCustomerId! })) ?? user;
    rows.push({ email: synced.email, status: accountState(synced, now).subscriptionStatus });
  }
  return rows;
}

export function registerStripe(program: Command): void {
  const stripe = program.command('stripe').description('Stripe billing');
  stripe
    .command('setup')
    .description('find or create the $10/month PRO price and show the webhook to register')
    .action(async () => {
      const { env, setup } = await onEnv(async (env) => ({ env, setup: await runStripeSetup(env) }));
      console.log(`PRO price ${setup.priceId} (${setup.created ? 'created' : 'found'}; lookup key ${PRO_PRICE_LOOKUP_KEY}, $10/month).`);
      if (env.STRIPE_PRICE_ID && env.STRIPE_PRICE_ID !== setup.priceId) {
        console.log(`Note: STRIPE_PRICE_ID is set to ${env.STRIPE_PRICE_ID}, which Ratio uses instead.`);
      }
      console.log(`\nIn the Stripe dashboard (Developers > Webhooks), add an endpoint:\n  URL:    ${setup.webhookUrl}\n  Events: ${setup.events.join(', ')}`);
      console.log('Then set STRIPE_WEBHOOK_SECRET to its signing secret (whsec_…).');
    });
  stripe
    .command('sync [email]')
    .description('re-read subscriptions from Stripe (one account, or every account with a Stripe customer)')
    .option('--json', 'print each account and its status after the sync as JSON')
    .action(async (email: string | undefined, opts: { json?: boolean }) => {
      const rows = await onDb((db, env) => runStripeSync(env, db, { email }));
      if (opts.json) printJson(rows);
      else if (!rows.length) console.log('No accounts with a Stripe customer yet.');
      else console.table(rows);
    });
}
