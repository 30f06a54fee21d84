import { describe, expect, it } from 'vitest';
import { accountState, isAdmin, retentionDue, trialTone, type TAccountFacts } from './account.ts';

const now = new Date('2026-11-21T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 3600 * 1000);
const base: TAccountFacts = {
  isGrandfathered: false,
  trialEndDate: null,
  billingCustomerId: null,
  subscriptionProviderStatus: null,
  subscriptionCancelAtPeriodEnd: false,
  subscriptionPeriodEnd: null,
  subscriptionEndedAt: null,
  subscriptionEndReason: null,
  retentionPurgedAt: null,
};
const paid = { ...base, billingCustomerId: 'cus_1', subscriptionProviderStatus: 'active', subscriptionPeriodEnd: days(20) };

describe('accountState: free and trial', () => {
  it('a new free user edits 10 slots without PRO features and sees the free banner', () => {
    expect(accountState(base, now)).toMatchObject({
      kind: 'free',
      subscriptionStatus: 'free',
      banner: 'free',
      isPro: false,
      isTrialActive: false,
      trialDaysLeft: null,
      trialUsed: false,
      canEdit: true,
      maxSlots: 10,
      hasProFeatures: false,
      readOnlyAbove: null,
      subscription: null,
      actions: { subscribe: true, cancel: false, reactivate: false, portal: false },
    });
  });

  it('a running trial is PRO features for 1000 slots, days left rounded up, coloured by days left', () => {
    const s = accountState({ ...base, trialEndDate: days(6.2) }, now);
    expect(s).toMatchObject({
      kind: 'trial',
      subscriptionStatus: 'free',
      banner: 'trial',
      isPro: false,
      isTrialActive: true,
      trialDaysLeft: 7,
      trialTone: 'green',
      daysLeft: 7,
      canEdit: true,
      maxSlots: 1000,
      hasProFeatures: true,
      trialUsed: true,
    });
    expect(accountState({ ...base, trialEndDate: days(4) }, now).trialTone).toBe('yellow');
    expect(accountState({ ...base, trialEndDate: days(0.5) }, now)).toMatchObject({ trialDaysLeft: 1, trialTone: 'orange' });
  });

  it('an expired trial is view-only with its banner (docs/product.md §4), and ends exactly at its end date', () => {
    expect(accountState({ ...base, trialEndDate: days(-1) }, now)).toMatchObject({
      kind: 'trial_expired',
      banner: 'trial_expired',
      isTrialActive: false,
      canEdit: false,
      maxSlots: 10,
      hasProFeatures: false,
    });
    expect(accountState({ ...base, trialEndDate: now }, now).kind).toBe('trial_expired');
  });

  it('trial tone thresholds: 5+ green, 2-4 yellow, under 2 orange', () => {
    expect([7, 5, 4, 2, 1, 0].map(trialTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'orange', 'orange']);
  });

  it('grandfathered accounts keep 10 slots with every feature and the legacy banner', () => {
    expect(accountState({ ...base, isGrandfathered: true }, now)).toMatchObject({
      kind: 'grandfathered',
      subscriptionStatus: 'grandfathered',
      banner: 'grandfathered',
      canEdit: true,
      maxSlots: 10,
      hasProFeatures: true,
    });
  });
});

describe('accountState: the subscription lifecycle (docs/choices.md 6)', () => {
  it('an active subscription is PRO and wins over an expired trial', () => {
    expect(accountState({ ...paid, trialEndDate: days(-3) }, now)).toMatchObject({
      kind: 'pro',
      subscriptionStatus: 'pro_active',
      banner: 'none',
      isPro: true,
      canEdit: true,
      maxSlots: 1000,
      subscription: { cancelAtPeriodEnd: false, nextBillingDate: days(20), paymentFailing: false },
      actions: { subscribe: false, cancel: true, reactivate: false, portal: true },
    });
  });

  it('a first payment that never went through is not PRO', () => {
    for (const status of ['incomplete', 'incomplete_expired']) {
      expect(accountState({ ...paid, subscriptionProviderStatus: status }, now)).toMatchObject({ kind: 'free', isPro: false, subscription: null });
    }
  });

  it('a renewal being retried (past_due) keeps PRO and says the payment is failing', () => {
    expect(accountState({ ...paid, subscriptionProviderStatus: 'past_due' }, now)).toMatchObject({
      subscriptionStatus: 'pro_active',
      isPro: true,
      subscription: { paymentFailing: true },
    });
  });

  it('cancelled at period end: grace period with full PRO until the period ends, Reactivate offered', () => {
    const s = accountState({ ...paid, subscriptionCancelAtPeriodEnd: true, subscriptionPeriodEnd: days(9.5) }, now);
    expect(s).toMatchObject({
      kind: 'pro',
      subscriptionStatus: 'grace_period',
      banner: 'grace_period',
      isPro: true,
      hasProFeatures: true,
      maxSlots: 1000,
      gracePeriodEndDate: days(9.5),
      daysLeft: 10,
      subscription: { cancelAtPeriodEnd: true, nextBillingDate: null },
      actions: { cancel: false, reactivate: true, subscribe: false },
    });
  });

  it('at the period end the cancelled account is in data retention for 30 days, even before the provider says so', () => {
    const facts = { ...paid, subscriptionCancelAtPeriodEnd: true, subscriptionPeriodEnd: days(-2) };
    const heardFromProvider = {
      ...paid,
      subscriptionProviderStatus: 'canceled',
      subscriptionPeriodEnd: days(-2),
      subscriptionEndedAt: days(-2),
      subscriptionEndReason: 'cancelled',
    };
    for (const f of [facts, heardFromProvider]) {
      expect(accountState(f, now)).toMatchObject({
        kind: 'free',
        subscriptionStatus: 'data_retention',
        banner: 'data_retention',
        isPro: false,
        hasProFeatures: false,
        canEdit: true,
        maxSlots: 10,
        readOnlyAbove: 10,
        dataDeletionDate: days(28),
        daysLeft: 28,
        subscription: null,
        actions: { reactivate: true, cancel: false },
      });
    }
  });

  it('a user who trialed, paid and cancelled is in retention, not view-only', () => {
    const f = { ...paid, trialEndDate: days(-60), subscriptionProviderStatus: 'canceled', subscriptionEndedAt: days(-1), subscriptionEndReason: 'cancelled' };
    expect(accountState(f, now)).toMatchObject({ kind: 'free', canEdit: true, subscriptionStatus: 'data_retention' });
  });

  it('after the retention job ran the account is free; a later subscription that ends retains again', () => {
    const ended = { ...paid, subscriptionProviderStatus: 'canceled', subscriptionEndedAt: days(-40), subscriptionEndReason: 'cancelled' };
    expect(accountState(ended, now)).toMatchObject({ subscriptionStatus: 'data_retention', daysLeft: 0 });
    expect(accountState({ ...ended, retentionPurgedAt: days(-9) }, now)).toMatchObject({
      subscriptionStatus: 'free',
      banner: 'free',
      readOnlyAbove: null,
      canEdit: true,
    });
    expect(accountState({ ...ended, subscriptionEndedAt: days(-1), retentionPurgedAt: days(-9) }, now).subscriptionStatus).toBe('data_retention');
  });

  it('a renewal the provider gave up on suspends the account: view-only, no PRO', () => {
    const unpaid = accountState({ ...paid, subscriptionProviderStatus: 'unpaid' }, now);
    expect(unpaid).toMatchObject({
      kind: 'free',
      subscriptionStatus: 'suspended',
      banner: 'suspended',
      isPro: false,
      canEdit: false,
      hasProFeatures: false,
      subscription: { paymentFailing: true },
      actions: { subscribe: false, reactivate: false, portal: true },
    });
    const cancelledForNonPayment = accountState(
      { ...paid, subscriptionProviderStatus: 'canceled', subscriptionEndedAt: days(-1), subscriptionEndReason: 'payment_failed' },
      now,
    );
    expect(cancelledForNonPayment).toMatchObject({ subscriptionStatus: 'suspended', canEdit: false, actions: { subscribe: true, reactivate: true } });
  });
});

describe('retentionDue', () => {
  const ended = { ...paid, subscriptionProviderStatus: 'canceled', subscriptionEndedAt: days(-31), subscriptionEndReason: 'cancelled' };

  it('is due 30 days after the subscription ended, for cards past slot 10', () => {
    expect(retentionDue(ended, now)).toEqual({ deleteAbove: 10 });
    expect(retentionDue({ ...ended, subscriptionEndedAt: days(-29) }, now)).toBeNull();
  });

  it('never touches a paying, trialing, legacy, suspended, free or already purged account', () => {
    expect(retentionDue(paid, now)).toBeNull();
    expect(retentionDue({ ...ended, trialEndDate: days(3) }, now)).toBeNull();
    expect(retentionDue({ ...ended, isGrandfathered: true }, now)).toBeNull();
    expect(retentionDue({ ...ended, subscriptionEndReason: 'payment_failed' }, now)).toBeNull();
    expect(retentionDue(base, now)).toBeNull();
    expect(retentionDue({ ...ended, retentionPurgedAt: days(-1) }, now)).toBeNull();
  });
});

describe('isAdmin', () => {
  it('is the stored flag only (ADMIN_EMAILS is no longer read, docs/choices.md 43)', () => {
    expect(isAdmin({ isAdmin: true })).toBe(true);
    expect(isAdmin({ isAdmin: false })).toBe(false);
  });
});
