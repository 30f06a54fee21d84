/**
 * GET /api/admin/stats (and the charts' series) on PostgreSQL with 100,000 users and 1,000,000
 * cards, seeded with generate_series in SQL. Prints the time of each query (median of 7 after a
 * warm-up) and the plan of the stats query, with the indexes it uses.
 *   npm run bench -- admin-stats
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { adminSeries } from '../api/services/admin/admin-series.ts';
import { adminStats } from '../api/services/admin/admin-stats.ts';
import { statsQuery } from '../api/services/admin/count-stats.ts';
import { migrateLatest } from '../db/connection.ts';
import { createTestDb, postgresReachable } from '../tests/helpers/db.ts';
import { fmt } from './lib.ts';

const USERS = 100_000;
const CARDS_PER_USER = 10;

if (!(await postgresReachable())) {
  console.error('PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432)');
  process.exit(1);
}
const testDb = await createTestDb('postgres');
const { db } = testDb;
try {
  await migrateLatest(db);
  let t = performance.now();
  // Every 10th account pays, every 10th runs or ran a trial, some cancelled, some legacy; signed up over a year.
  await db.raw(`
    INSERT INTO users (email, password_hash, first_name, last_name, created_at, updated_at, is_grandfathered,
      trial_started_at, trial_end_date, billing_customer_id, subscription_id, subscription_provider_status,
      subscription_cancel_at_period_end, subscription_period_end, subscription_ended_at, subscription_end_reason, subscription_started_at)
    SELECT 'u' || i || '@bench.local', 'x', 'Bench', 'User ' || i, now() - (i % 365) * interval '1 day', now(), i % 50 = 5,
      CASE WHEN i % 10 = 2 THEN now() - (i % 14) * interval '1 day' END,
      CASE WHEN i % 10 = 2 THEN now() - (i % 14) * interval '1 day' + interval '7 days' END,
      CASE WHEN i % 10 IN (0, 3) THEN 'cus_b' || i END, CASE WHEN i % 10 IN (0, 3) THEN 'sub_b' || i END,
      CASE WHEN i % 10 = 0 THEN 'active' WHEN i % 10 = 3 THEN 'canceled' END,
      i % 10 = 3, CASE WHEN i % 10 IN (0, 3) THEN now() + interval '10 days' - (i % 40) * interval '1 day' END,
      CASE WHEN i % 10 = 3 THEN now() - (i % 40) * interval '1 day' END, CASE WHEN i % 10 = 3 THEN 'cancelled' END,
      CASE WHEN i % 10 IN (0, 3) THEN now() - (i % 365) * interval '1 day' + interval '1 day' END
    FROM generate_series(1, ${USERS}) AS i`);
  // A bulk load counts once at the end (as the migration's backfill does), not per row.
  await db.raw('ALTER TABLE card_slots DISABLE TRIGGER card_slots_count');
  await db.raw(`
    INSERT INTO card_slots (user_id, slot_number, title, value, value_cents, created_at, updated_at)
    SELECT u.id, s, 'Card ' || s, '$10', 1000, u.created_at + s * interval '1 hour', now()
    FROM users u CROSS JOIN generate_series(1, ${CARDS_PER_USER}) AS s`);
  await db.raw('UPDATE users u SET card_count = (SELECT count(*) FROM card_slots c WHERE c.user_id = u.id)');
  await db.raw('ALTER TABLE card_slots ENABLE TRIGGER card_slots_count');
  // What autovacuum does to a live database after a bulk load: statistics and the visibility map.
  await db.raw('VACUUM ANALYZE users');
  await db.raw('VACUUM ANALYZE card_slots');
  const counts = (await db.raw('SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM card_slots) AS cards')) as {
    rows: Array<{ users: string; cards: string }>;
  };
  console.log(`seeded ${counts.rows[0]!.users} users and ${counts.rows[0]!.cards} cards in ${fmt((performance.now() - t) / 1000)} s`);

  const time = async (label: string, fn: () => Promise<unknown>) => {
    await fn();
    const runs: number[] = [];
    for (let i = 0; i < 7; i++) {
      t = performance.now();
      await fn();
      runs.push(performance.now() - t);
    }
    runs.sort((a, b) => a - b);
    console.log(`${label.padEnd(28)} median ${fmt(runs[3]!)} ms   min ${fmt(runs[0]!)} ms   max ${fmt(runs[6]!)} ms`);
  };
  const now = new Date();
  const stats = await adminStats({ db, now });
  console.log(`stats: ${stats.totalUsers} users, ${stats.proUsers} pro, ${stats.totalCards} cards, $${stats.monthlyRevenue} MRR`);
  await time('admin stats (goal < 200 ms)', () => adminStats({ db, now }));
  await time('series 30 days', () => adminSeries({ db, now, range: '30d' }));
  await time('series 1 year', () => adminSeries({ db, now, range: '1y' }));

  const { sql, bindings } = statsQuery(now);
  const plan = (await db.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, bindings)) as { rows: Array<{ 'QUERY PLAN': string }> };
  console.log('\nplan of the stats query:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  const indexed = plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /Index/.test(l));
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  // The stats read every user once (a sequential scan is the right plan) and no card: each user's
  // card_count is kept by a trigger. The series use the created_at indexes for short ranges.
  console.log(
    `\nindexes used by the stats query: ${indexed.length ? indexed.map((l) => l.trim()).join(' | ') : 'none (one pass over users; card_slots is not read)'}`,
  );
} finally {
  await testDb.drop();
}
