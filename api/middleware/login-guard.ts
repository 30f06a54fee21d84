import { RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.ts';
import type { RateLimits } from '../services/limits/rate-limits.ts';

/**
 * Sign-in lock-out that only the guesser feels (docs/choices.md 18). Failures are counted per account
 * and address, and per account overall:
 * - an address with 10 failures on an account waits 15 minutes for that account;
 * - an account with 100 failures in an hour (many addresses guessing) then accepts attempts only
 *   from addresses that have not failed on it, so its owner still signs in from their own device;
 * - a successful sign-in or a password reset clears the account's overall count.
 * Failures are recorded after the password check; nothing is spent by a right password.
 */
export function loginGuard(limits: RateLimits, email: string, ip: string) {
  const account = email.trim().toLowerCase();
  const pair = `${account}\n${ip}`;
  const refuse = (res: RateLimiterRes) => tooManyRequests(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  return {
    /** Throws the 429 when this address may not try this account now. */
    async check(): Promise<void> {
      const [byPair, byAccount] = await Promise.all([limits.loginFailsPair.get(pair), limits.loginFailsAccount.get(account)]);
      if (byPair && byPair.consumedPoints >= limits.loginFailsPair.points) throw refuse(byPair);
      if (byAccount && byAccount.consumedPoints >= limits.loginFailsAccount.points && byPair && byPair.consumedPoints > 0) {
        throw refuse(byAccount);
      }
    },
    /** Records a wrong password (or unknown email) from this address. */
    async failed(): Promise<void> {
      await Promise.all([spend(limits.loginFailsPair, pair), spend(limits.loginFailsAccount, account)]);
    },
    /** A right password: this address's failures and the account's overall count are forgotten. */
    async succeeded(): Promise<void> {
      await Promise.all([limits.loginFailsPair.delete(pair), limits.loginFailsAccount.delete(account)]);
    },
  };
}

/** Clears an account's overall failure count (after a password reset). */
export async function clearLoginFailures(limits: RateLimits, email: string): Promise<void> {
  await limits.loginFailsAccount.delete(email.trim().toLowerCase());
}

/** Spends a point; an exhausted limiter is the expected end state, not an error. */
async function spend(limiter: RateLimits['loginFailsPair'], key: string): Promise<void> {
  await limiter.consume(key).catch((err: unknown) => {
    if (!(err instanceof RateLimiterRes)) throw err;
  });
}
