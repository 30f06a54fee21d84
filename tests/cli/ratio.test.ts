/**
 * `ratio` run as a process, as an operator runs it, on PGlite (a data folder) and PostgreSQL:
 * help, bad input, --json, stats, users, seeding, rollback's guard, and the retention job across
 * a moved clock, dry run vs apply, and runs at once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { accountState } from '../../core/account.ts';
import { DAY_MS } from '../../core/limits.ts';
import { CardImage } from '../../db/models/CardImage.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User } from '../../db/models/User.ts';
import { localImageStore } from '../../api/services/images/image-store.ts';
import { runRetention, RETENTION_LOCK_KEY } from '../../api/services/jobs/run-retention.ts';
import { createCliDb, runRatio, type TCliDb } from '../helpers/cli.ts';
import { testDbKind } from '../helpers/db.ts';
import { addCards, createAccount } from '../helpers/factories.ts';

let cli: TCliDb;
beforeAll(async () => {
  cli = await createCliDb(testDbKind());
});
afterAll(async () => {
  await cli?.drop();
});

const ratio = (...args: string[]) => runRatio(args, cli.env);
/** Works on the database with a handle of the test's own, closed again before the next `ratio`. */
const withDb = <T>(fn: (db: Knex) => Promise<T>): Promise<T> => cli.use(fn);
const json = <T>(out: string) => JSON.parse(out) as T;
const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at /);

describe('ratio as a process', () => {
  it('has help for every command and refuses bad input with one line and exit 1', { timeout: 300_000 }, async () => {
    const help = await ratio('--help');
    expect(help.code).toBe(0);
    for (const cmd of ['db', 'images', 'retention', 'serve', 'stats', 'stripe', 'users']) expect(help.stdout).toContain(cmd);
    const retentionHelp = await ratio('retention', 'run', '--help'); // help opens no database
    expect(retentionHelp.stdout).toMatch(/--apply/);
    expect(retentionHelp.stdout).toMatch(/crontab/);

    const check = (args: string[], message: RegExp, res: { code: number; stderr: string }) => {
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr.trim().split('\n')[0], args.join(' ')).toMatch(message);
      noStack(res.stderr);
    };
    // Refused before any database is opened: these may run at once.
    const early: Array<[string[], RegExp]> = [
      [['users', 'list', '--tier', 'bogus'], /--tier must be one of free, trial/],
      [['retention', 'run', '--now', 'someday'], /--now must be a date/],
      [['db', 'seed', '--users', '-3'], /--users must be at least 1/],
      [['stripe', 'setup'], /STRIPE_SECRET_KEY is not set/],
      [['users', 'frobnicate'], /unknown command/],
    ];
    const results = await Promise.all(early.map(([args]) => ratio(...args)));
    early.forEach(([args, message], i) => check(args, message, results[i]!));
    // These look in the database: one at a time (one process opens the embedded database).
    for (const [args, message] of [
      [['users', 'admin', 'not-an-email'], /must be an email address/],
      [['users', 'show', 'ghost@example.com'], /no user with email ghost@example.com/],
    ] as Array<[string[], RegExp]>)
      check(args, message, await ratio(...args));
    const badEnv = await runRatio(['stats'], { ...cli.env, PORT: 'many' });
    expect(badEnv.code).toBe(1);
    expect(badEnv.stderr).toMatch(/PORT/);
    noStack(badEnv.stderr);
  });

  it('db seed adds demo accounts once; stats --json counts them as the database holds them', { timeout: 240_000 }, async () => {
    const first = await ratio('db', 'seed', '--users', '12', '--json');
    expect(first.code).toBe(0);
    const added = json<{ users: number; cards: number }>(first.stdout);
    expect(added.users).toBe(12);
    expect(json<{ users: number }>((await ratio('db', 'seed', '--users', '12', '--json')).stdout).users).toBe(0);

    const stats = json<{ totalUsers: number; proUsers: number; freeUsers: number; totalCards: number; monthlyRevenue: number }>(
      (await ratio('stats', '--json')).stdout,
    );
    const expected = await withDb(async (db) => {
      const users = await User.query(db);
      const now = new Date();
      return { totalUsers: users.length, proUsers: users.filter((u) => accountState(u, now).isPro).length, totalCards: await CardSlot.query(db).resultSize() };
    });
    expect(expected.totalUsers).toBe(12);
    expect(expected.totalCards).toBe(added.cards);
    expect(stats).toMatchObject({ ...expected, freeUsers: 12 - expected.proUsers, monthlyRevenue: expected.proUsers * 10 });
    const text = await ratio('stats');
    expect(text.stdout).toContain('Total Users');
    expect(text.stdout).toContain('Revenue Breakdown');
  });

  it('users: list --tier, show, admin and grandfather (with --revoke / --undo)', { timeout: 240_000 }, async () => {
    const email = await withDb(async (db) => (await createAccount(db, 'trial')).email);
    const trials = json<Array<{ email: string; status: string }>>((await ratio('users', 'list', '--tier', 'trial', '--json')).stdout);
    expect(trials.map((r) => r.email)).toContain(email);
    expect(trials.every((r) => r.status === 'trial')).toBe(true);

    expect((await ratio('users', 'admin', email.toUpperCase())).stdout).toContain('now an admin');
    expect((await ratio('users', 'grandfather', email)).stdout).toContain('now a legacy');
    let shown = json<{ email: string; isAdmin: boolean; isGrandfathered: boolean; accountStatus: string; cards: number }>(
      (await ratio('users', 'show', email, '--json')).stdout,
    );
    expect(shown).toMatchObject({ email, isAdmin: true, isGrandfathered: true, accountStatus: 'trial', cards: 0 });
    await ratio('users', 'admin', email, '--revoke');
    await ratio('users', 'grandfather', email, '--undo');
    shown = json((await ratio('users', 'show', email, '--json')).stdout);
    expect(shown).toMatchObject({ isAdmin: false, isGrandfathered: false });
  });

  it('db rollback asks for --yes before dropping tables that hold rows', { timeout: 240_000 }, async () => {
    const scratch = await createCliDb(cli.kind);
    try {
      const run = (...args: string[]) => runRatio(args, scratch.env);
      expect((await run('db', 'migrate', '--json')).code).toBe(0);
      await scratch.use((db) => createAccount(db, 'free'));
      // The last batch is every migration: it would drop users, which holds a row.
      const refused = await run('db', 'rollback');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/rollback would drop users \(1 row\).*--yes/);
      const done = await run('db', 'rollback', '--yes', '--json');
      expect(done.code).toBe(0);
      expect(json<{ rolledBack: string[] }>(done.stdout).rolledBack).toContain('20261121100000_accounts');
    } finally {
      await scratch.drop();
    }
  });
});

