import { accountState, type TAccountState } from '../../core/account.ts';
import type { TBillingMode } from '../../core/billing.ts';
import type { TSubscriptionStatusView } from '../../core/contracts/billing.types.ts';
import type { User } from '../../db/models/User.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The words that go with a subscription status. */
function message(state: TAccountState): string {
  switch (state.subscriptionStatus) {
    case 'pro_active':
      return state.subscription?.paymentFailing
        ? 'Your last payment did not go through. It will be retried: update your card in the billing portal to keep PRO.'
        : 'Your PRO subscription is active.';
    case 'grace_period':
      return 'Your subscription is cancelled. You keep every PRO feature until the end of the billing period.';
    case 'data_retention':
      return state.daysLeft
        ? `Your subscription has ended. Cards past slot 10 are read-only and will be deleted in ${plural(state.daysLeft, 'day')} unless you reactivate.`
        : 'Your subscription has ended. Cards past slot 10 are due for deletion unless you reactivate now.';
    case 'suspended':
      return 'Your account is suspended because a renewal payment failed. Update your payment method to restore PRO.';
    case 'grandfathered':
      return 'Legacy account: 10 cards with every PRO feature.';
    case 'free':
      if (state.isTrialActive && state.trialDaysLeft !== null) return `Your PRO trial has ${plural(state.trialDaysLeft, 'day')} left.`;
      if (state.kind === 'trial_expired') return 'Your 7-day PRO trial has ended. Subscribe to PRO to edit your gallery again.';
      return 'You are on the free plan: 10 slots.';
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** docs/product.md §3 Subscription status of an account at `now`, from core/account.ts. */
export function presentSubscription(user: User, now: Date, billing: TBillingMode): TSubscriptionStatusView {
  const state = accountState(user, now);
  return {
    isPro: state.isPro,
    status: state.subscriptionStatus,
    message: message(state),
    daysLeft: state.daysLeft,
    gracePeriodEndDate: iso(state.gracePeriodEndDate),
    dataDeletionDate: iso(state.dataDeletionDate),
    stripeDetails: state.subscription
      ? { nextBillingDate: iso(state.subscription.nextBillingDate), cancelAtPeriodEnd: state.subscription.cancelAtPeriodEnd }
      : null,
    paymentFailing: state.subscription?.paymentFailing ?? state.subscriptionStatus === 'suspended',
    actions: state.actions,
    billing,
  };
}
