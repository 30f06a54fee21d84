import type { Knex } from 'knex';
import type { TStatsCounts } from '../../../core/admin-stats.ts';
import { PAYING_AT, TRIAL_RUNNING_AT } from './account-sql.ts';

interface TRow {
  total_users: string | number;
  pro_users: string | number;
  trial_users: string | number;
  pro_feature_users: string | number;
  total_cards: string | number | null;
  free_user_cards: string | number | null;
}

/**
 * The counts behind every admin figure at `now`, in one query: aggregates over users joined to
 * each user's card count (core/account.ts's rule in SQL), never a row per user in memory.
 */
export async function countStats(db: Knex, now: Date): Promise<TStatsCounts> {
  const sql = `
    WITH per_user AS (SELECT user_id, count(*) AS n FROM card_slots GROUP BY user_id)
    SELECT
      count(*) AS total_users,
      count(*) FILTER (WHERE ${PAYING_AT}) AS pro_users,
      count(*) FILTER (WHERE ${TRIAL_RUNNING_AT} AND NOT ${PAYING_AT}) AS trial_users,
      count(*) FILTER (WHERE ${PAYING_AT} OR ${TRIAL_RUNNING_AT} OR u.is_grandfathered) AS pro_feature_users,
      coalesce(sum(p.n), 0) AS total_cards,
      coalesce(sum(p.n) FILTER (WHERE NOT ${PAYING_AT}), 0) AS free_user_cards
    FROM users u LEFT JOIN per_user p ON p.user_id = u.id`;
  // Every `?` is the clock the rule is read at.
  const bindings = Array.from({ length: sql.split('?').length - 1 }, () => now);
  const result = (await db.raw(sql, bindings)) as { rows: TRow[] };
  const row = result.rows[0]!;
  return {
    totalUsers: Number(row.total_users),
    proUsers: Number(row.pro_users),
    trialUsers: Number(row.trial_users),
    proFeatureUsers: Number(row.pro_feature_users),
    totalCards: Number(row.total_cards ?? 0),
    freeUserCards: Number(row.free_user_cards ?? 0),
  };
}
