import type { Knex } from 'knex';
import type { User } from '../../../db/models/User.ts';
import type { BillingProvider } from './provider.ts';
import { syncSubscription } from './sync-subscription.ts';

/** Re-read facts at most this often while they may be stale. */
const RESYNC_AFTER_MS = 15 * 60 * 1000;

/**
 * True when the stored facts may be behind the provider: a paid period ended without word of the
 * renewal (a missed webhook; local billing renews only when asked), or a renewal is being retried.
 */
export function factsMayBeStale(user: User, now: Date): boolean {
  const status = user.subscriptionProviderStatus;
  if (!user.billingCustomerId || !status) return false;
  const synced = user.subscriptionSyncedAt?.getTime() ?? 0;
  const periodEnd = user.subscriptionPeriodEnd?.getTime();
  const periodOver = periodEnd !== undefined && now.getTime() >= periodEnd;
  if (status === 'past_due') return now.getTime() - synced >= RESYNC_AFTER_MS;
  if (status !== 'active' && status !== 'trialing') return false;
  return periodOver && (synced < (periodEnd ?? 0) || now.getTime() - synced >= RESYNC_AFTER_MS);
}

/**
 * The account, its billing facts first re-read from the provider when they may be stale. Never
 * fails the read: if the provider does not answer, the stored facts stand (and are logged).
 */
export async function freshAccount(opts: { db: Knex; billing: BillingProvider; user: User; now: Date; onError: (err: unknown) => void }): Promise<User> {
  const { user } = opts;
  if (!factsMayBeStale(user, opts.now) || !user.billingCustomerId || !opts.billing.ownsCustomer(user.billingCustomerId)) return user;
  try {
    return (await syncSubscription({ db: opts.db, billing: opts.billing, now: opts.now, customerId: user.billingCustomerId })) ?? user;
  } catch (err) {
    opts.onError(err);
    return user;
  }
}
