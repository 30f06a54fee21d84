/**
 * The one account rule (docs/product.md §1, §3, §4, §6; docs/choices.md 2, 3, 4, 6): what an account is, what it
 * may do and what the site shows for it, computed from stored facts and a clock. Pure: the API
 * computes it and sends the result; the site and the CLI never re-derive it.
 */
import { DAY_MS, FREE_SLOTS, PRO_SLOTS, RETENTION_DAYS } from './limits.ts';

/** The account states of docs/product.md §4 (the /account badge reads this). */
export type TAccountKind = 'free' | 'trial' | 'trial_expired' | 'pro' | 'grandfathered';

/** docs/product.md §3 subscription status. */
export type TSubscriptionStatus = 'pro_active' | 'free' | 'grace_period' | 'data_retention' | 'suspended' | 'grandfathered';

/** Which gallery banner the site shows (docs/product.md §2 /gallery, §4): exactly one per account. */
export type TBannerKind = 'none' | 'free' | 'trial' | 'trial_expired' | 'grace_period' | 'data_retention' | 'suspended' | 'grandfathered';

/** Trial banner colour (docs/product.md §4): 5+ days green, 2 to 4 yellow, under 2 orange. */
export type TTrialTone = 'green' | 'yellow' | 'orange';

/**
 * A billing provider's subscription status, in Stripe's words (the local test provider uses the
 * same ones): see https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses.
 */
export type TProviderStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'paused';

/** Why a subscription ended: the user cancelled, or the provider gave up on a renewal payment. */
export type TEndReason = 'cancelled' | 'payment_failed';

/**
 * The stored facts an account's state is computed from (the users row). Nothing derivable is
 * stored: PRO, trial, grace, retention and suspension all follow from these and `now`.
 */
export interface TAccountFacts {
  isGrandfathered: boolean;
  /** Set when the trial starts (start + 7 days); null when no trial was ever started. */
  trialEndDate: Date | null;
  /** The billing provider's customer, once one exists. */
  billingCustomerId: string | null;
  /** The current subscription's status at the provider, or null when there never was one. */
  subscriptionProviderStatus: string | null;
  subscriptionCancelAtPeriodEnd: boolean;
  /** End of the paid period (renewal date, or the end of a cancelled subscription's last period). */
  subscriptionPeriodEnd: Date | null;
  /** When the subscription ended at the provider (status canceled). */
  subscriptionEndedAt: Date | null;
  subscriptionEndReason: string | null;
  /** When the retention job deleted the cards past slot 10 (docs/choices.md 6); the account is then free. */
  retentionPurgedAt: Date | null;
}

/** What an account may do, what it is, and what the site shows for it. */
export interface TAccountState {
  kind: TAccountKind;
  subscriptionStatus: TSubscriptionStatus;
  banner: TBannerKind;
  /** docs/product.md §3 User.isPro: a paid subscription is in force (active, or cancelled with time left). */
  isPro: boolean;
  isTrialActive: boolean;
  /** Whole days left in the trial (rounded up), or null when no trial is running. */
  trialDaysLeft: number | null;
  trialTone: TTrialTone | null;
  /** A trial was started once (so it cannot start again, and 'Try PRO' becomes 'Upgrade'). */
  trialUsed: boolean;
  isGrandfathered: boolean;
  /** Layouts, full gallery, registry mode, swap, analytics (docs/choices.md 4). */
  hasProFeatures: boolean;
  /** False when the whole collection is view-only (an expired trial; a suspended account). */
  canEdit: boolean;
  /** Highest slot number the user may fill (docs/choices.md 3). */
  maxSlots: number;
  /** Data retention: cards past this slot are read-only and shown blurred; null otherwise. */
  readOnlyAbove: number | null;
  /** The end of the paid period while cancelled with time left (grace_period). */
  gracePeriodEndDate: Date | null;
  /** Data retention: when cards past slot 10 are due for deletion. */
  dataDeletionDate: Date | null;
  /** Days left on whichever clock runs: the trial, the grace period or data retention. */
  daysLeft: number | null;
  /** The subscription as the provider holds it, or null when there is none in force or ended. */
  subscription: null | {
    cancelAtPeriodEnd: boolean;
    /** The next renewal, or null when the subscription will not renew. */
    nextBillingDate: Date | null;
    /** A renewal payment failed and the provider is retrying it (PRO continues meanwhile). */
    paymentFailing: boolean;
  };
  /** What the server will accept from this account now (the UI offers exactly these). */
  actions: { subscribe: boolean; cancel: boolean; reactivate: boolean; portal: boolean };
}

