import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consume } from '../../api/middleware/rate-limit.ts';
import { createRateLimits } from '../../api/services/limits/rate-limits.ts';
import { migrateLatest } from '../../db/connection.ts';
import { createTestDb, type TTestDb } from '../helpers/db.ts';

/**
 * Without Redis, limits are counted in PostgreSQL (table rate_limits): two processes' limiters,
 * each on its own connection pool, spend one allowance; a third after the window starts afresh.
 */
let testDb: TTestDb;
let other: Knex;
beforeAll(async () => {
  testDb = await createTestDb('postgres');
  await migrateLatest(testDb.db);
  other = knexFactory({ client: 'pg', connection: testDb.url!, pool: { min: 0, max: 2 } });
});
afterAll(async () => {
  await other?.destroy();
  await testDb?.drop();
});

describe('rate limits in PostgreSQL', () => {
  it('two processes spend one allowance per address', async () => {
    const a = createRateLimits(1, { kind: 'postgres', db: testDb.db });
    const b = createRateLimits(1, { kind: 'postgres', db: other });
    for (let i = 0; i < 30; i++) await consume([(i % 2 ? b : a).loginIp, '203.0.113.7']);
    await expect(consume([a.loginIp, '203.0.113.7'])).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    await expect(consume([b.loginIp, '203.0.113.7'])).rejects.toMatchObject({ status: 429 });
    // Another address, and another limiter with the same key, have their own counts.
    await expect(consume([b.loginIp, '203.0.113.8'])).resolves.toBeUndefined();
    await expect(consume([a.registerIp, '203.0.113.7'])).resolves.toBeUndefined();
    const rows = await testDb.db('rate_limits').select('key', 'points').orderBy('key');
    expect(rows).toContainEqual({ key: 'ratio:loginIp:203.0.113.7', points: 32 });
  });
});
