import { DAY_MS } from '../../../../core/limits.ts';
import type { LocalBillingSubscription } from '../../../../db/models/LocalBillingSubscription.ts';

/** Days a failed renewal is retried before the subscription is marked unpaid (Stripe's retries take up to ~2 weeks). */
export const RETRY_DAYS = 7;
/** A first payment not made within this long expires, as Stripe's incomplete subscriptions do after 23 hours. */
const INCOMPLETE_TTL_MS = 23 * 60 * 60 * 1000;

/** The same day of the next month, in UTC (the 31st falls back to the month's last day). */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

type TSubFields = Pick<
  LocalBillingSubscription,
  'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'renewalFailedAt' | 'endedAt' | 'endReason' | 'createdAt'
>;

/**
 * What a local subscription has become by `now`, as Stripe would have moved it: it ends at the
 * period end when cancelled; it renews with a card that pays (or goes past_due with one that does
 * not, then unpaid after RETRY_DAYS); a trial ends in its first charge, as a renewal; a first
 * payment never made expires. Pure; returns only the
 * changed fields (empty when nothing happened).
 */
export function advanceSubscription(sub: TSubFields, renewalsPay: boolean, now: Date): Partial<TSubFields> {
  const t = now.getTime();
  const changes: Partial<TSubFields> = {};
  if (sub.status === 'incomplete' && t >= sub.createdAt.getTime() + INCOMPLETE_TTL_MS) return { status: 'incomplete_expired' };
  if (sub.status !== 'active' && sub.status !== 'past_due' && sub.status !== 'trialing') return changes;
  let periodEnd = sub.currentPeriodEnd;
  if (!periodEnd) return changes;
  if (sub.cancelAtPeriodEnd && t >= periodEnd.getTime()) {
    return { status: 'canceled', endedAt: periodEnd, endReason: 'cancelled' };
  }
  // A trial's end is its first charge: from then on it renews as an active subscription.
  let status = sub.status === 'trialing' && t >= periodEnd.getTime() ? 'active' : sub.status;
  let failedAt = sub.renewalFailedAt;
  while (status === 'active' && t >= periodEnd.getTime()) {
    if (!renewalsPay) {
      // Stripe opens the next period's invoice at renewal and retries it while past_due.
      status = 'past_due';
      failedAt = periodEnd;
    }
    periodEnd = addMonth(periodEnd);
  }
  if (status === 'past_due' && failedAt && t >= failedAt.getTime() + RETRY_DAYS * DAY_MS) status = 'unpaid';
  if (status !== sub.status) changes.status = status;
  if (periodEnd.getTime() !== sub.currentPeriodEnd?.getTime()) changes.currentPeriodEnd = periodEnd;
  if (failedAt !== sub.renewalFailedAt) changes.renewalFailedAt = failedAt;
  return changes;
}
