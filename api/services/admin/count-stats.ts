import type { Knex } from 'knex';
import type { TStatsCounts } from '../../../core/admin-stats.ts';
import { PAYING_AT, TRIAL_RUNNING_AT } from './account-sql.ts';

interface TRow {
  total_users: string | number;
  pro_users: string | number;
  trial_users: string | number;
  pro_feature_users: string | number;
  total_cards: string | number;
  pro_user_cards: string | number;
}

/** The one query behind the admin stats at `now` (bench/ EXPLAINs it). */
export function statsQuery(now: Date): { sql: string; bindings: Date[] } {
  // users.card_count is kept by the database (trigger card_slots_count): one scan of users.
  const sql = `
    SELECT
      count(*) AS total_users,
      count(*) FILTER (WHERE ${PAYING_AT}) AS pro_users,
      count(*) FILTER (WHERE ${TRIAL_RUNNING_AT} AND NOT ${PAYING_AT}) AS trial_users,
      count(*) FILTER (WHERE ${PAYING_AT} OR ${TRIAL_RUNNING_AT} OR u.is_grandfathered) AS pro_feature_users,
      coalesce(sum(u.card_count), 0) AS total_cards,
      coalesce(sum(u.card_count) FILTER (WHERE ${PAYING_AT}), 0) AS pro_user_cards
    FROM users u`;
  return { sql, bindings: Array.from({ length: sql.split('?').length - 1 }, () => now) };
}

/**
 * The counts behind every admin figure at `now`, in one query of SQL aggregates (core/account.ts's
 * rule in SQL), never a row per user in memory.
 */
export async function countStats(db: Knex, now: Date): Promise<TStatsCounts> {
  const { sql, bindings } = statsQuery(now);
  const result = (await db.raw(sql, bindings)) as { rows: TRow[] };
  const row = result.rows[0]!;
  return {
    totalUsers: Number(row.total_users),
    proUsers: Number(row.pro_users),
    trialUsers: Number(row.trial_users),
    proFeatureUsers: Number(row.pro_feature_users),
    totalCards: Number(row.total_cards),
    freeUserCards: Number(row.total_cards) - Number(row.pro_user_cards),
  };
}
