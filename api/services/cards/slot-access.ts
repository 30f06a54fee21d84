import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import { FREE_SLOTS, PRO_SLOTS } from '../../../core/limits.ts';
import type { User } from '../../../db/models/User.ts';
import { upgradeRequired } from '../../errors.ts';
import { formatCount } from '../../../core/format.ts';
import { lockUser } from '../accounts/lock-user.ts';

/**
 * The server's edit rule (docs/choices.md 2, 3, 6), read from core/account.ts: an expired trial and a
 * suspended account are view-only; a slot past the user's range needs PRO (in data retention the
 * cards there are read-only). Throws 403 { requiresUpgrade: true } when refused.
 */
export function assertCanEditSlots(user: User, now: Date, slotNumbers: number[]): void {
  const state = accountState(user, now);
  if (!state.canEdit) {
    throw upgradeRequired(
      state.subscriptionStatus === 'suspended'
        ? 'Your account is suspended because a renewal payment failed. Update your payment method to edit your gallery again.'
        : 'Your 7-day PRO trial has ended. Your cards are in view-only mode until you upgrade to PRO.',
    );
  }
  const beyond = slotNumbers.find((n) => n > state.maxSlots);
  if (beyond === undefined) return;
  if (state.readOnlyAbove !== null) {
    throw upgradeRequired(`Cards past slot ${state.readOnlyAbove} are read-only until you reactivate PRO.`);
  }
  throw upgradeRequired(
    state.maxSlots === FREE_SLOTS
      ? `Free accounts hold ${FREE_SLOTS} cards. Upgrade to PRO for up to ${formatCount(PRO_SLOTS)}.`
      : `Slot ${beyond} is beyond your ${state.maxSlots} slots.`,
  );
}

/**
 * The first step of every gallery write's transaction: locks the user's row (lockUser, which also
 * bumps the gallery version) and applies the edit rule again to the row as it is now, since the
 * account may have lapsed or been suspended after the request's own check. `assert` is the rule
 * (assertCanEditSlots unless the write has a stricter one). Returns the locked user.
 */
export async function lockEditor(
  trx: Knex.Transaction,
  userId: number,
  now: Date,
  slotNumbers: number[],
  assert: (user: User, now: Date, slotNumbers: number[]) => void = assertCanEditSlots,
): Promise<User> {
  const user = await lockUser(trx, userId);
  assert(user, now, slotNumbers);
  return user;
}