type TPhase =
  | { kind: 'none' }
  | { kind: 'active'; periodEnd: Date | null; pastDue: boolean }
  | { kind: 'grace'; periodEnd: Date }
  | { kind: 'retention'; deleteAt: Date }
  | { kind: 'suspended'; recoverByPayment: boolean }
  | { kind: 'purged' };

const daysUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));

/** Where the subscription stands at `now` (docs/choices.md 6). */
function subscriptionPhase(f: TAccountFacts, now: Date): TPhase {
  const status = f.subscriptionProviderStatus;
  const periodEnd = f.subscriptionPeriodEnd;
  const ended = (at: Date | null, reason: string | null): TPhase => {
    if (reason === 'payment_failed') return { kind: 'suspended', recoverByPayment: true };
    const endedAt = at ?? periodEnd ?? now;
    if (f.retentionPurgedAt && f.retentionPurgedAt.getTime() >= endedAt.getTime()) return { kind: 'purged' };
    return { kind: 'retention', deleteAt: new Date(endedAt.getTime() + RETENTION_DAYS * DAY_MS) };
  };
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      if (f.subscriptionCancelAtPeriodEnd && periodEnd) {
        // Cancelled at period end: the provider ends it then, whether or not we heard yet.
        return now.getTime() < periodEnd.getTime() ? { kind: 'grace', periodEnd } : ended(periodEnd, 'cancelled');
      }
      return { kind: 'active', periodEnd, pastDue: status === 'past_due' };
    case 'unpaid':
    case 'paused':
      // The provider gave up on a renewal but keeps the subscription: paying the open invoice restores it.
      return { kind: 'suspended', recoverByPayment: false };
    case 'canceled':
      return ended(f.subscriptionEndedAt, f.subscriptionEndReason);
    default:
      // None, or a first payment that never succeeded (incomplete, incomplete_expired).
      return { kind: 'none' };
  }
}

/** Trial banner colour by whole days left (docs/product.md §4). */
export function trialTone(daysLeft: number): TTrialTone {
  if (daysLeft >= 5) return 'green';
  if (daysLeft >= 2) return 'yellow';
  return 'orange';
}

/**
 * Computes an account's state from its stored facts at `now`. Pure and total: every combination
 * of facts gives one answer. Order of precedence: a paid subscription, a running trial, a legacy
 * account, then what is left of an ended subscription, then free (or an expired trial).
 */
