import { once } from 'node:events';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import type { TEnv } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { createRateLimits, type RateLimits } from './rate-limits.ts';

/**
 * The limits of a server, counted where every process of the deployment sees them: in Redis with
 * REDIS_URL, else in PostgreSQL with DATABASE_URL, else in this process's memory (one process on
 * the embedded database).
 */
export async function createSharedRateLimits(env: Pick<TEnv, 'REDIS_URL' | 'DATABASE_URL'>, db: Knex, log: Logger): Promise<RateLimits> {
  if (env.REDIS_URL) {
    // No offline queue: while Redis is away a limit is counted in memory at once (the insurance
    // limiter), not queued behind a reconnect.
    const client = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    client.on('error', (err: Error) => log.warn({ err: err.message }, 'rate limits: Redis unreachable, counting in memory meanwhile'));
    await Promise.race([client.connect().catch(() => undefined), once(client, 'ready'), new Promise((r) => setTimeout(r, 5000).unref())]);
    const limits = createRateLimits(1, { kind: 'redis', client });
    limits.close = async () => {
      client.disconnect();
    };
    return limits;
  }
  if (env.DATABASE_URL) return createRateLimits(1, { kind: 'postgres', db });
  return createRateLimits();
}
