import type { Command } from 'commander';
import type { Knex } from 'knex';
import { formatPercent } from '../../core/admin-stats.ts';
import { formatCents } from '../../core/format.ts';
import type { TAdminStats } from '../../core/contracts/admin.types.ts';
import { adminStats } from '../../api/services/admin/admin-stats.ts';
import { printJson } from '../output.ts';
import { onDb } from '../on-db.ts';

/** The admin dashboard's figures (docs/product.md §2, §3 Admin stats), as GET /api/admin/stats answers them. */
export function runStats(db: Knex, now = new Date()): Promise<TAdminStats> {
  return adminStats({ db, now });
}

/** The stats as the dashboard words them, for the terminal. */
export function describeStats(s: TAdminStats): string[] {
  const f = s.figures;
  // Adoption counts every account with the PRO features: paying, on a trial, or legacy.
  const withProFeatures = Math.round(f.proTierAdoption * s.totalUsers);
  const legacy = Math.max(0, withProFeatures - s.proUsers - s.trialUsers);
  return [
    `Platform Analytics at ${s.timestamp}`,
    `Total Users          ${s.totalUsers} (${s.proUsers} pro, paying; ${s.freeUsers} free, of whom ${s.trialUsers} on a trial and ${legacy} legacy)`,
    `Monthly Revenue      ${formatCents(f.monthlyRevenueCents)}`,
    `Conversion Rate      ${formatPercent(f.conversionRate)}`,
    `Total Cards          ${s.totalCards}`,
    '',
    'Revenue Breakdown',
    `  Pro users x ${formatCents(f.pricePerProCents)}   ${s.proUsers} x ${formatCents(f.pricePerProCents)} = ${formatCents(f.monthlyRevenueCents)}`,
    `  MRR                ${formatCents(f.mrrCents)}`,
    `  ARPU               ${formatCents(f.arpuCents)}`,
    '',
    'User Engagement',
    `  Avg cards per user      ${f.averageCardsPerUser.toFixed(1)}`,
    `  Free tier utilization   ${formatPercent(f.freeTierUtilization)}`,
    `  Pro tier adoption       ${formatPercent(f.proTierAdoption)} (${withProFeatures} with PRO features: ${s.proUsers} pro + ${s.trialUsers} on a trial + ${legacy} legacy)`,
  ];
}

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description('the admin dashboard figures: users, revenue, conversion, cards')
    .option('--json', 'print the stats as JSON (the GET /api/admin/stats answer)')
    .action(async (opts: { json?: boolean }) => {
      const stats = await onDb((db) => runStats(db));
      if (opts.json) printJson(stats);
      else for (const l of describeStats(stats)) console.log(l);
    });
}
