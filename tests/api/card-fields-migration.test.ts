import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest, migrateRollback } from '../../db/connection.ts';
import { createAccount } from '../helpers/factories.ts';
import { createTestDbUpTo, type TTestDb } from '../helpers/db.ts';

/** The migration before the card fields (docs/choices.md 39): cards made then have only their text. */
const BEFORE = '20261126120000_shares';

let testDb: TTestDb;
beforeAll(async () => {
  testDb = await createTestDbUpTo(BEFORE);
});
afterAll(async () => {
  await testDb?.drop();
});

describe('the card fields migration', () => {
  it("moves each card's text into its fields, keeps the text, and keeps a cert on one card per wall", async () => {
    const { db } = testDb;
    const user = await createAccount(db, 'pro');
    const other = await createAccount(db, 'pro');
    const card = (userId: number, slotNumber: number, title: string, description: string, transferKey: string | null = null) => ({
      userId,
      slotNumber,
      title,
      description,
      transferKey,
    });
    await db('card_slots').insert([
      card(user.id, 1, '2018 Topps Chrome Shohei Ohtani #193', 'PSA 10 GEM MT • Cert #12345678'),
      card(user.id, 2, '2018 Topps Update #US250 Shohei Ohtani Rookie', 'PSA GEM MT 10 • Cert #12345678'),
      card(user.id, 3, 'Luka Doncic 2018', 'Panini Prizm • BGS 9.5 GEM MINT', 'k1'),
      card(user.id, 4, 'Already here', 'Nice corners'),
      card(other.id, 1, 'Mine too', 'PSA 9 • Cert #12345678'),
    ]);
    expect(await migrateLatest(db)).toContain('20261201100000_card_fields');
    const rows = await db('card_slots')
      .orderBy(['userId', 'slotNumber'])
      .select('title', 'description', 'subject', 'year', 'set', 'cardNumber', 'grader', 'grade', 'certNumber', 'notes');
    expect(rows).toEqual([
      {
        title: '2018 Topps Chrome Shohei Ohtani #193',
        description: 'PSA 10 GEM MT • Cert #12345678',
        subject: 'Shohei Ohtani',
        year: '2018',
        set: 'Topps Chrome',
        cardNumber: '193',
        grader: 'PSA',
        grade: 10,
        certNumber: '12345678',
        notes: null,
      },
      {
        title: '2018 Topps Update #US250 Shohei Ohtani Rookie',
        description: 'PSA GEM MT 10 • Cert #12345678',
        subject: '#US250 Shohei Ohtani Rookie',
        year: '2018',
        set: 'Topps Update',
        cardNumber: null,
        grader: 'PSA',
        grade: 10,
        certNumber: null,
        notes: 'Cert #12345678',
      },
      {
        title: 'Luka Doncic 2018',
        description: 'Panini Prizm • BGS 9.5 GEM MINT',
        subject: 'Luka Doncic',
        year: '2018',
        set: 'Panini Prizm',
        cardNumber: null,
        grader: 'BGS',
        grade: 9.5,
        certNumber: null,
        notes: null,
      },
      {
        title: 'Already here',
        description: 'Nice corners',
        subject: 'Already here',
        year: null,
        set: null,
        cardNumber: null,
        grader: null,
        grade: null,
        certNumber: null,
        notes: 'Nice corners',
      },
      {
        title: 'Mine too',
        description: 'PSA 9 • Cert #12345678',
        subject: 'Mine too',
        year: null,
        set: null,
        cardNumber: null,
        grader: 'PSA',
        grade: 9,
        certNumber: '12345678',
        notes: null,
      },
    ]);
    await expect(
      db('card_slots')
        .insert(card(user.id, 9, 'Dup', ''))
        .then(() => db('card_slots').where({ userId: user.id, slotNumber: 9 }).update({ certNumber: '12345678' })),
    ).rejects.toThrow(/card_slots_user_cert_unique/);
    expect(await migrateRollback(db)).toContain('20261201100000_card_fields');
    expect(Object.keys(await db('card_slots').columnInfo())).not.toContain('certNumber');
  });
});
