import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { TSlotView } from '../../contracts/cards.types.ts';
import { detectLayout, readRows } from '../import-rows.ts';
import { planImport, type TWallNow } from '../plan-import.ts';
import { WRITE_LAYOUTS } from './index.ts';
import { guessMapping, mappedLayout } from './mapped.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const fixture = (name: string) => fs.readFileSync(path.join(root, 'tests/fixtures/exports', name), 'utf8');
const REAL_PSA = path.join(root, '../shared/real-exports/psa-my-collection-49.csv');
const wall = (over: Partial<TWallNow> = {}): TWallNow => ({ taken: new Map(), certs: new Map(), keys: new Map(), maxSlots: 1000, ...over });

/** A file read and planned as the import does it, by its own layout (or `layout`). */
function importOf(csv: string, w: TWallNow = wall(), layout = detectLayout((parse(csv, { bom: true, to: 1 }) as string[][])[0]!)) {
  const [header, ...rows] = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  if (!layout) throw new Error('no layout');
  const read = readRows(
    layout,
    header!,
    rows,
    rows.map((_, i) => i + 2),
  );
  return { layout, read, ...planImport(read.cards, read.errors, w) };
}

describe('PSA My Collection (33 columns)', () => {
  it.runIf(fs.existsSync(REAL_PSA))('reads the real export whole: certs, grades, subjects, values (My Value, else PSA Estimate) and costs', () => {
    const { layout, cards, errors, already } = importOf(fs.readFileSync(REAL_PSA, 'utf8'));
    expect(layout.id).toBe('psa-collection');
    expect([errors, already]).toEqual([[], []]);
    expect(cards).toHaveLength(49);
    expect(new Set(cards.map((c) => c.certNumber)).size).toBe(49);
    expect(cards[0]).toMatchObject({
      certNumber: '121297951',
      grader: 'PSA',
      grade: 10,
      year: '2025',
      set: 'POKEMON KOREAN SV8a-TERASTAL FEST ex',
      cardNumber: '205',
      subject: 'VAPOREON EX',
      variety: 'SPECIAL ART RARE',
      sport: 'TCG',
      valueCents: 6700,
    });
    const mew = cards.find((c) => c.certNumber === '126727710')!;
    expect(mew).toMatchObject({
      subject: 'MEW',
      grade: 8,
      cardNumber: '011',
      costCents: 2500,
      valueCents: 1600,
      acquiredOn: '2025-11-20',
      source: 'Power Packs',
      sport: 'TCG',
    });
    expect(cards.find((c) => c.certNumber === '71518277')).toMatchObject({
      subject: 'MIKE TROUT',
      serial: '570/999',
      variety: 'CHROME',
      costCents: 5000,
      valueCents: 4900,
      sport: 'Baseball',
    });
    expect(cards.find((c) => c.certNumber === '121297944')).toMatchObject({ subject: 'WILL JOHNSON', valueCents: null });
  });
  if (!fs.existsSync(REAL_PSA)) console.log(`skipped: the real PSA export is not at ${REAL_PSA}`);

  it("takes '-' as empty, MM/DD/YYYY dates, and lists a sold item instead of adding it", () => {
    const header =
      'Item Status,Item,Cert Number,Grade Issuer,Grade,Autograph Grade,Year,Set,Card Number,Subject,Variety,Serial,Category,My Cost,PSA Estimate,Gain/Loss,My Value,Date Acquired,Source,My Notes,Vault Status,Vaulted Date,Days Vaulted,Listing Status,Listing Date,Listing Price,Sold Status,Sold On,Sold Date,Sold Price,Sold Fees,Sold Proceeds,Payment Date';
    const row = (cert: string, sold: string) =>
      `Active,X,${cert},PSA,9,10,2020,PRIZM,1,JOE BURROW,-,-,FOOTBALL CARDS,"1,200",100,-,-,02/29/2024,-,-,-,-,-,-,-,-,${sold},-,${sold === '-' ? '-' : '03/01/2025'},-,-,-,-`;
    const { cards, errors } = importOf(`${header}\n${row('87654321', '-')}\n${row('87654322', 'Sold')}\n`);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      autographGrade: 10,
      costCents: 120_000,
      valueCents: 10_000,
      acquiredOn: '2024-02-29',
      description: 'PSA 9 MINT / AUTO 10',
      sport: 'Football',
    });
    expect(errors).toEqual([{ line: 3, kind: 'not_owned', message: 'Sold on 03/01/2025: no longer in the collection' }]);
  });
});

