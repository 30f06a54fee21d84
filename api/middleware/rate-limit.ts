import type { Middleware } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.ts';

/** Every rate limit of the API: per client address (ctx.ip), per account, or both. */
export interface RateLimits {
  /** Sign-in attempts per address, counted before the body is read. */
  loginIp: RateLimiterMemory;
  /** Failed sign-ins per account and address: one address cannot lock the owner out elsewhere. */
  loginFailsPair: RateLimiterMemory;
  /** Failed sign-ins per account from every address; once spent, only addresses with no failures may try. */
  loginFailsAccount: RateLimiterMemory;
  forgotIp: RateLimiterMemory;
  forgotAccount: RateLimiterMemory;
  /** Reset-link uses per address (each valid one hashes a password). */
  resetIp: RateLimiterMemory;
  /** Password changes per account (each checks the current password and hashes the new one). */
  changePasswordAccount: RateLimiterMemory;
  registerIp: RateLimiterMemory;
  analyzeIp: RateLimiterMemory;
}

/** Creates the limiters. `scale` multiplies every allowance (tests that need headroom). */
export function createRateLimits(scale = 1): RateLimits {
  const make = (points: number, duration: number) => new RateLimiterMemory({ points: points * scale, duration });
  return {
    loginIp: make(30, 15 * 60),
    loginFailsPair: make(10, 15 * 60),
    loginFailsAccount: make(100, 60 * 60),
    forgotIp: make(10, 60 * 60),
    forgotAccount: make(3, 60 * 60),
    resetIp: make(10, 15 * 60),
    changePasswordAccount: make(10, 15 * 60),
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

/**
 * Middleware: spends one point of the client address's allowance before anything else of the
 * route runs (the body is not even read), so a flood costs the server almost nothing.
 */
export function limitByIp(limiter: RateLimiterMemory): Middleware {
  return async (ctx, next) => {
    await consume([limiter, ctx.ip]);
    return next();
  };
}
