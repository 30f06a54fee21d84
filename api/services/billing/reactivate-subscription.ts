import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import type { TReactivateAnswer } from '../../../core/contracts/billing.types.ts';
import type { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import type { BillingProvider } from './provider.ts';
import { startSubscription } from './start-subscription.ts';
import { syncSubscription } from './sync-subscription.ts';

export type TReactivation = { action: 'reactivated'; user: User } | Exclude<TReactivateAnswer, { action: 'reactivated' }>;

/**
 * Reactivates PRO before anything is deleted (docs/choices.md 6): a cancelled subscription with time
 * left simply runs on; an ended one (data retention, or ended for non-payment) needs a new first
 * payment; an unpaid renewal is settled in the billing portal. 409 when there is nothing to
 * reactivate. Decides on facts freshly read from the provider.
 */
export async function reactivateSubscription(opts: { db: Knex; billing: BillingProvider; user: User; now: Date; returnUrl: string }): Promise<TReactivation> {
  const { billing } = opts;
  const customerId = opts.user.billingCustomerId;
  const own = customerId !== null && billing.ownsCustomer(customerId);
  const user = own ? ((await syncSubscription({ db: opts.db, billing, now: opts.now, customerId })) ?? opts.user) : opts.user;
  const state = accountState(user, opts.now);
  if (state.subscriptionStatus === 'suspended' && !state.actions.reactivate && own) {
    return { action: 'portal', url: await billing.createPortalSession({ customerId, returnUrl: opts.returnUrl }), billing: billing.billing };
  }
  if (!state.actions.reactivate) throw conflict('There is no subscription to reactivate.', 'nothing_to_reactivate');
  if (state.subscriptionStatus === 'grace_period' && user.subscriptionId && own) {
    await billing.setCancelAtPeriodEnd(user.subscriptionId, false);
    return { action: 'reactivated', user: (await syncSubscription({ db: opts.db, billing, now: opts.now, customerId })) ?? user };
  }
  return { action: 'payment', ...(await startSubscription({ db: opts.db, billing, user, now: opts.now })) };
}
