/**
 * GET /api/admin/stats and /api/admin/series (docs/product.md §2 Admin dashboard, §3 Admin stats, §9;
 * docs/choices.md 7): admins only; every figure checked against a seeded set whose answers this file
 * works out on its own; the SQL form of the account rule counts what core/account.ts says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountState } from '../../core/account.ts';
import type { TAdminSeries, TAdminStats } from '../../core/contracts/admin.types.ts';
import { DAY_MS } from '../../core/limits.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User } from '../../db/models/User.ts';
import { countStats } from '../../api/services/admin/count-stats.ts';
import { accountWithClient, addCards, createAccount, signedIn, type TAccountPreset } from '../helpers/factories.ts';
import { startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100, env: { ADMIN_EMAILS: 'boss@ratio.local' } });
});
afterAll(async () => {
  await srv?.close();
});

// How many accounts of each state, and how many cards each holds.
const SEED: Array<[TAccountPreset, number, number]> = [
  ['free', 6, 4],
  ['trial', 3, 25],
  ['trial_expired', 2, 10],
  ['pro', 4, 60],
  ['grace', 1, 15],
  ['retention', 2, 30],
  ['suspended', 1, 12],
  ['grandfathered', 2, 10],
];

describe('admin stats', () => {
  it('answers 401 signed out, 403 with the Access Denied words to a non-admin, and the stats to an admin (the flag only)', async () => {
    expect((await srv.client().get('/api/admin/stats')).status).toBe(401);
    const { client } = await accountWithClient(srv, 'pro');
    const denied = await client.get('/api/admin/stats');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: { code: 'admin_required', message: 'Admin access required to view this dashboard.' } });
    expect((await client.get('/api/admin/series')).status).toBe(403);

    const flagged = await accountWithClient(srv, 'free');
    await User.query(srv.deps.db).patch({ isAdmin: true }).where('id', flagged.user.id);
    expect((await flagged.client.get('/api/admin/stats')).status).toBe(200);
    // ADMIN_EMAILS is no longer read (docs/choices.md 43): a sign-up with a listed address, in any case, is no admin.
    for (const email of ['boss@ratio.local', 'BOSS@Ratio.Local']) {
      const client = srv.client();
      const reg = await client.post('/api/register', { email, password: 'a-long-password', firstName: 'Not', lastName: 'Boss' });
      expect(reg.status).toBe(201);
      expect(reg.body).toMatchObject({ isAdmin: false });
      expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: false });
      expect((await client.get('/api/admin/stats')).status).toBe(403);
      await User.query(srv.deps.db).delete().where('email', email.toLowerCase());
    }
  });

  it('refuses an unknown chart range with a 400, not a 500', async () => {
    const admin = await createAccount(srv.deps.db, 'free');
    await User.query(srv.deps.db).patch({ isAdmin: true }).where('id', admin.id);
    const client = await signedIn(srv, admin);
    const res = await client.get('/api/admin/series?range=10y');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_error' } });
  });
});

describe('admin figures on a seeded set', () => {
  let own: TTestServer;
  beforeAll(async () => {
    own = await startTestServer({ rateLimitScale: 100 });
  });
  afterAll(async () => {
    await own?.close();
  });

  it('every figure matches what the seeded accounts and cards add up to', async () => {
    for (const [preset, count, cards] of SEED) {
      for (let i = 0; i < count; i++) await addCards(own.deps.db, await createAccount(own.deps.db, preset, { now: own.deps.clock() }), cards);
    }
    const admin = await createAccount(own.deps.db, 'free');
    await User.query(own.deps.db).patch({ isAdmin: true }).where('id', admin.id);
    const client = await signedIn(own, admin);

    // Worked out by hand from SEED: PRO = pro 4 + grace 1 (paid, cancelled with time left).
    const totalUsers = 6 + 3 + 2 + 4 + 1 + 2 + 1 + 2 + 1; // + the admin, with no cards
    const proUsers = 5;
    const totalCards = 6 * 4 + 3 * 25 + 2 * 10 + 4 * 60 + 15 + 2 * 30 + 12 + 2 * 10;
    const proCards = 4 * 60 + 15;
    const freeUsers = totalUsers - proUsers;
    const stats = (await client.get<TAdminStats>('/api/admin/stats')).body;
    expect(stats).toMatchObject({ totalUsers, freeUsers, proUsers, trialUsers: 3, monthlyRevenue: 50, totalCards });
    expect(Date.parse(stats.timestamp)).toBeGreaterThan(0);
    expect(stats.figures.monthlyRevenueCents).toBe(5000);
    expect(stats.figures.mrrCents).toBe(5000);
    expect(stats.figures.pricePerProCents).toBe(1000);
    expect(stats.figures.conversionRate).toBeCloseTo(5 / 22, 10);
    expect(stats.figures.arpuCents).toBe(Math.round(5000 / 22));
    expect(stats.figures.averageCardsPerUser).toBeCloseTo(totalCards / 22, 10);
    // Free users hold 466 - 255 = 211 cards against 17 x 10 = 170 assumed: capped at 100%.
    expect(stats.figures.freeTierUtilization).toBe(1);
    // PRO features: pro 4 + grace 1 + trial 3 + grandfathered 2.
    expect(stats.figures.proTierAdoption).toBeCloseTo(10 / 22, 10);
    expect((totalCards - proCards) / (freeUsers * 10)).toBeGreaterThan(1);
  });

  it("free tier utilization below the cap is the free users' cards over 10 each", async () => {
    const fresh = await startTestServer({ rateLimitScale: 100 });
    try {
      await addCards(fresh.deps.db, await createAccount(fresh.deps.db, 'free'), 3);
      await addCards(fresh.deps.db, await createAccount(fresh.deps.db, 'free'), 4);
      await addCards(fresh.deps.db, await createAccount(fresh.deps.db, 'pro', { now: fresh.deps.clock() }), 50);
      const counts = await countStats(fresh.deps.db, fresh.deps.clock());
      expect(counts).toEqual({ totalUsers: 3, proUsers: 1, trialUsers: 0, proFeatureUsers: 1, totalCards: 57, freeUserCards: 7 });
      const admin = await createAccount(fresh.deps.db, 'free');
      await User.query(fresh.deps.db).patch({ isAdmin: true }).where('id', admin.id);
      const stats = (await (await signedIn(fresh, admin)).get<TAdminStats>('/api/admin/stats')).body;
      expect(stats.figures.freeTierUtilization).toBeCloseTo(7 / 30, 10);
    } finally {
      await fresh.close();
    }
  });

  it('the SQL form of the account rule counts what core/account.ts says, at any clock', async () => {
    const users = await User.query(own.deps.db);
    for (const days of [0, 3, 8, 11, 25, 45]) {
      const at = new Date(own.deps.clock().getTime() + days * DAY_MS);
      const states = users.map((u) => accountState(u, at));
      const counts = await countStats(own.deps.db, at);
      expect(counts.proUsers, `PRO at +${days}d`).toBe(states.filter((s) => s.isPro).length);
      expect(counts.trialUsers, `trial at +${days}d`).toBe(states.filter((s) => s.kind === 'trial').length);
      expect(counts.proFeatureUsers, `PRO features at +${days}d`).toBe(states.filter((s) => s.hasProFeatures).length);
    }
  });
});

describe("each user's card count (kept by the database)", () => {
  it('follows inserts, deletes, moves between users and deleted accounts', async () => {
    const own = await startTestServer({ rateLimitScale: 100 });
    try {
      const db = own.deps.db;
      const a = await createAccount(db, 'trial');
      const b = await createAccount(db, 'trial');
      await addCards(db, a, 12);
      await addCards(db, b, 3);
      await CardSlot.query(db).delete().where('userId', a.id).where('slotNumber', '>', 9);
      await CardSlot.query(db).patch({ userId: b.id, slotNumber: 50 }).where({ userId: a.id, slotNumber: 1 });
      const counted = async () => Object.fromEntries((await User.query(db).whereIn('id', [a.id, b.id])).map((u) => [u.id, u.cardCount]));
      expect(await counted()).toEqual({ [a.id]: 8, [b.id]: 4 });
      expect((await countStats(db, own.deps.clock())).totalCards).toBe(await CardSlot.query(db).resultSize());
      await User.query(db).deleteById(a.id);
      expect(await counted()).toEqual({ [b.id]: 4 });
      expect((await countStats(db, own.deps.clock())).totalCards).toBe(4);
    } finally {
      await own.close();
    }
  });
});

describe('admin series', () => {
  it('counts sign-ups, PRO users, trials, MRR and cards per day from the stored dates, per range', async () => {
    const own = await startTestServer({ rateLimitScale: 100 });
    try {
      const db = own.deps.db;
      const now = own.deps.clock();
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      // An hour into the day, or now if the day is younger than that: nothing is dated in the future.
      const into = Math.min(3600_000, now.getTime() - today);
      const dayAt = (daysAgo: number) => new Date(today - daysAgo * DAY_MS + into);
      // Two sign-ups 5 days ago, one 40 days ago (outside 30 d, inside 90 d).
      for (const ago of [5, 5, 40]) {
        const u = await createAccount(db, 'free');
        await User.query(db)
          .patch({ createdAt: dayAt(ago) })
          .where('id', u.id);
      }
      // A subscription that started 10 days ago and is still paying; one that ran from 20 to 12 days ago.
      const paying = await createAccount(db, 'pro', { now });
      await User.query(db)
        .patch({ subscriptionStartedAt: dayAt(10), createdAt: dayAt(10) })
        .where('id', paying.id);
      const ended = await createAccount(db, 'retention', { now });
      await User.query(db)
        .patch({ subscriptionStartedAt: dayAt(20), subscriptionEndedAt: dayAt(12), createdAt: dayAt(20) })
        .where('id', ended.id);
      // A trial that started 2 days ago.
      const trial = await createAccount(db, 'trial', { now, day: 2 });
      await User.query(db)
        .patch({ createdAt: dayAt(2) })
        .where('id', trial.id);
      await addCards(db, paying, 7, { createdAt: dayAt(3) });
      await addCards(db, trial, 2, { createdAt: dayAt(0) });
      const admin = await createAccount(db, 'free');
      await User.query(db)
        .patch({ isAdmin: true, createdAt: dayAt(60) })
        .where('id', admin.id);
      const client = await signedIn(own, admin);

      const month = (await client.get<TAdminSeries>('/api/admin/series')).body;
      expect(month.range).toBe('30d');
      expect(month.days).toHaveLength(30);
      expect(Date.parse(month.days.at(-1)!)).toBe(today);
      const at = (series: number[], daysAgo: number) => series[series.length - 1 - daysAgo];
      expect(at(month.signups, 5)).toBe(2);
      expect(at(month.signups, 10)).toBe(1);
      expect(at(month.signups, 20)).toBe(1);
      expect(month.signups.reduce((a, b) => a + b, 0)).toBe(5);
      expect(at(month.proUsers, 25)).toBe(0);
      expect(at(month.proUsers, 15)).toBe(1);
      expect(at(month.proUsers, 11)).toBe(0); // one ended 12 days ago, the other starts 10 days ago
      expect(at(month.proUsers, 10)).toBe(1);
      expect(at(month.proUsers, 0)).toBe(1);
      expect(at(month.mrrCents, 0)).toBe(1000);
      expect(at(month.trialUsers, 3)).toBe(0);
      expect(at(month.trialUsers, 2)).toBe(1);
      expect(at(month.trialUsers, 0)).toBe(1);
      expect(at(month.cardsAdded, 3)).toBe(7);
      expect(at(month.cardsAdded, 0)).toBe(2);

      const quarter = (await client.get<TAdminSeries>('/api/admin/series?range=90d')).body;
      expect(quarter.days).toHaveLength(90);
      expect(at(quarter.signups, 40)).toBe(1);
      expect(at(quarter.signups, 60)).toBe(1);
      expect((await client.get<TAdminSeries>('/api/admin/series?range=1y')).body.days).toHaveLength(365);
    } finally {
      await own.close();
    }
  });
});
