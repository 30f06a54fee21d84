import type { Knex } from 'knex';
import { adminFigures, freeUsers, monthlyRevenueCents } from '../../../core/admin-stats.ts';
import type { TAdminStats } from '../../../core/contracts/admin.types.ts';
import { countStats } from './count-stats.ts';

/** docs/product.md §3 Admin stats at `now`, with every dashboard figure (core/admin-stats.ts). Read-only. */
export async function adminStats(opts: { db: Knex; now: Date }): Promise<TAdminStats> {
  const counts = await countStats(opts.db, opts.now);
  return {
    totalUsers: counts.totalUsers,
    freeUsers: freeUsers(counts),
    proUsers: counts.proUsers,
    trialUsers: counts.trialUsers,
    monthlyRevenue: monthlyRevenueCents(counts.proUsers) / 100,
    totalCards: counts.totalCards,
    timestamp: opts.now.toISOString(),
    figures: adminFigures(counts),
  };
}
