import { backupAnonymousCollection } from '../../stores/anonymous-collection.ts';

/** Spec §2 note under every 'Start Free Trial' of the anonymous wall. */
export const TRIAL_NOTE = 'No payment needed to start. Just $10/month after 7 days. Cancel anytime.';

/**
 * 'Start Free Trial': writes the image-less backup of the cards, then goes to /pricing (even when
 * storage refused the backup: the collection itself is still in place for the transfer).
 */
export function startFreeTrial(): void {
  backupAnonymousCollection();
  window.location.assign('/pricing');
}