describe('ratio retention run', () => {
  const now = new Date();
  const plus = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  let ended: User;
  let paying: User;
  let legacy: User;
  let photoIds: string[];

  beforeAll(async () => {
    await withDb(async (db) => {
      const images = localImageStore(path.join(cli.dataDir, 'images'));
      // Ended a day ago: 30 days of retention end in 29 days. 14 cards, slots 11-14 with photos.
      ended = await createAccount(db, 'retention', { now, day: 1 });
      await addCards(db, ended, 14);
      photoIds = [];
      for (const slot of [11, 12, 13, 14]) {
        const id = `img${slot}x${ended.id}`;
        await CardImage.query(db).insert({ id, userId: ended.id, mime: 'image/jpeg', width: 10, height: 10, bytes: 3 });
        await CardSlot.query(db).patch({ imageId: id }).where({ userId: ended.id, slotNumber: slot });
        await images.write(`${ended.id}/${id}/original.jpg`, Buffer.from('jpg'));
        photoIds.push(id);
      }
      paying = await createAccount(db, 'pro', { now });
      await addCards(db, paying, 14);
      legacy = await createAccount(db, 'grandfathered', { now });
      await addCards(db, legacy, 10);
      const trial = await createAccount(db, 'trial', { now });
      await addCards(db, trial, 14);
    });
  }, 60_000);

  const counts = () =>
    withDb(async (db) => ({
      ended: await CardSlot.query(db).where('userId', ended.id).resultSize(),
      paying: await CardSlot.query(db).where('userId', paying.id).resultSize(),
      legacy: await CardSlot.query(db).where('userId', legacy.id).resultSize(),
      photos: await CardImage.query(db).whereIn('id', photoIds).resultSize(),
    }));
  const filesLeft = async () =>
    (
      await Promise.all(
        photoIds.map((id) =>
          fs.stat(path.join(cli.dataDir, 'images', String(ended.id), id)).then(
            () => 1,
            () => 0,
          ),
        ),
      )
    ).reduce((a: number, b) => a + b, 0);

  type TReport = { ran: boolean; applied: boolean; due: Array<{ email: string; cards: number; photos: number }>; inRetention: Array<{ email: string }> };

  it('dry run lists, --apply deletes past slot 10 once the 30 days are over, and a second run finds nothing', { timeout: 240_000 }, async () => {
    // The demo accounts seeded above are in the same database: look at this test's accounts only.
    const mine = (r: TReport) => r.due.filter((a) => a.email === ended.email || a.email === paying.email || a.email === legacy.email);
    const today = json<TReport>((await ratio('retention', 'run', '--apply', '--json')).stdout);
    expect(mine(today)).toEqual([]);
    expect(today.inRetention.map((a) => a.email)).toContain(ended.email);

    const dry = await ratio('retention', 'run', '--now', plus(31));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('(dry run)');
    expect(dry.stdout).toContain(`  ${ended.email}: 4 card(s), 4 photo(s) past slot 10`);
    expect(dry.stdout).toContain('Dry run: run again with --apply to delete them.');
    expect(await counts()).toEqual({ ended: 14, paying: 14, legacy: 10, photos: 4 });

    // A future --now with --apply is a dry run unless --force (docs/choices.md 43): it says so, lists, deletes nothing.
    const refused = await ratio('retention', 'run', '--apply', '--now', plus(31));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('(dry run)');
    expect(refused.stdout).toContain(`  ${ended.email}: 4 card(s), 4 photo(s) past slot 10`);
    expect(refused.stderr).toContain('Add --force to delete them anyway.');
    expect(await counts()).toEqual({ ended: 14, paying: 14, legacy: 10, photos: 4 });
    const refusedJson = await ratio('retention', 'run', '--apply', '--now', plus(31), '--json');
    expect(refusedJson.code).toBe(1);
    expect(json<TReport>(refusedJson.stdout)).toMatchObject({ ran: true, applied: false });
    expect(mine(json<TReport>(refusedJson.stdout))).toMatchObject([{ email: ended.email, cards: 4, photos: 4 }]);
    expect(await counts()).toEqual({ ended: 14, paying: 14, legacy: 10, photos: 4 });

    const applied = json<TReport>((await ratio('retention', 'run', '--apply', '--force', '--now', plus(31), '--json')).stdout);
    expect(applied).toMatchObject({ ran: true, applied: true });
    expect(mine(applied)).toMatchObject([{ email: ended.email, cards: 4, photos: 4 }]);
    expect(await counts()).toEqual({ ended: 10, paying: 14, legacy: 10, photos: 0 });
    expect(await filesLeft()).toBe(0);
    const after = await withDb(async (db) => (await User.query(db).findById(ended.id))!);
    expect(accountState(after, new Date(plus(31))).subscriptionStatus).toBe('free');

    const again = json<TReport>((await ratio('retention', 'run', '--apply', '--force', '--now', plus(40), '--json')).stdout);
    expect(mine(again)).toEqual([]);
    expect(await counts()).toEqual({ ended: 10, paying: 14, legacy: 10, photos: 0 });
  });

  it('runs at once never delete twice; a run finding the lock held does nothing', { timeout: 240_000 }, async () => {
    const second = await withDb(async (db) => {
      const u = await createAccount(db, 'retention', { now, day: 35 });
      await addCards(db, u, 13);
      return u;
    });
    const cardsOf = () => withDb((db) => CardSlot.query(db).where('userId', second.id).resultSize());
    if (cli.kind === 'postgres') {
      // Another holder of the lock: the run says so and touches nothing.
      const blocked = await cli.use(async (holder) => {
        const conn = await holder.client.acquireConnection();
        try {
          await holder.raw('SELECT pg_advisory_lock(?)', [RETENTION_LOCK_KEY]).connection(conn);
          return await ratio('retention', 'run', '--apply');
        } finally {
          await holder.client.releaseConnection(conn);
        }
      });
      expect(blocked.code).toBe(0);
      expect(blocked.stdout).toContain('Another retention run is in progress: nothing done.');
      expect(await cardsOf()).toBe(13);
      // Two processes at once: between them, the 3 cards go once.
      const both = await Promise.all([ratio('retention', 'run', '--apply', '--json'), ratio('retention', 'run', '--apply', '--json')]);
      const reports = both.map((r) => json<TReport>(r.stdout));
      const deleted = reports.flatMap((r) => r.due).filter((a) => a.email === second.email);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]!.cards).toBe(3);
    } else {
      // One process owns a PGlite folder; two runs at once inside it still delete once.
      const reports = await withDb((db) => {
        const images = localImageStore(path.join(cli.dataDir, 'images'));
        return Promise.all([runRetention({ db, images, now: new Date(), apply: true }), runRetention({ db, images, now: new Date(), apply: true })]);
      });
      const deleted = reports.flatMap((r) => r.due).filter((a) => a.email === second.email);
      expect(deleted).toHaveLength(1);
      expect(deleted[0]!.cards).toBe(3);
    }
    expect(await cardsOf()).toBe(10);
  });
});
