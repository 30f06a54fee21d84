import type { Knex } from 'knex';
import { monthlyRevenueCents, STATS_RANGES, type TStatsRange } from '../../../core/admin-stats.ts';
import type { TAdminSeries } from '../../../core/contracts/admin.types.ts';
import { DAY_MS } from '../../../core/limits.ts';

/** When each account's subscription started and stopped paying (null: still paying), from its stored facts. */
const SUBSCRIPTION_SPANS = `
  SELECT coalesce(u.subscription_started_at, u.created_at) AS s,
    CASE
      WHEN u.subscription_provider_status IN ('active', 'trialing', 'past_due')
        THEN CASE WHEN u.subscription_cancel_at_period_end THEN u.subscription_period_end END
      WHEN u.subscription_provider_status = 'canceled' THEN coalesce(u.subscription_ended_at, u.subscription_period_end)
      ELSE u.subscription_period_end
    END AS e
  FROM users u
  WHERE u.subscription_provider_status IN ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'paused')`;

const TRIAL_SPANS = `
  SELECT coalesce(u.trial_started_at, u.trial_end_date - interval '7 days') AS s, u.trial_end_date AS e
  FROM users u WHERE u.trial_end_date IS NOT NULL`;

type TRows = { rows: Array<{ b: number | string; n: number | string }> };

/**
 * How many spans are open at the end of each day: each start adds one from its day on, each end
 * takes one away (an event on or before the range's start counts from the first day). Grouped
 * per day in SQL, summed here: one scan, whatever the range.
 */
async function openPerDay(db: Knex, spans: string, start: Date, now: Date, days: number): Promise<number[]> {
  const sql = `
    WITH spans AS (${spans}),
    events AS (SELECT s AS at, 1 AS delta FROM spans UNION ALL SELECT e, -1 FROM spans WHERE e IS NOT NULL)
    SELECT greatest(-1, ceil(extract(epoch FROM (at - ?::timestamptz)) / 86400)::int - 1) AS b, sum(delta) AS n
    FROM events WHERE at <= ? GROUP BY 1`;
  const { rows } = (await db.raw(sql, [start, now])) as TRows;
  const deltas = new Array<number>(days + 1).fill(0);
  for (const r of rows) deltas[Number(r.b) + 1]! += Number(r.n);
  const open: number[] = [];
  let running = deltas[0]!;
  for (let i = 0; i < days; i++) {
    running += deltas[i + 1]!;
    open.push(running);
  }
  return open;
}

/** Rows of `table` whose created_at falls on each day of the range. */
async function addedPerDay(db: Knex, table: 'users' | 'card_slots', start: Date, now: Date, days: number): Promise<number[]> {
  const sql = `
    SELECT floor(extract(epoch FROM (created_at - ?::timestamptz)) / 86400)::int AS b, count(*) AS n
    FROM ${table} WHERE created_at >= ? AND created_at <= ? GROUP BY 1`;
  const { rows } = (await db.raw(sql, [start, start, now])) as TRows;
  const counts = new Array<number>(days).fill(0);
  for (const r of rows) {
    const b = Number(r.b);
    if (b >= 0 && b < days) counts[b]! += Number(r.n);
  }
  return counts;
}

/**
 * The dashboard's charts over the last 30 days, 90 days or a year (UTC days, today last), from
 * stored facts: sign-ups (account created), PRO users and running trials at each day's end (their
 * start and end dates), MRR (PRO users x $10, core/admin-stats.ts) and cards added (card rows
 * still held). Read-only.
 */
export async function adminSeries(opts: { db: Knex; now: Date; range: TStatsRange }): Promise<TAdminSeries> {
  const days = STATS_RANGES[opts.range];
  const today = Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), opts.now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const [signups, proUsers, trialUsers, cardsAdded] = await Promise.all([
    addedPerDay(opts.db, 'users', start, opts.now, days),
    openPerDay(opts.db, SUBSCRIPTION_SPANS, start, opts.now, days),
    openPerDay(opts.db, TRIAL_SPANS, start, opts.now, days),
    addedPerDay(opts.db, 'card_slots', start, opts.now, days),
  ]);
  return {
    range: opts.range,
    days: Array.from({ length: days }, (_, i) => new Date(start.getTime() + i * DAY_MS).toISOString()),
    signups,
    proUsers,
    trialUsers,
    mrrCents: proUsers.map(monthlyRevenueCents),
    cardsAdded,
  };
}