export function accountState(f: TAccountFacts, now: Date): TAccountState {
  const phase = subscriptionPhase(f, now);
  const paying = phase.kind === 'active' || phase.kind === 'grace';
  const trialEnd = f.trialEndDate;
  const trialRunning = trialEnd !== null && now.getTime() < trialEnd.getTime();
  // An expired trial is view-only (docs/product.md §4) only for accounts that never paid: one that paid and
  // cancelled follows the retention rules instead (docs/choices.md 6).
  const trialExpired = trialEnd !== null && !trialRunning && phase.kind === 'none';

  let kind: TAccountKind;
  if (paying) kind = 'pro';
  else if (trialRunning) kind = 'trial';
  else if (f.isGrandfathered) kind = 'grandfathered';
  else if (trialExpired) kind = 'trial_expired';
  else kind = 'free';

  let subscriptionStatus: TSubscriptionStatus;
  if (phase.kind === 'grace') subscriptionStatus = 'grace_period';
  else if (paying) subscriptionStatus = 'pro_active';
  else if (f.isGrandfathered) subscriptionStatus = 'grandfathered';
  else if (phase.kind === 'retention') subscriptionStatus = 'data_retention';
  else if (phase.kind === 'suspended') subscriptionStatus = 'suspended';
  else subscriptionStatus = 'free';

  let banner: TBannerKind;
  if (phase.kind === 'grace') banner = 'grace_period';
  else if (paying) banner = 'none';
  else if (trialRunning) banner = 'trial';
  else if (subscriptionStatus === 'grandfathered' || subscriptionStatus === 'data_retention' || subscriptionStatus === 'suspended') banner = subscriptionStatus;
  else banner = trialExpired ? 'trial_expired' : 'free';

  const hasProFeatures = kind === 'pro' || kind === 'trial' || kind === 'grandfathered';
  const suspended = subscriptionStatus === 'suspended' && !hasProFeatures;
  const retention = subscriptionStatus === 'data_retention' && !hasProFeatures;
  const trialDaysLeft = trialRunning ? daysUntil(trialEnd, now) : null;
  const gracePeriodEndDate = phase.kind === 'grace' ? phase.periodEnd : null;
  const dataDeletionDate = phase.kind === 'retention' ? phase.deleteAt : null;
  const liveAtProvider = phase.kind === 'active' || phase.kind === 'grace' || (phase.kind === 'suspended' && !phase.recoverByPayment);

  let daysLeft: number | null = null;
  if (gracePeriodEndDate) daysLeft = daysUntil(gracePeriodEndDate, now);
  else if (trialDaysLeft !== null) daysLeft = trialDaysLeft;
  else if (dataDeletionDate) daysLeft = daysUntil(dataDeletionDate, now);

  return {
    kind,
    subscriptionStatus,
    banner,
    isPro: paying,
    isTrialActive: trialRunning,
    trialDaysLeft,
    trialTone: trialDaysLeft === null ? null : trialTone(trialDaysLeft),
    trialUsed: trialEnd !== null,
    isGrandfathered: f.isGrandfathered,
    hasProFeatures,
    canEdit: kind !== 'trial_expired' && !suspended,
    maxSlots: kind === 'pro' || kind === 'trial' ? PRO_SLOTS : FREE_SLOTS,
    readOnlyAbove: retention ? FREE_SLOTS : null,
    gracePeriodEndDate,
    dataDeletionDate,
    daysLeft,
    subscription: liveAtProvider
      ? {
          cancelAtPeriodEnd: phase.kind === 'grace',
          nextBillingDate: phase.kind === 'active' ? phase.periodEnd : null,
          paymentFailing: (phase.kind === 'active' && phase.pastDue) || phase.kind === 'suspended',
        }
      : null,
    actions: {
      subscribe: !paying && !(phase.kind === 'suspended' && !phase.recoverByPayment),
      cancel: phase.kind === 'active',
      reactivate: phase.kind === 'grace' || phase.kind === 'retention' || (phase.kind === 'suspended' && phase.recoverByPayment),
      portal: f.billingCustomerId !== null,
    },
  };
}

/**
 * The retention rule the operators' job applies (docs/choices.md 6): null, or the slots past which
 * cards and images are due for deletion at `now`. Never due for a paying, trialing or legacy
 * account, nor before the 30 days of data retention have run out.
 */
export function retentionDue(f: TAccountFacts, now: Date): { deleteAbove: number } | null {
  const state = accountState(f, now);
  if (state.subscriptionStatus !== 'data_retention' || state.hasProFeatures || !state.dataDeletionDate) return null;
  return now.getTime() >= state.dataDeletionDate.getTime() ? { deleteAbove: FREE_SLOTS } : null;
}

/**
 * docs/choices.md 7: an admin is flagged in the database, by the CLI (`ratio users admin <email>`).
 * ADMIN_EMAILS is no longer read (docs/choices.md 43): it made admin whoever first signed up with a listed
 * address, proven or not; the server warns at start when it is still set.
 */
export function isAdmin(user: { isAdmin: boolean }): boolean {
  return user.isAdmin;
}
