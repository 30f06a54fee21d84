import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest, migrateRollback } from '../../db/connection.ts';
import { createAccount } from '../helpers/factories.ts';
import { createTestDbUpTo, type TTestDb } from '../helpers/db.ts';

/** The migration that put a market value's details on card_slots (docs/choices.md 45). */
const BEFORE = '20261205100000_market_values';

let testDb: TTestDb;
beforeAll(async () => {
  testDb = await createTestDbUpTo(BEFORE);
});
afterAll(async () => {
  await testDb?.drop();
});

const DETAILS = {
  priceProductId: '2283154',
  priceProductName: 'Football Cards 2000 Playoff Contenders Tom Brady #144',
  priceMatch: 'auto',
  marketLabel: 'Grade 9',
  marketEstimatedFrom: 9,
  marketSource: 'SportsCardsPro',
  marketIsMarket: true,
  marketAsOf: '2026-11-20',
  marketError: 'SportsCardsPro answered 500',
};

describe('the card market migration', () => {
  it("moves each card's market details into card_market and back, leaving the price on the card", async () => {
    const { db } = testDb;
    const user = await createAccount(db, 'pro');
    const checkedAt = new Date('2026-11-21T10:00:00Z');
    const [priced, none, never] = await db('card_slots')
      .insert([
        { userId: user.id, slotNumber: 1, title: 'Brady', description: '', marketCents: 210000, ...DETAILS, marketCheckedAt: checkedAt },
        { userId: user.id, slotNumber: 2, title: 'Nobody', description: '', priceMatch: 'none', marketCheckedAt: checkedAt },
        { userId: user.id, slotNumber: 3, title: 'Never looked up', description: '' },
      ])
      .returning('id');

    expect(await migrateLatest(db)).toEqual(['20261206100000_card_market']);
    const columns = Object.keys(await db('card_slots').columnInfo());
    expect(columns).toContain('marketCents');
    expect(columns.filter((c) => c in DETAILS || c === 'marketCheckedAt')).toEqual([]);
    expect(await db('card_slots').orderBy('slotNumber').select('slotNumber', 'marketCents')).toEqual([
      { slotNumber: 1, marketCents: 210000 },
      { slotNumber: 2, marketCents: null },
      { slotNumber: 3, marketCents: null },
    ]);
    const rows = await db('card_market').orderBy('cardId');
    expect(rows).toEqual([
      {
        cardId: priced.id,
        productId: DETAILS.priceProductId,
        productName: DETAILS.priceProductName,
        match: 'auto',
        label: 'Grade 9',
        estimatedFrom: 9,
        source: 'SportsCardsPro',
        isMarket: true,
        asOf: '2026-11-20',
        checkedAt,
        error: 'SportsCardsPro answered 500',
      },
      expect.objectContaining({ cardId: none.id, match: 'none', productId: null, checkedAt, error: null }),
    ]);
    expect(rows.map((r) => r.cardId)).not.toContain(never.id);
    // A card's details go with it.
    await db('card_slots').where('id', none.id).delete();
    expect(await db('card_market').select('cardId')).toEqual([{ cardId: priced.id }]);

    expect(await migrateRollback(db)).toEqual(['20261206100000_card_market']);
    expect(
      await db('card_slots')
        .orderBy('slotNumber')
        .select('slotNumber', 'marketCents', ...Object.keys(DETAILS), 'marketCheckedAt'),
    ).toEqual([
      { slotNumber: 1, marketCents: 210000, ...DETAILS, marketCheckedAt: checkedAt },
      {
        slotNumber: 3,
        marketCents: null,
        ...Object.fromEntries(Object.keys(DETAILS).map((k) => [k, null])),
        marketCheckedAt: null,
      },
    ]);
    expect(await db.schema.hasTable('card_market')).toBe(false);
    expect(await migrateLatest(db)).toEqual(['20261206100000_card_market']);
  });
});
