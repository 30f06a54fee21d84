import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** One limiter: in this process's memory, or in a store every process shares. */
export type TLimiter = RateLimiterAbstract;

/**
 * Where limits are counted: in memory (one process), or shared by every process in Redis (an
 * ioredis client) or PostgreSQL (the app's knex, table `rate_limits`).
 */
export type TLimitStore = { kind: 'memory' } | { kind: 'redis'; client: unknown } | { kind: 'postgres'; db: Knex };

/** Every rate limit of the API: per client address (ctx.ip), per account, or both. */
export interface RateLimits {
  /** Sign-in attempts per address, counted before the body is read. */
  loginIp: TLimiter;
  /** Failed sign-ins per account and address: one address cannot lock the owner out elsewhere. */
  loginFailsPair: TLimiter;
  /** Failed sign-ins per account from every address; once spent, only addresses with no failures may try. */
  loginFailsAccount: TLimiter;
  forgotIp: TLimiter;
  forgotAccount: TLimiter;
  /** Reset-link uses per address (each valid one hashes a password). */
  resetIp: TLimiter;
  /** Password changes per account (each checks the current password and hashes the new one). */
  changePasswordAccount: TLimiter;
  registerIp: TLimiter;
  analyzeIp: TLimiter;
  /** Shared pages, their JSON and preview image, per address. */
  sharePageIp: TLimiter;
  /** Photos read through a share link, per address: a 1,000-card wall needs 1,000 thumbnails. */
  shareImageIp: TLimiter;
  /** Closes the shared store's connection (the server's shutdown). */
  close?(): Promise<void>;
}

/**
 * Creates the limiters. `scale` multiplies every allowance (tests that need headroom). In a shared
 * store each limiter has its own key prefix, and falls back to memory (this process's own count)
 * while the store does not answer, so an outage of Redis or PostgreSQL never refuses sign-ins.
 */
export function createRateLimits(scale = 1, store: TLimitStore = { kind: 'memory' }): RateLimits {
  const make = (points: number, duration: number, name: string): TLimiter => {
    const opts = { points: points * scale, duration, keyPrefix: `ratio:${name}` };
    if (store.kind === 'memory') return new RateLimiterMemory(opts);
    const insuranceLimiter = new RateLimiterMemory(opts);
    if (store.kind === 'redis') return new RateLimiterRedis({ ...opts, storeClient: store.client, insuranceLimiter, rejectIfRedisNotReady: true });
    // The table comes from a migration (20261126110000_rate_limits); expired rows are cleared hourly.
    return new RateLimiterPostgres({
      ...opts,
      storeClient: store.db,
      storeType: 'knex',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: true,
      insuranceLimiter,
    });
  };
  return {
    loginIp: make(30, 15 * 60, 'loginIp'),
    loginFailsPair: make(10, 15 * 60, 'loginFailsPair'),
    loginFailsAccount: make(100, 60 * 60, 'loginFailsAccount'),
    forgotIp: make(10, 60 * 60, 'forgotIp'),
    forgotAccount: make(3, 60 * 60, 'forgotAccount'),
    resetIp: make(10, 15 * 60, 'resetIp'),
    changePasswordAccount: make(10, 15 * 60, 'changePasswordAccount'),
    registerIp: make(20, 60 * 60, 'registerIp'),
    analyzeIp: make(20, 60, 'analyzeIp'),
    sharePageIp: make(120, 60, 'sharePageIp'),
    shareImageIp: make(3000, 60, 'shareImageIp'),
  };
}
