/**
 * Contracts of the admin calls (docs/product.md §3 Admin stats, §7 GET /api/admin/stats; docs/choices.md 7).
 */
import { z } from 'zod';
import { STATS_RANGES, type TAdminFigures } from '../admin-stats.ts';

/** GET /api/admin/stats: docs/product.md §3 Admin stats, plus the dashboard's figures computed by core/admin-stats.ts. */
export interface TAdminStats {
  totalUsers: number;
  freeUsers: number;
  proUsers: number;
  trialUsers: number;
  /** Dollars per month (docs/product.md §3); `figures.monthlyRevenueCents` holds the cents. */
  monthlyRevenue: number;
  totalCards: number;
  timestamp: string;
  figures: TAdminFigures;
}

/** One day of the dashboard charts (UTC days, oldest first). */
export interface TAdminSeries {
  range: keyof typeof STATS_RANGES;
  /** Start of each UTC day, ISO. */
  days: string[];
  signups: number[];
  proUsers: number[];
  trialUsers: number[];
  mrrCents: number[];
  cardsAdded: number[];
}

export const ZSeriesQuery = z.object({
  range: z.enum(Object.keys(STATS_RANGES) as [keyof typeof STATS_RANGES, ...Array<keyof typeof STATS_RANGES>]).default('30d'),
});
