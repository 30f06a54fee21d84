/**
 * Market value budgets (docs/choices.md 45), on PGlite:
 * 1. `ratio prices refresh` of 1,000 cards against the SportsCardsPro emulator at a configured
 *    rate: the run's time beside the bound the rate sets, and Ratio's own time per card beside
 *    the provider's (its pace included). First run: search + product per card; second: product only.
 * 2. GET /api/cards on 1,000 cards, built from the database (the gallery cache's miss), with no
 *    market values and with every card priced: the answer time with market values should be
 *    within 1.1x of the one without.
 */
import { gzipSync } from 'node:zlib';
import { createMigratedTestDb } from '../tests/helpers/db.ts';
import { createAccount } from '../tests/helpers/factories.ts';
import { SportsCardsProEmulator, EMULATOR_TOKEN } from '../tests/helpers/sportscardspro/emulator.ts';
import { CardSlot } from '../db/models/CardSlot.ts';
import { presentSlot } from '../api/presenters/card.ts';
import { createSportsCardsPro } from '../api/services/prices/sportscardspro.ts';
import { refreshPrices } from '../api/services/prices/refresh-prices.ts';
import { fmt } from './lib.ts';

const CARDS = 1000;
const RATE = Number(process.env.RATE ?? 400);

const emu = await SportsCardsProEmulator.start();
const testDb = await createMigratedTestDb('pglite');
const db = testDb.db;
try {
  for (let i = 1; i <= CARDS; i += 1) {
    emu.add({ id: String(100000 + i), 'product-name': `Player${i} Bench #${i}`, 'console-name': 'Baseball Cards 2021 Topps', 'graded-price': 1000 + i, 'manual-only-price': 5000 + i, 'loose-price': 300 });
  }
  const user = await createAccount(db, 'pro');
  const rows = Array.from({ length: CARDS }, (_, k) => ({
    userId: user.id, slotNumber: k + 1, title: `2021 Topps Player${k + 1} Bench #${k + 1}`, description: 'PSA 10 GEM MT', value: '$12', valueCents: 1200,
    year: '2021', set: 'Topps', cardNumber: String(k + 1), subject: `Player${k + 1} Bench`, grader: 'PSA' as const, grade: k % 2 ? 10 : 9,
  }));
  for (let i = 0; i < rows.length; i += 250) await CardSlot.query(db).insert(rows.slice(i, i + 250));

  // Cold answer time without market values (best of 5), before the refresh fills them.
  const answerMs = async () => {
    let best = Infinity;
    for (let r = 0; r < 5; r += 1) {
      const t0 = performance.now();
      const cards = await CardSlot.query(db).modify('ofUser', user.id);
      gzipSync(JSON.stringify(cards.map(presentSlot)), { level: 6 });
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const plain = await answerMs();

  const prices = createSportsCardsPro({ token: EMULATOR_TOKEN, baseUrl: emu.url, timeoutMs: 5000, ratePerSecond: RATE, clock: () => new Date() });
  console.log(`Refresh of ${CARDS} cards against the emulator at ${RATE} requests/s (PGlite):`);
  for (const [label, requestsPerCard] of [['first run (search + product)', 2], ['second run (matched: product only)', 1]] as const) {
    const before = emu.requests.length;
    const t0 = performance.now();
    const report = await refreshPrices({ db, prices, clock: () => new Date(), staleAfterMs: 0 });
    const wall = performance.now() - t0;
    const requests = emu.requests.length - before;
    const bound = ((CARDS * requestsPerCard) / RATE) * 1000;
    console.log(`  ${label}: ${report.priced} priced in ${fmt(wall / 1000, 2)} s; rate bound ${fmt(bound / 1000, 2)} s (${requests} requests); `
      + `per card: Ratio ${fmt(report.ownMs / CARDS, 2)} ms, provider ${fmt(report.providerMs / CARDS, 2)} ms`);
  }

  const priced = await answerMs();
  console.log(`GET /api/cards answer built for ${CARDS} cards (query + present + gzip, best of 5):`);
  console.log(`  without market values ${fmt(plain, 1)} ms, with market values ${fmt(priced, 1)} ms: ${fmt(priced / plain, 2)}x (budget 1.1x)`);
} finally {
  await db.destroy();
  await emu.close();
}
