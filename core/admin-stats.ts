/**
 * The admin figures (docs/product.md §2 Admin dashboard, §3 Admin stats, §9 admin figures): one function per
 * figure, from the counts the database aggregates. Pure: the API computes them and sends them;
 * the dashboard and `ratio stats` show what they are sent.
 */
import { FREE_SLOTS, PRO_PRICE_CENTS } from './limits.ts';

/** What the database counts (SQL aggregates over users and card_slots; never a row per user). */
export interface TStatsCounts {
  totalUsers: number;
  /** Accounts with a paid subscription in force: core/account.ts `isPro`. */
  proUsers: number;
  /** Accounts running a trial that are not PRO. */
  trialUsers: number;
  /** Accounts with PRO features (PRO, trial or legacy): core/account.ts `hasProFeatures`. */
  proFeatureUsers: number;
  totalCards: number;
  /** Cards held by accounts that are not PRO. */
  freeUserCards: number;
}

/** docs/product.md §3 User counts: everyone who is not PRO counts as free. */
export const freeUsers = (c: TStatsCounts): number => c.totalUsers - c.proUsers;

/** docs/product.md §9: $10 per PRO user per month, in cents. Monthly revenue and MRR are this figure. */
export const monthlyRevenueCents = (proUsers: number): number => proUsers * PRO_PRICE_CENTS;

/** Share of all accounts that pay (0..1; 0 with no users). */
export const conversionRate = (c: TStatsCounts): number => (c.totalUsers ? c.proUsers / c.totalUsers : 0);

/** Average revenue per user, over every account, in cents (rounded). */
export const arpuCents = (c: TStatsCounts): number => (c.totalUsers ? Math.round(monthlyRevenueCents(c.proUsers) / c.totalUsers) : 0);

/** Cards per account (0 with no users). */
export const averageCardsPerUser = (c: TStatsCounts): number => (c.totalUsers ? c.totalCards / c.totalUsers : 0);

/**
 * docs/product.md §9: free tier utilization assumes 10 cards per free user and is capped at 100%: the free
 * users' cards over 10 per free user (0..1; 0 with no free users).
 */
export const freeTierUtilization = (c: TStatsCounts): number => {
  const free = freeUsers(c);
  return free ? Math.min(1, c.freeUserCards / (free * FREE_SLOTS)) : 0;
};

/** Share of accounts that have the PRO features (PRO, trial or legacy), 0..1. */
export const proTierAdoption = (c: TStatsCounts): number => (c.totalUsers ? c.proFeatureUsers / c.totalUsers : 0);

/** Every figure of the dashboard, computed once. */
export interface TAdminFigures {
  conversionRate: number;
  monthlyRevenueCents: number;
  /** Monthly recurring revenue: PRO users x $10. */
  mrrCents: number;
  arpuCents: number;
  averageCardsPerUser: number;
  freeTierUtilization: number;
  proTierAdoption: number;
  pricePerProCents: number;
}

export function adminFigures(c: TStatsCounts): TAdminFigures {
  return {
    conversionRate: conversionRate(c),
    monthlyRevenueCents: monthlyRevenueCents(c.proUsers),
    mrrCents: monthlyRevenueCents(c.proUsers),
    arpuCents: arpuCents(c),
    averageCardsPerUser: averageCardsPerUser(c),
    freeTierUtilization: freeTierUtilization(c),
    proTierAdoption: proTierAdoption(c),
    pricePerProCents: PRO_PRICE_CENTS,
  };
}

/** A ratio 0..1 as the dashboard shows it: one decimal place, e.g. "12.5%". */
export const formatPercent = (ratio: number): string => `${(Math.round(ratio * 1000) / 10).toFixed(1)}%`;

/** The chart ranges the dashboard offers, in days. */
export const STATS_RANGES = { '30d': 30, '90d': 90, '1y': 365 } as const;
export type TStatsRange = keyof typeof STATS_RANGES;