describe("the other apps' exports", () => {
  it('Collectr: grades with their words, raw cards with their condition, quantity, the price override, a watchlist row left out', () => {
    const { layout, cards, errors } = importOf(fixture('collectr.csv'));
    expect(layout.id).toBe('collectr');
    expect(errors).toEqual([{ line: 6, kind: 'not_owned', message: 'On the watchlist: not in the collection' }]);
    expect(cards.map((c) => [c.line, c.slotNumber])).toEqual([
      [2, 1],
      [3, 2],
      [3, 3],
      [3, 4],
      [4, 5],
      [5, 6],
    ]);
    expect(cards[0]).toMatchObject({
      subject: 'Charizard',
      set: 'Base Set',
      cardNumber: '4/102',
      variety: 'Holofoil',
      grader: 'PSA',
      grade: 9,
      costCents: 35_000,
      valueCents: 125_000,
      acquiredOn: '2025-10-01',
      notes: 'First slab',
      title: 'Base Set Charizard Holofoil #4/102',
    });
    expect(cards[1]).toMatchObject({
      subject: 'Mew ex',
      grader: 'raw',
      qualifier: 'Near Mint',
      costCents: 250,
      valueCents: 410,
      description: 'Raw · Near Mint',
    });
    expect(cards[4]).toMatchObject({ grader: 'SGC', grade: 10, valueCents: 70_000, year: '2018', set: 'Topps Chrome' });
    expect(cards[5]).toMatchObject({ grader: 'PSA', grade: 10, valueCents: 980_055 });
  });

  it('Card Ladder: conditions as grades, certs, each card its share of the row, dates either way', () => {
    const { layout, cards, errors } = importOf(fixture('card-ladder.csv'));
    expect([layout.id, errors]).toEqual(['card-ladder', []]);
    expect(cards).toHaveLength(4);
    expect(cards[0]).toMatchObject({
      subject: 'Luka Doncic',
      year: '2018',
      set: 'Panini Prizm',
      variety: 'Silver',
      cardNumber: '280',
      grader: 'PSA',
      grade: 10,
      certNumber: '48213377',
      costCents: 180_000,
      valueCents: 245_000,
      acquiredOn: '2024-03-16',
    });
    expect(cards[1]).toMatchObject({
      subject: 'Mike Trout',
      grader: 'raw',
      costCents: 15_000,
      valueCents: 26_000,
      acquiredOn: '2023-11-02',
      notes: 'Two copies',
    });
    expect(cards[3]).toMatchObject({ grader: 'BGS', grade: 9.5, certNumber: '0012345678' });
  });

  it('CollX: raw cards, brand and set as one set line, each listed copy a card', () => {
    const { layout, cards, errors } = importOf(fixture('collx.csv'));
    expect([layout.id, errors]).toEqual(['collx', []]);
    expect(cards.map((c) => c.title)).toEqual([
      '2018 Panini Prizm Luka Doncic RC #280',
      '2011 Topps Update Mike Trout RC #US175',
      '2000 Bowman Chrome Tom Brady #1',
      '2000 Bowman Chrome Tom Brady #1',
    ]);
    expect(cards[0]).toMatchObject({ grader: 'raw', sport: 'Basketball', notes: 'Team: Dallas Mavericks' });
    expect(new Set(cards.map((c) => c.importKey)).size).toBe(4);
  });

  it('another app: a mapping guessed from the column names, completed by the collector', () => {
    const header = (parse(fixture('other-app.csv'), { to: 1 }) as string[][])[0]!;
    expect(detectLayout(header)).toBeNull();
    const guess = guessMapping(header);
    expect(guess).toEqual({ subject: 'Player', set: 'Brand / Set', cardNumber: 'No.', grader: 'Grading Co', grade: 'Grade', certNumber: 'Cert', cost: 'Paid' });
    const mapping = { ...guess, year: 'Yr', value: 'Worth', acquiredOn: 'Bought' };
    const { cards, errors } = importOf(fixture('other-app.csv'), wall(), mappedLayout(mapping));
    expect(errors).toEqual([]);
    expect(cards[0]).toMatchObject({
      title: '1989 Upper Deck Ken Griffey Jr. #1',
      grader: 'PSA',
      grade: 8,
      certNumber: '44556677',
      costCents: 12_000,
      valueCents: 30_000,
      acquiredOn: '2024-06-01',
    });
    expect(cards[1]).toMatchObject({ grader: 'BGS', grade: 9.5, certNumber: '0011223344' });
  });
});

