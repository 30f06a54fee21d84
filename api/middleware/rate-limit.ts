import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.ts';

/** The limits of issue #2 (login, forgot-password) and of card analysis, per IP and per account. */
export interface RateLimits {
  loginIp: RateLimiterMemory;
  loginAccount: RateLimiterMemory;
  forgotIp: RateLimiterMemory;
  forgotAccount: RateLimiterMemory;
  registerIp: RateLimiterMemory;
  analyzeIp: RateLimiterMemory;
}

/** Creates the limiters. `scale` multiplies every allowance (tests that need headroom). */
export function createRateLimits(scale = 1): RateLimits {
  const make = (points: number, duration: number) => new RateLimiterMemory({ points: points * scale, duration });
  return {
    loginIp: make(30, 15 * 60),
    loginAccount: make(10, 15 * 60),
    forgotIp: make(10, 60 * 60),
    forgotAccount: make(3, 60 * 60),
    registerIp: make(20, 60 * 60),
    analyzeIp: make(20, 60),
  };
}

/** Spends one point of each key; throws the 429 AppError when any is exhausted. */
export async function consume(...pairs: Array<[RateLimiterMemory, string]>): Promise<void> {
  for (const [limiter, key] of pairs) {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }
}
