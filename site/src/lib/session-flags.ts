/**
 * sessionStorage key set when a visitor leaves the landing page through 'Start Your Collection'
 * (docs/product.md §2 /, §3 "a from-landing session flag"). Value: 'true'.
 */
export const FROM_LANDING_KEY = 'ratio-from-landing';

/**
 * sessionStorage key set by the anonymous wall's 'Start Free Trial' (docs/product.md §2 /collection): the
 * visitor asked for the trial, so the account made on /pricing starts it at once. Value: 'true'.
 */
export const TRIAL_INTENT_KEY = 'ratio-trial-intent';