describe('the same file again, and quantities', () => {
  it('adds nothing twice: a cert on the wall, or a row imported before', () => {
    const first = importOf(fixture('collx.csv'));
    const keys = new Map(first.cards.map((c) => [c.importKey, c.slotNumber]));
    const again = importOf(fixture('collx.csv'), wall({ keys, taken: new Map(first.cards.map((c) => [c.slotNumber, c.title])) }));
    expect(again.cards).toEqual([]);
    expect(again.already.map((a) => a.line)).toEqual([2, 3, 4, 5]);
    expect(again.already[0]!.message).toBe('Imported before: the card is in slot 1');
  });

  it('explains the tier limit before anything is written: which rows fit, what the rest need', () => {
    const rows = Array.from({ length: 2984 }, (_, i) => `Basketball,${i + 1},Player ${i + 1},,2020,Panini,Prizm,,,`);
    const csv = ['category,number,name,team,year,brand,set,flags,front_image,back_image', ...rows].join('\n');
    const free = importOf(csv, wall({ maxSlots: 10 }));
    expect([free.cards.length, free.limit?.fitting, free.limit?.over, free.limit?.withPro]).toEqual([10, 10, 2974, 990]);
    expect(free.limit?.message).toBe(
      'Your gallery has room for 10 more cards: the 10 cards of lines 2–11 fit. With PRO, 990 more would fit; the other 1,984 cards need more room than a gallery holds (1,000 cards).',
    );
    const pro = importOf(csv, wall({ maxSlots: 1000, taken: new Map([[1, 'Mine']]) }));
    expect(pro.limit?.message).toBe(
      'Your gallery has room for 999 more cards: the 999 cards of lines 2–1,000 fit. The other 1,985 cards need more room than your gallery has: remove cards first, or import them later.',
    );
  });
});

describe('writing each layout', () => {
  const card: TSlotView = {
    id: 1,
    slotNumber: 1,
    imageUrl: null,
    thumbUrl: null,
    originalUrl: '/api/images/abc/original',
    title: '2018 Panini Prizm Luka Doncic Silver #280',
    description: 'PSA 10 GEM MT',
    value: '$2,450',
    valueCents: 245_000,
    allTimeHigh: null,
    allTimeHighCents: null,
    isEmpty: false,
    createdAt: '2025-11-01T00:00:00.000Z',
    updatedAt: null,
    subject: 'Luka Doncic',
    year: '2018',
    set: 'Panini Prizm',
    cardNumber: '280',
    variety: 'Silver',
    sport: 'Basketball',
    grader: 'PSA',
    grade: 10,
    certNumber: '48213377',
    costCents: 180_000,
    acquiredOn: '2024-03-16',
    notes: 'Graded in 2019',
  };
  const context = { imageLink: (p: string) => `https://ratio.example${p}`, now: new Date('2025-11-20T12:00:00Z'), countsValue: 'own' as const };

  it.each(Object.values(WRITE_LAYOUTS).map((l) => [l.id, l] as const))('%s: the file Ratio writes is read back as the same card', (_id, layout) => {
    const csv = [layout.header(context.now), layout.row(card, context)].map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n');
    const { layout: read, cards, errors } = importOf(csv);
    expect([read.id, errors]).toEqual([layout.id, []]);
    const back = cards[0]!;
    expect(back).toMatchObject({ subject: 'Luka Doncic', cardNumber: '280', valueCents: layout.id === 'collx' ? null : 245_000 });
    if (layout.id !== 'collx') expect(back).toMatchObject({ year: '2018', set: 'Panini Prizm', grader: 'PSA', grade: 10, costCents: 180_000 });
    if (['ratio', 'psa-collection', 'card-ladder'].includes(layout.id)) expect(back.certNumber).toBe('48213377');
  });
});

