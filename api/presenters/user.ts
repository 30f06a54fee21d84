import { accountState, isAdmin } from '../../core/account.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import type { User } from '../../db/models/User.ts';

/** Presents a user with the account state computed at `now`; never includes the password hash or provider ids. */
export function presentUser(user: User, now: Date): TUserView {
  const state = accountState(user, now);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isPro: state.isPro,
    isTrialActive: state.isTrialActive,
    trialEndDate: user.trialEndDate ? user.trialEndDate.toISOString() : null,
    isGrandfathered: user.isGrandfathered,
    isAdmin: isAdmin(user),
    accountStatus: state.kind,
    subscriptionStatus: state.subscriptionStatus,
    banner: state.banner,
    trialDaysLeft: state.trialDaysLeft,
    trialTone: state.trialTone,
    trialUsed: state.trialUsed,
    hasProFeatures: state.hasProFeatures,
    canEdit: state.canEdit,
    maxSlots: state.maxSlots,
    readOnlyAbove: state.readOnlyAbove,
  };
}
