import type { Middleware } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.ts';
import type { TLimiter } from '../services/limits/rate-limits.ts';

/** Spends one point of each key; throws the 429 AppError when any is exhausted. */
export async function consume(...pairs: Array<[TLimiter, string]>): Promise<void> {
  for (const [limiter, key] of pairs) {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }
}

/**
 * Middleware: spends one point of the client address's allowance before anything else of the
 * route runs (the body is not even read), so a flood costs the server almost nothing.
 */
export function limitByIp(limiter: TLimiter): Middleware {
  return async (ctx, next) => {
    await consume([limiter, ctx.ip]);
    return next();
  };
}
