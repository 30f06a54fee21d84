/**
 * Billing facts shared by the API and the site: the price, and the test cards of local billing
 * ("test mode": no real card is ever charged). The API decides every outcome; the site only lists
 * the cards on the TEST MODE form.
 */
import { PRO_PRICE_CENTS } from './limits.ts';

/** Which billing provider runs, and whether money is real. Local billing is always 'test'. */
export interface TBillingMode {
  provider: 'stripe' | 'local';
  mode: 'test' | 'live';
}

/** What a test card does in local billing. */
export type TTestCardOutcome = 'succeeds' | 'declined' | 'renewals_declined';

export interface TTestCard {
  /** Digits only. */
  number: string;
  outcome: TTestCardOutcome;
  /** What the form can say about it. */
  description: string;
}

/** The test cards local billing knows (Stripe's own test numbers, so the habit carries over). */
export const TEST_CARDS: readonly TTestCard[] = [
  { number: '4242424242424242', outcome: 'succeeds', description: 'Succeeds, and so does every renewal' },
  { number: '4000000000000002', outcome: 'declined', description: 'Declined' },
  { number: '4000000000000341', outcome: 'renewals_declined', description: 'Succeeds now; every renewal is declined' },
];

/** The provider's words for a declined test card (shown under 'Payment Failed', docs/product.md §8). */
export const DECLINED_MESSAGE = 'Your card was declined.';
/** The words for a card number that is not a test card. */
export const NOT_A_TEST_CARD_MESSAGE = 'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.';
/** The words for an expiry date in the past. */
export const EXPIRED_MESSAGE = 'Your card has expired.';

/** Where local billing's hosted pages live on this site (the TEST MODE stand-ins for Stripe's). */
export const TEST_CHECKOUT_PATH = '/test-checkout';
export const TEST_PORTAL_PATH = '/test-billing-portal';

/** The PRO price as shown: '$10/month'. */
export const PRO_PRICE_LABEL = `$${PRO_PRICE_CENTS / 100}/month`;

/** The outcome of a card number in local billing: known test cards as listed, anything else declined. */
export function testCardOutcome(number: string): { outcome: TTestCardOutcome; message: string | null } {
  const digits = number.replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!card) return { outcome: 'declined', message: NOT_A_TEST_CARD_MESSAGE };
  return { outcome: card.outcome, message: card.outcome === 'declined' ? DECLINED_MESSAGE : null };
}

/** True when an 'MM/YY' expiry is this month or later. */
export function expiryInFuture(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/**
 * When a new subscription's first charge falls (docs/choices.md 47 item 13): upgrading during a running
 * trial keeps the trial's days, so the paid period starts when the trial ends; otherwise it starts
 * now (null). The provider is asked for exactly this (Stripe's `trial_end`; local billing's the same).
 */
export function firstChargeDate(trialEndDate: Date | null, now: Date): Date | null {
  return trialEndDate && trialEndDate.getTime() > now.getTime() ? trialEndDate : null;
}

/** The payment step's words for a first charge deferred to the trial's end. */
export function deferredChargeText(chargeDay: string): string {
  return `Your card is charged $${(PRO_PRICE_CENTS / 100).toFixed(2)} on ${chargeDay}, when your trial ends.`;
}
