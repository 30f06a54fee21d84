/**
 * `ratio prices` as an operator runs it, as its own process: a refresh killed half-way through its
 * pipeline of look-ups resumes where it stopped (no card stored twice, none skipped), the one-line report, a bad --stale-after, and a
 * price list import that replaces the embedded sample (which is labelled, never market data).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardMarket } from '../../db/models/CardMarket.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { LOOKAHEAD } from '../../api/services/prices/refresh-prices.ts';
import { createAccount } from '../helpers/factories.ts';
import { createCliDb, runRatio, type TCliDb } from '../helpers/cli.ts';
import { testDbKind } from '../helpers/db.ts';
import { SportsCardsProEmulator } from '../helpers/sportscardspro/emulator.ts';

const CARDS = 12;
let emu: SportsCardsProEmulator;
let cli: TCliDb;
let email = '';
beforeAll(async () => {
  emu = await SportsCardsProEmulator.start();
  for (let i = 1; i <= CARDS; i += 1) {
    emu.add({
      id: String(5000 + i),
      'product-name': `Player${i} Example #${i}`,
      'console-name': 'Baseball Cards 2020 Topps',
      'graded-price': 1000 * i,
      'manual-only-price': 5000 * i,
    });
  }
  cli = await createCliDb(testDbKind());
  await cli.use(async (db) => {
    const user = await createAccount(db, 'pro');
    email = user.email;
    for (let i = 1; i <= CARDS; i += 1) {
      await CardSlot.query(db).insert({
        userId: user.id,
        slotNumber: i,
        title: `Card ${i}`,
        description: '',
        year: '2020',
        set: 'Topps',
        cardNumber: String(i),
        subject: `Player${i} Example`,
        grader: 'PSA',
        grade: 9,
      });
    }
    await createAccount(db, 'pro').then((other) =>
      CardSlot.query(db).insert({
        userId: other.id,
        slotNumber: 1,
        title: 'Other',
        description: '',
        year: '2018',
        set: 'Topps Chrome',
        cardNumber: '193',
        subject: 'Shohei Ohtani',
        grader: 'PSA',
        grade: 10,
      }),
    );
  });
});
afterAll(async () => {
  await emu?.close();
  await cli?.drop();
});

/** Runs `ratio prices refresh` and kills it (SIGKILL) once the emulator has seen `after` requests. */
function runAndKill(env: Record<string, string>, after: number): Promise<void> {
  return new Promise((resolve) => {
    // --liftoff-only given here, so cli/index.ts runs in this process (no relaunch) and the kill reaches it.
    const child = spawn(process.execPath, ['--liftoff-only', path.resolve('cli/index.ts'), 'prices', 'refresh', '--email', email, '--no-alerts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
      cwd: os.tmpdir(),
      stdio: 'ignore',
    });
    const start = emu.requests.length;
    const timer = setInterval(() => {
      if (emu.requests.length - start >= after) child.kill('SIGKILL');
    }, 5);
    child.on('exit', () => {
      clearInterval(timer);
      resolve();
    });
  });
}

