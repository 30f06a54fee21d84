/**
 * Demo data for trying Ratio and its admin dashboard: accounts in every state of core/account.ts,
 * signed up over the last 120 days, with cards added since. Deterministic (a fixed pseudo-random
 * sequence), and idempotent: accounts are keyed by email (demo-<n>@ratio.local) and a second run
 * adds only the ones missing.
 */
import type { Knex } from 'knex';
import { DAY_MS, FREE_SLOTS, TRIAL_DAYS } from '../../core/limits.ts';
import { hashPassword } from '../password.ts';
import { CardSlot } from '../models/CardSlot.ts';
import { User } from '../models/User.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'ratio-demo';
export const demoEmail = (n: number) => `demo-${n}@ratio.local`;

/** A small deterministic generator (mulberry32), so two seeds of one size hold the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLAYERS = ['Shohei Ohtani', 'Mike Trout', 'Ken Griffey Jr.', 'LeBron James', 'Patrick Mahomes', 'Wayne Gretzky', 'Julio Rodriguez', 'Victor Wembanyama'];

/** The stored facts of demo account n, signed up at `joined` (every 9th PRO, some trials, a few legacy…). */
function facts(n: number, joined: number, now: number, rnd: () => number): Partial<User> {
  const kind = n % 9;
  const trialEnd = joined + TRIAL_DAYS * DAY_MS;
  const sub = (startAt: number, extra: Partial<User>): Partial<User> => ({
    billingCustomerId: `demo_cus_${n}`,
    subscriptionId: `demo_sub_${n}`,
    subscriptionStartedAt: new Date(startAt),
    subscriptionProviderStatus: 'active',
    subscriptionCancelAtPeriodEnd: false,
    subscriptionSyncedAt: new Date(now),
    ...extra,
  });
  const periodEnd = (from: number) => new Date(now + ((from - now) % (30 * DAY_MS)) + 30 * DAY_MS);
  if (kind === 0 || kind === 4) return sub(joined + DAY_MS, { subscriptionPeriodEnd: periodEnd(joined) });
  if (kind === 1)
    return now < trialEnd
      ? { trialStartedAt: new Date(joined), trialEndDate: new Date(trialEnd) }
      : { trialStartedAt: new Date(joined), trialEndDate: new Date(trialEnd), ...sub(trialEnd, { subscriptionPeriodEnd: periodEnd(trialEnd) }) };
  if (kind === 2) return { trialStartedAt: new Date(joined), trialEndDate: new Date(trialEnd) };
  if (kind === 3 && rnd() < 0.5) {
    const ended = Math.min(now - DAY_MS, joined + 40 * DAY_MS);
    return sub(joined, {
      subscriptionProviderStatus: 'canceled',
      subscriptionCancelAtPeriodEnd: true,
      subscriptionPeriodEnd: new Date(ended),
      subscriptionEndedAt: new Date(ended),
      subscriptionEndReason: 'cancelled',
    });
  }
  if (kind === 5 && n % 2 === 0) return { isGrandfathered: true };
  return {};
}

/**
 * Adds `count` demo accounts (those not there yet) with their cards, in batches; `onProgress`
 * hears how far it got. Returns how many accounts and cards were added.
 */
export async function seedDemo(opts: {
  db: Knex;
  count: number;
  now: Date;
  onProgress?: (done: number, total: number) => void;
}): Promise<{ users: number; cards: number }> {
  const now = opts.now.getTime();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const added = { users: 0, cards: 0 };
  const batch = 100;
  for (let start = 1; start <= opts.count; start += batch) {
    const numbers = Array.from({ length: Math.min(batch, opts.count - start + 1) }, (_, i) => start + i);
    await opts.db.transaction(async (trx) => {
      const existing = new Set((await User.query(trx).select('email').whereIn('email', numbers.map(demoEmail))).map((u) => u.email));
      for (const n of numbers) {
        if (existing.has(demoEmail(n))) continue;
        const rnd = random(n);
        // Trials (every 9th + 1) mostly joined lately, so some are still running.
        const joined = now - Math.floor(rnd() * (n % 9 === 1 ? 12 : 120) * DAY_MS) - DAY_MS;
        const user = await User.query(trx).insertAndFetch({
          email: demoEmail(n),
          passwordHash,
          firstName: 'Demo',
          lastName: `Collector ${n}`,
          createdAt: new Date(joined),
          updatedAt: new Date(joined),
          ...facts(n, joined, now, rnd),
        });
        const paid = user.subscriptionProviderStatus !== null;
        const cards = Math.floor(rnd() * (paid ? 40 : FREE_SLOTS + 1));
        const rows = Array.from({ length: cards }, (_, i) => {
          const cents = 500 + Math.floor(rnd() * 50000);
          const at = new Date(joined + Math.floor(rnd() * (now - joined)));
          return {
            userId: user.id,
            slotNumber: i + 1,
            title: `${2018 + (i % 7)} ${PLAYERS[(n + i) % PLAYERS.length]}`,
            description: 'PSA 10',
            value: `$${(cents / 100).toFixed(2)}`,
            valueCents: cents,
            peakValueCents: cents,
            createdAt: at,
            updatedAt: at,
          };
        });
        if (rows.length) await CardSlot.query(trx).insert(rows);
        added.users += 1;
        added.cards += cards;
      }
    });
    opts.onProgress?.(Math.min(start + batch - 1, opts.count), opts.count);
  }
  return added;
}
