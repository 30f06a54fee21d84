/**
 * sessionStorage key set when a visitor leaves the landing page through 'Start Your Collection'
 * (spec §2 /, §3 "a from-landing session flag"). Value: 'true'.
 */
export const FROM_LANDING_KEY = 'ratio-from-landing';