describe('ratio prices refresh', () => {
  it('resumes after a kill mid-pipeline: the cards stored stay stored, the rest are looked up, none stored twice, none skipped', async () => {
    const env = { ...cli.env, ...emu.env, PRICES_RATE_PER_SECOND: '20' };
    /** The card numbers the emulator was asked to search for since request `from` (the query ends in #N). */
    const searchedSince = (from: number) =>
      emu.requests
        .slice(from)
        .filter((r) => r.path === '/api/products')
        .map((r) => Number(/#(\d+)$/.exec(r.params.q ?? '')![1]));
    /** The cards stored so far (checked), by card number, with the time each was checked. */
    const stored = () =>
      cli.use(async (db) => {
        const rows = await CardSlot.query(db)
          .join('card_market', 'card_market.cardId', 'card_slots.id')
          .where('card_slots.title', 'like', 'Card %')
          .whereNotNull('card_market.checkedAt')
          .select('card_slots.cardNumber', 'card_market.checkedAt');
        return new Map(rows.map((r) => [Number(r.cardNumber), new Date((r as unknown as { checkedAt: Date | string }).checkedAt).toISOString()]));
      });

    const start = emu.requests.length;
    await runAndKill(env, 10);
    const first = searchedSince(start);
    const kept = await stored();
    // Killed mid-run: some cards stored, not all; every card stored was searched; the look-ups in flight
    // (at most the card being stored and the LOOKAHEAD after it) are the only ones searched but not stored.
    expect(kept.size).toBeGreaterThanOrEqual(1);
    expect(kept.size).toBeLessThan(CARDS);
    for (const n of kept.keys()) expect(first).toContain(n);
    expect(first.length - kept.size).toBeLessThanOrEqual(LOOKAHEAD + 1);

    const before = emu.requests.length;
    const done = await runRatio(['prices', 'refresh', '--email', email, '--no-alerts'], env);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    // Exactly the cards the killed run did not store, each once: none skipped, none of the stored asked again.
    const second = searchedSince(before);
    const rest = Array.from({ length: CARDS }, (_, i) => i + 1).filter((n) => !kept.has(n));
    expect([...second].sort((a, b) => a - b)).toEqual(rest);
    const searched = second.length;
    expect(done.stdout).toMatch(
      new RegExp(
        `^Prices from SportsCardsPro: ${searched} of ${searched} card\\(s\\) due looked up: ${searched} priced, 0 with no matching product, 0 with no price near their grade, 0 failed\\.\\nTime per card: Ratio [\\d.]+ ms, provider [\\d.]+ ms \\(its rate limit included\\)\\.\\n$`,
      ),
    );
    // None stored twice: the cards the killed run stored were not written again.
    const after = await stored();
    for (const [n, checkedAt] of kept) expect(after.get(n)).toBe(checkedAt);
    const rows = await cli.use(async (db) => await CardSlot.query(db).where('title', 'like', 'Card %').orderBy('slotNumber'));
    expect(rows.map((r) => r.marketCents)).toEqual(Array.from({ length: CARDS }, (_, i) => 1000 * (i + 1)));

    // Nothing is due within --stale-after; 0s makes every card due again.
    const again = await runRatio(['prices', 'refresh', '--email', email, '--no-alerts'], env);
    expect(again.stdout).toMatch(/^Prices from SportsCardsPro: 0 of 0 card/);
    const all = await runRatio(['prices', 'refresh', '--email', email, '--stale-after', '0s', '--no-alerts', '--json'], env);
    expect(JSON.parse(all.stdout).report).toMatchObject({ due: CARDS, priced: CARDS });
  }, 120_000);

  it('an outage exits 1 with one line and keeps every value; a bad duration is one line too', async () => {
    const env = { ...cli.env, ...emu.env };
    emu.setFault('500');
    const res = await runRatio(['prices', 'refresh', '--email', email, '--stale-after', '0s', '--no-alerts'], env);
    emu.setFault(null);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('Provider outage: SportsCardsPro answered 500. Last known values kept;');
    const rows = await cli.use(async (db) => await CardSlot.query(db).where('title', 'like', 'Card %').orderBy('slotNumber'));
    expect(rows.every((r) => r.marketCents !== null)).toBe(true);
    const bad = await runRatio(['prices', 'refresh', '--stale-after', 'soon'], env);
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toBe("ratio: --stale-after: 'soon' is not a duration such as 24h, 30m or 7d\n");
  }, 120_000);
});

/** The card titled 'Other': its price and its market value's details. */
const pricedOther = () =>
  cli.use(async (db) => {
    const card = (await CardSlot.query(db).where('title', 'Other').first())!;
    return { marketCents: card.marketCents, ...(await CardMarket.query(db).findById(card.id))?.toJSON() };
  });

describe('ratio prices import and the embedded sample', () => {
  it('prices from the sample list by default, labelled as not market data; an imported list replaces it; a bad file imports nothing', async () => {
    const sample = await runRatio(['prices', 'refresh', '--no-alerts', '--json'], cli.env);
    expect(sample.code).toBe(0);
    expect(await pricedOther()).toMatchObject({ marketCents: 120000, source: "Ratio's sample price list", isMarket: false, label: 'PSA 10' });

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-prices-'));
    const bad = path.join(dir, 'bad.csv');
    await fs.writeFile(bad, 'card key,grader,grade,price,date\n2018 Topps Chrome #193 Shohei Ohtani,PSA,10.3,abc,2026-13-01\n');
    const refused = await runRatio(['prices', 'import', bad], cli.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n')[0]).toMatch(/^line 2: grade '10.3': .+; price 'abc' is not an amount; date '2026-13-01': Not a date in the calendar$/);

    const good = path.join(dir, 'club.csv');
    await fs.writeFile(good, 'card key,grader,grade,price,date\n2018 Topps Chrome #193 Shohei Ohtani,PSA,10,"$1,111.50",2026-11-20\n');
    const imported = await runRatio(['prices', 'import', good, '--name', 'Club figures'], cli.env);
    expect(imported.stdout.split('\n')[0]).toBe(
      "Imported 1 price(s) as 'Club figures'. Set PRICE_PROVIDER=price-list (or leave SPORTSCARDSPRO_TOKEN unset) to use it.",
    );
    const club = await runRatio(['prices', 'refresh', '--stale-after', '0s', '--no-alerts'], cli.env);
    expect(club.stdout).toMatch(/^Prices from Club figures: /);
    expect(await pricedOther()).toMatchObject({ marketCents: 111150, source: 'Club figures', isMarket: false, asOf: '2026-11-20' });
    await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);
});
