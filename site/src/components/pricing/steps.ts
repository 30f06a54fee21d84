import type { TUser } from '../../stores/user.ts';

/**
 * The steps of /pricing (docs/product.md §2 /pricing, §4): signup (default), trial and payment. Trial and
 * payment toggle between each other; payment is the first step when ?trial_upgrade=true.
 */
export type TPricingStep = 'signup' | 'trial' | 'payment';

/** What every step view receives. */
export interface TStepProps {
  /** Moves to another step. */
  goTo: (step: TPricingStep) => void;
  /** The signed-in user, null for a visitor, undefined while loading. */
  user: TUser | null | undefined;
  /** Opened with ?trial_upgrade=true (a running trial moving to paid PRO). */
  trialUpgrade: boolean;
}

/** What the page's query asks for (docs/product.md §2 /pricing). utm_source is read and, by the spec, unused. */
export interface TPricingQuery {
  trialUpgrade: boolean;
  /** Both present with trial_upgrade=true: go straight to /payment with them. */
  payment: { clientSecret: string; subscriptionId: string } | null;
  utmSource: string | null;
}

/** Reads the page's query string. */
export function readPricingQuery(search: string): TPricingQuery {
  const q = new URLSearchParams(search);
  const trialUpgrade = q.get('trial_upgrade') === 'true';
  const clientSecret = q.get('client_secret');
  const subscriptionId = q.get('subscription_id');
  return {
    trialUpgrade,
    payment: trialUpgrade && clientSecret && subscriptionId ? { clientSecret, subscriptionId } : null,
    utmSource: q.get('utm_source'),
  };
}

/**
 * The step to open with: payment for a trial upgrade; for a signed-in user the trial step until a
 * trial was used, then payment (an Upgrade button never leads to the signup form); else signup.
 */
export function initialStep(query: TPricingQuery, user: TUser | null | undefined): TPricingStep {
  if (query.trialUpgrade) return 'payment';
  if (!user) return 'signup';
  return user.trialUsed ? 'payment' : 'trial';
}

/** What the 7-day trial includes (docs/product.md §2 /pricing trial step). */
export const TRIAL_INCLUSIONS: readonly string[] = [
  'Every PRO feature for 7 days',
  'Up to 1,000 card slots',
  'Your saved cards moved to your gallery',
  'No payment needed to start',
];
