import { FREE_SLOTS, PRO_SLOTS } from './limits.ts';

/** The account states of spec §4. */
export type TAccountKind = 'free' | 'trial' | 'pro' | 'grandfathered' | 'trial_expired';

/** The stored facts an account status is computed from. */
export interface TAccountFacts {
  isPro: boolean;
  isGrandfathered: boolean;
  trialEndDate: Date | null;
}

export interface TAccountStatus {
  kind: TAccountKind;
  isTrialActive: boolean;
  /** Whole days left in the trial (rounded up), or null when no trial is running. */
  trialDaysLeft: number | null;
  /** decisions.md 2: isPro || isGrandfathered || trialActive || neverHadTrial. */
  canEdit: boolean;
  /** Highest slot number the user may fill (decisions.md 3). */
  maxSlots: number;
  /** Layouts, full gallery, registry mode, swap, analytics (decisions.md 4). */
  hasProFeatures: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Computes the account status from stored facts and a clock. Pure; the API and the UI both use it,
 * so they cannot disagree.
 */
export function accountStatus(facts: TAccountFacts, now: Date): TAccountStatus {
  const end = facts.trialEndDate;
  const trialRunning = end !== null && now.getTime() < end.getTime();
  let kind: TAccountKind;
  if (facts.isPro) kind = 'pro';
  else if (trialRunning) kind = 'trial';
  else if (facts.isGrandfathered) kind = 'grandfathered';
  else if (end !== null) kind = 'trial_expired';
  else kind = 'free';

  const isTrialActive = kind === 'trial';
  return {
    kind,
    isTrialActive,
    trialDaysLeft: isTrialActive && end ? Math.ceil((end.getTime() - now.getTime()) / DAY_MS) : null,
    canEdit: kind !== 'trial_expired',
    maxSlots: kind === 'pro' || kind === 'trial' ? PRO_SLOTS : FREE_SLOTS,
    hasProFeatures: kind === 'pro' || kind === 'trial' || kind === 'grandfathered',
  };
}
