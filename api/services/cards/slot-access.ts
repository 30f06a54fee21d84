import { accountStatus } from '../../../core/account.ts';
import { FREE_SLOTS, PRO_SLOTS } from '../../../core/limits.ts';
import type { User } from '../../../db/models/User.ts';
import { upgradeRequired } from '../../errors.ts';

/**
 * The server's edit rule (decisions.md 2–3): an expired trial is view-only, and a slot past the
 * user's range needs PRO. Throws 403 { requiresUpgrade: true } when refused.
 */
export function assertCanEditSlots(user: User, now: Date, slotNumbers: number[]): void {
  const status = accountStatus(user, now);
  if (!status.canEdit) {
    throw upgradeRequired('Your 7-day PRO trial has ended. Your cards are in view-only mode until you upgrade to PRO.');
  }
  const beyond = slotNumbers.find((n) => n > status.maxSlots);
  if (beyond !== undefined) {
    throw upgradeRequired(
      status.maxSlots === FREE_SLOTS
        ? `Free accounts hold ${FREE_SLOTS} cards. Upgrade to PRO for up to ${PRO_SLOTS.toLocaleString('en-US')}.`
        : `Slot ${beyond} is beyond your ${status.maxSlots} slots.`,
    );
  }
}
