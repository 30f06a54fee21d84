/**
 * The steps of /pricing (spec §2 /pricing, §4): signup (default), trial and payment. Trial and
 * payment toggle between each other; payment is the first step when ?trial_upgrade=true.
 */
export type TPricingStep = 'signup' | 'trial' | 'payment';

/** What every step view receives: a way to move to another step. */
export interface TStepProps {
  goTo: (step: TPricingStep) => void;
}

/** The step to open with, from the page's query string. */
export function initialStep(search: string): TPricingStep {
  return new URLSearchParams(search).get('trial_upgrade') === 'true' ? 'payment' : 'signup';
}

/** The features PRO adds (spec §2 /pricing), listed on the signup and trial steps. */
export const PRO_FEATURES: readonly string[] = [
  'Up to 1,000 cards',
  'Advanced portfolio analytics',
  'Custom grid layouts',
  'Card swap',
  'Priority support',
];
