import type { TUser } from '../stores/user.ts';

/** How a status badge is drawn. */
export type TBadgeTone = 'accent' | 'success' | 'neutral' | 'warning';

/** The account badge of docs/product.md §2 /account: its words, an optional detail beside it, and its tone. */
export interface TStatusBadge {
  label: string;
  /** e.g. '5 days left' for a trial. */
  detail?: string;
  tone: TBadgeTone;
}

/** Days-left text for a trial, e.g. '5 days left', '1 day left', 'Trial ends today'. */
export function trialDaysText(days: number | null): string | null {
  if (days === null) return null;
  if (days <= 0) return 'Trial ends today';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/**
 * The badge for an account: PRO TRIAL (with days left), PRO, LEGACY (10 CARDS) or FREE ACCOUNT.
 * An expired trial is a free account again (it may still view its cards).
 */
export function statusBadge(user: Pick<TUser, 'accountStatus' | 'trialDaysLeft'>): TStatusBadge {
  switch (user.accountStatus) {
    case 'trial': {
      const detail = trialDaysText(user.trialDaysLeft);
      return detail ? { label: 'PRO TRIAL', detail, tone: 'accent' } : { label: 'PRO TRIAL', tone: 'accent' };
    }
    case 'pro':
      return { label: 'PRO', tone: 'accent' };
    case 'grandfathered':
      return { label: 'LEGACY (10 CARDS)', tone: 'success' };
    case 'trial_expired':
      return { label: 'FREE ACCOUNT', detail: '7-day PRO trial ended', tone: 'neutral' };
    default:
      return { label: 'FREE ACCOUNT', tone: 'neutral' };
  }
}
