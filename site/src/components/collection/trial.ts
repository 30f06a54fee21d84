import { backupAnonymousCollection } from '../../stores/anonymous-collection.ts';
import { TRIAL_INTENT_KEY } from '../../lib/session-flags.ts';

/** docs/product.md §2 note under every 'Start Free Trial' of the anonymous wall. */
export const TRIAL_NOTE = 'No payment needed to start. Just $10/month after 7 days. Cancel anytime.';

/**
 * 'Start Free Trial': writes the image-less backup of the cards, remembers that the visitor asked
 * for the trial (the account made on /pricing then starts it), then goes to /pricing (even when
 * storage refused the backup: the collection itself is still in place for the transfer).
 */
export function startFreeTrial(): void {
  backupAnonymousCollection();
  try {
    sessionStorage.setItem(TRIAL_INTENT_KEY, 'true');
  } catch {
    // No session storage: signup leads to the trial step instead of starting the trial.
  }
  window.location.assign('/pricing');
}
