import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import type { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import type { BillingProvider } from './provider.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * Cancels PRO at the end of the paid period (docs/choices.md 6): the account keeps every PRO feature
 * until then (grace_period). Decides on facts freshly read from the provider; 409 when there is
 * no running subscription to cancel.
 */
export async function cancelSubscription(opts: { db: Knex; billing: BillingProvider; user: User; now: Date }): Promise<User> {
  const customerId = opts.user.billingCustomerId;
  const noSubscription = () => conflict('You have no running subscription to cancel.', 'no_subscription');
  if (!customerId || !opts.billing.ownsCustomer(customerId)) throw noSubscription();
  const fresh = await syncSubscription({ db: opts.db, billing: opts.billing, now: opts.now, customerId });
  if (!fresh?.subscriptionId || !accountState(fresh, opts.now).actions.cancel) throw noSubscription();
  await opts.billing.setCancelAtPeriodEnd(fresh.subscriptionId, true);
  return (await syncSubscription({ db: opts.db, billing: opts.billing, now: opts.now, customerId })) ?? fresh;
}