describe('market, gain and sold columns (docs/choices.md 45)', () => {
  const base: TSlotView = {
    id: 1,
    slotNumber: 1,
    imageUrl: null,
    thumbUrl: null,
    originalUrl: null,
    title: '2018 Topps Chrome Shohei Ohtani #193',
    description: 'PSA 10 GEM MT',
    value: '$900',
    valueCents: 90_000,
    allTimeHigh: null,
    allTimeHighCents: null,
    isEmpty: false,
    createdAt: '2025-11-01T00:00:00.000Z',
    updatedAt: null,
    subject: 'Shohei Ohtani',
    year: '2018',
    set: 'Topps Chrome',
    cardNumber: '193',
    grader: 'PSA',
    grade: 10,
    costCents: 100_000,
    market: { cents: 120_000, label: 'PSA 10', source: 'SportsCardsPro', isMarketData: true, asOf: '2025-11-19', productId: '1001', match: 'auto' },
  };
  const listPriced: TSlotView = {
    ...base,
    market: { cents: 450_000, label: 'PSA 10', source: "Ratio's sample price list", isMarketData: false, asOf: '2026-11-01' },
  };
  const ctx = (countsValue: 'own' | 'market') => ({ imageLink: (p: string) => p, now: new Date('2025-11-20T12:00:00Z'), countsValue });
  const cells = (layout: (typeof WRITE_LAYOUTS)[keyof typeof WRITE_LAYOUTS], card: TSlotView, countsValue: 'own' | 'market') => {
    const row = layout.row(card, ctx(countsValue));
    return Object.fromEntries(layout.header(ctx(countsValue).now).map((h, i) => [h, row[i]]));
  };

  it("PSA's: PSA Estimate is the market price (never a price list's), Gain/Loss the counted value less My Cost", () => {
    const psa = WRITE_LAYOUTS['psa-collection'];
    expect(cells(psa, base, 'own')).toMatchObject({
      'Item Status': 'Active',
      'My Cost': '1000',
      'PSA Estimate': '1200',
      'Gain/Loss': '-100',
      'My Value': '900',
      'Sold Status': '-',
    });
    expect(cells(psa, base, 'market')).toMatchObject({ 'PSA Estimate': '1200', 'Gain/Loss': '200', 'My Value': '900' });
    // The card's own choice beats the wall's.
    expect(cells(psa, { ...base, countsValue: 'own' }, 'market')['Gain/Loss']).toBe('-100');
    expect(cells(psa, listPriced, 'market')).toMatchObject({ 'PSA Estimate': '-', 'Gain/Loss': '3500' });
  });

  it("PSA's lists a sold card as a Sold row (date, price, fees, proceeds, realized gain), which its import lists and does not add", () => {
    const psa = WRITE_LAYOUTS['psa-collection'];
    const row = psa.soldRow!(base, { soldOn: '2025-10-02', soldCents: 150_000, feesCents: 19_500, costCents: 100_000 }, ctx('own'));
    const named = Object.fromEntries(psa.header(ctx('own').now).map((h, i) => [h, row[i]]));
    expect(named).toMatchObject({
      'Item Status': 'Sold',
      'My Cost': '1000',
      'Gain/Loss': '305',
      'My Value': '-',
      'PSA Estimate': '-',
      'Sold Status': 'Sold',
      'Sold Date': '10/02/2025',
      'Sold Price': '1500',
      'Sold Fees': '195',
      'Sold Proceeds': '1305',
      'Payment Date': '-',
    });
    const csv = [psa.header(ctx('own').now), psa.row(base, ctx('own')), row].map((r) => r.map((c) => `"${c}"`).join(',')).join('\n');
    const { cards, read } = importOf(csv);
    expect(cards).toHaveLength(1);
    expect(read.errors.map((e) => [e.line, e.kind])).toEqual([[3, 'not_owned']]);
  });

  it("Card Ladder's: Current Value is the value that counts and Potential Profit its gain", () => {
    const cl = WRITE_LAYOUTS['card-ladder'];
    expect(cells(cl, base, 'own')).toMatchObject({ Investment: '1000', 'Current Value': '900', 'Potential Profit': '-100' });
    expect(cells(cl, base, 'market')).toMatchObject({ Investment: '1000', 'Current Value': '1200', 'Potential Profit': '200' });
  });

  it("Collectr's: the market price as Market Price with the own value as Price Override; read back, the own value stays", () => {
    const collectr = WRITE_LAYOUTS.collectr;
    const named = cells(collectr, base, 'own');
    expect(named).toMatchObject({ 'Market Price (As of 2025-11-20)': '1200', 'Price Override': '900', 'Average Cost Paid': '1000' });
    expect(cells(collectr, listPriced, 'own')).toMatchObject({ 'Market Price (As of 2025-11-20)': '900', 'Price Override': '' });
    const csv = [collectr.header(ctx('own').now), collectr.row(base, ctx('own'))].map((r) => r.map((c) => `"${c}"`).join(',')).join('\n');
    expect(importOf(csv).cards[0]).toMatchObject({ valueCents: 90_000, costCents: 100_000 });
  });

  it("Ratio's: market value, its source and date, which value counts and the gain; a price list says it is not market data", () => {
    const ratio = WRITE_LAYOUTS.ratio;
    expect(cells(ratio, base, 'market')).toMatchObject({
      'Market Value (USD)': '1200.00',
      'Market Source': 'SportsCardsPro',
      'Market As Of': '2025-11-19',
      'Counts In Totals': 'market',
      'Gain (USD)': '200.00',
    });
    expect(cells(ratio, listPriced, 'own')).toMatchObject({
      'Market Source': "Ratio's sample price list (not market data)",
      'Counts In Totals': 'own',
      'Gain (USD)': '-100.00',
    });
    const csv = [ratio.header(ctx('own').now), ratio.row(base, ctx('market'))].map((r) => r.map((c) => `"${c}"`).join(',')).join('\n');
    expect(importOf(csv).cards[0]).toMatchObject({ valueCents: 90_000, costCents: 100_000 });
  });
});
