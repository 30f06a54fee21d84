import { EXPIRED_MESSAGE, expiryInFuture, testCardOutcome, type TTestCardOutcome } from '../../../../core/billing.ts';
import type { TTestCardInput } from '../../../../core/contracts/billing.types.ts';
import { paymentFailed } from '../../../errors.ts';

/**
 * Charges a test card in local billing: the card's outcome when the charge goes through ('succeeds',
 * or 'renewals_declined' which pays now and fails later), else 402 payment_failed with the words
 * Stripe uses (docs/product.md §8 'Payment Failed' shows them).
 */
export function chargeTestCard(card: TTestCardInput, now: Date): Exclude<TTestCardOutcome, 'declined'> {
  if (!expiryInFuture(card.expiry, now)) throw paymentFailed(EXPIRED_MESSAGE, 'expired_card');
  const { outcome, message } = testCardOutcome(card.number);
  if (outcome === 'declined') throw paymentFailed(message ?? 'Your card was declined.', 'card_declined');
  return outcome;
}
