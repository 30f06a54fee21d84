/**
 * The price list provider (docs/choices.md 45) keeps the list it read for as long as the same import is
 * current: a second look-up does not read the list again, and a list imported since is seen at the
 * next look-up. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPriceListProvider, importPriceList, readPriceList } from '../../api/services/prices/price-list.ts';
import { SAMPLE_LIST_NAME } from '../../api/services/prices/sample-price-list.ts';
import { createMigratedTestDb, type TTestDb } from '../helpers/db.ts';

let testDb: TTestDb;
beforeAll(async () => {
  testDb = await createMigratedTestDb();
});
afterAll(async () => {
  await testDb?.drop();
});

const OHTANI = {
  year: '2018',
  set: 'Topps Chrome',
  cardNumber: '193',
  subject: 'Shohei Ohtani',
  variety: null,
  certNumber: null,
  grader: 'PSA' as const,
  grade: 10,
};

const list = (price: string) => readPriceList(`card key,grader,grade,price,date\n2018 Topps Chrome #193 Shohei Ohtani,PSA,10,"${price}",2026-11-20\n`).rows;

describe('the price list provider', () => {
  it('reads the list once per import: a second look-up reads nothing more; a new import is seen at the next one', async () => {
    const { db } = testDb;
    const reads: string[] = [];
    const onQuery = (q: { sql: string }) => {
      // Every row of the list (not the one-row question of which import is current).
      if (/^select\b.*\bfrom "price_list"/i.test(q.sql) && !/\bmax\(/i.test(q.sql)) reads.push(q.sql);
    };
    db.on('query', onQuery);
    try {
      const prices = createPriceListProvider(db);
      expect(await prices.lookup(OHTANI)).toMatchObject({
        source: SAMPLE_LIST_NAME,
        prices: expect.arrayContaining([{ grader: 'PSA', grade: 10, cents: 120000 }]),
      });
      expect(reads).toHaveLength(1);

      await importPriceList(db, 'Club figures', list('$1,111.50'));
      expect(await prices.lookup(OHTANI)).toMatchObject({ source: 'Club figures', asOf: '2026-11-20', prices: [{ grader: 'PSA', grade: 10, cents: 111150 }] });
      expect(await prices.lookup({ ...OHTANI, grade: 9 })).toMatchObject({ source: 'Club figures' });
      expect(await prices.search('Ohtani')).toEqual([
        { id: '2018 topps chrome #193 shohei ohtani', name: '2018 topps chrome #193 shohei ohtani', setName: 'Club figures' },
      ]);
      expect(reads).toHaveLength(2);

      // The same list imported again is a new import, under its own name.
      await importPriceList(db, 'Club figures, December', list('$1,250'));
      expect(await prices.lookup(OHTANI)).toMatchObject({ source: 'Club figures, December', prices: [{ grader: 'PSA', grade: 10, cents: 125000 }] });
      expect(await prices.lookup(OHTANI)).toMatchObject({ source: 'Club figures, December' });
      expect(reads).toHaveLength(3);

      // An empty list leaves the embedded default.
      await importPriceList(db, 'Nothing', []);
      expect(await prices.lookup(OHTANI)).toMatchObject({ source: SAMPLE_LIST_NAME });
      expect(reads).toHaveLength(4);
    } finally {
      db.off('query', onQuery);
    }
  });
});
