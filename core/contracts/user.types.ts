/**
 * Contracts of the current-user calls (docs/product.md §3 User, §7): what GET /api/user and friends answer,
 * and the request schemas of the profile calls.
 */
import { z } from 'zod';
import type { TAccountKind, TBannerKind, TSubscriptionStatus, TTrialTone } from '../account.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import type { TCountsValue } from '../prices.ts';

/**
 * A user as the client sees it: docs/product.md §3 User plus the account state computed by
 * core/account.ts. The site shows these fields as they are and never re-derives them.
 */
export interface TUserView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** A paid subscription is in force (active, or cancelled with time left). */
  isPro: boolean;
  isTrialActive: boolean;
  trialEndDate: string | null;
  isGrandfathered: boolean;
  isAdmin: boolean;
  /** free | trial | trial_expired | pro | grandfathered: the /account badge. */
  accountStatus: TAccountKind;
  /** docs/product.md §3 subscription status. */
  subscriptionStatus: TSubscriptionStatus;
  /** The one gallery banner to show. */
  banner: TBannerKind;
  trialDaysLeft: number | null;
  /** Trial banner colour, while a trial runs. */
  trialTone: TTrialTone | null;
  /** A trial was started once: 'Try PRO' becomes 'Upgrade'. */
  trialUsed: boolean;
  /** Layouts, full gallery, registry mode, swap, full insights. */
  hasProFeatures: boolean;
  /** False when the whole collection is view-only. */
  canEdit: boolean;
  /** Highest slot number the user may fill. */
  maxSlots: number;
  /** Data retention: cards past this slot are read-only and shown blurred; null otherwise. */
  readOnlyAbove: number | null;
  /** Which value of the wall's cards counts in totals (docs/choices.md 45): own or market. */
  countsValue?: TCountsValue;
}

const name = z.string().trim().min(1, 'is required').max(100, 'is too long');
/** A new password: docs/product.md §5's minimum, and a maximum that bounds hashing cost. */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);
/** An existing password (only bounded). */
export const ZAnyPassword = z.string().min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);
/** A first or last name, trimmed (docs/product.md §5). */
export const ZName = name;

/** PATCH /api/auth/user. */
export const ZUpdateName = z.object({ firstName: name, lastName: name });
/** POST /api/auth/change-password. */
export const ZChangePassword = z.object({ currentPassword: ZAnyPassword, newPassword: ZNewPassword });
