import { accountStatus } from '../../core/account.ts';
import type { User } from '../../db/models/User.ts';

/** What the client sees of a user (spec §3 User plus the derived account status). */
export interface TUserView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isPro: boolean;
  isTrialActive: boolean;
  trialEndDate: string | null;
  isGrandfathered: boolean;
  isAdmin: boolean;
  accountStatus: string;
  trialDaysLeft: number | null;
  canEdit: boolean;
  maxSlots: number;
}

/** Presents a user; never includes the password hash. */
export function presentUser(user: User, now: Date, adminEmails: string[]): TUserView {
  const status = accountStatus(user, now);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isPro: user.isPro,
    isTrialActive: status.isTrialActive,
    trialEndDate: user.trialEndDate ? user.trialEndDate.toISOString() : null,
    isGrandfathered: user.isGrandfathered,
    isAdmin: user.isAdmin || adminEmails.includes(user.email),
    accountStatus: status.kind,
    trialDaysLeft: status.trialDaysLeft,
    canEdit: status.canEdit,
    maxSlots: status.maxSlots,
  };
}
