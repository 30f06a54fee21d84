import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consume } from '../../api/middleware/rate-limit.ts';
import { createRateLimits } from '../../api/services/limits/rate-limits.ts';
import { migrateLatest } from '../../db/connection.ts';
import { createTestDb, type TTestDb } from '../helpers/db.ts';
import { createLogger } from '../../api/logger.ts';
import { createSharedRateLimits } from '../../api/services/limits/shared-rate-limits.ts';
import { reachRedis } from '../helpers/scale.ts';
import { startTestServer } from '../helpers/server.ts';
import type { TApiBody } from '../helpers/http.ts';

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

describe('share-link limits in Redis', () => {
  it('two app instances on one Redis count a visitor of share links together', async () => {
    const redis = await reachRedis();
    const limits = () => createSharedRateLimits({ REDIS_URL: redis.url, DATABASE_URL: undefined }, testDb.db, createLogger('silent'));
    const env = { TRUST_PROXY: 'true' };
    const [a, b] = await Promise.all([
      limits().then((l) => startTestServer({ env, deps: { limits: l } })),
      limits().then((l) => startTestServer({ env, deps: { limits: l } })),
    ]);
    try {
      // One address per run: Redis keeps its count for the window, across runs on the machine's Redis.
      const ip = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
      const visit = (srv: typeof a) => fetch(`${srv.url}/api/share/${'A'.repeat(43)}`, { headers: { 'x-forwarded-for': ip } });
      // 120 share pages a minute per address, whichever instance answers.
      for (let i = 0; i < 120; i++) expect((await visit(i % 2 ? b : a)).status).toBe(404);
      for (const res of [await visit(a), await visit(b)]) {
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await res.json()) as TApiBody).error?.code).toBe('rate_limited');
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([a.deps.limits.close?.(), b.deps.limits.close?.()]);
      await redis.close();
    }
  });
});
