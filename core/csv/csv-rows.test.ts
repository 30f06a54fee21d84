import { describe, expect, it } from 'vitest';
import type { TSlotView } from '../contracts/cards.types.ts';
import { escapeCell, unescapeCell } from './escape.ts';
import { EXPORT_COLUMNS, centsCell, exportRow } from './export-row.ts';
import { detectLayout, readRows } from './import-rows.ts';
import { planImport, type TWallNow } from './plan-import.ts';
import { psaStyleLayout } from './layouts/psa-style.ts';
import { ratioLayout } from './layouts/ratio.ts';

const card = (over: Partial<TSlotView> = {}): TSlotView => ({
  id: 1,
  slotNumber: 3,
  imageUrl: '/api/images/abc/large',
  thumbUrl: '/api/images/abc/thumb',
  originalUrl: '/api/images/abc/original',
  title: '2018 Topps Chrome Shohei Ohtani',
  description: 'Topps • PSA 10 GEM MT • Cert #12345678',
  value: '$1,250.50',
  valueCents: 125050,
  allTimeHigh: '1500',
  allTimeHighCents: 150000,
  isEmpty: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  year: '2018',
  set: 'Topps Chrome',
  subject: 'Shohei Ohtani',
  grader: 'PSA',
  grade: 10,
  certNumber: '012345678',
  costCents: 50_000,
  acquiredOn: '2025-11-20',
  subgrades: { centering: 9.5, corners: null, edges: 9, surface: 10 },
  ...over,
});

describe('formula escaping', () => {
  it('prefixes cells a spreadsheet would run, and import takes the prefix off', () => {
    for (const cell of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', ' =1+1', '\n=cmd|x', '  \r\n @SUM(A1)', '\u00a0+1', '\t -2']) {
      expect(escapeCell(cell)).toBe(`'${cell}`);
      expect(unescapeCell(escapeCell(cell))).toBe(cell);
    }
    expect(escapeCell('Topps 2018')).toBe('Topps 2018');
    expect(escapeCell(' Topps = 2018')).toBe(' Topps = 2018');
    expect(unescapeCell("'quoted")).toBe("'quoted");
    // A loss and PSA's blank are no formula: they stay a number and a blank; anything after them is escaped.
    for (const cell of ['-12.50', '-100', '-']) expect(escapeCell(cell)).toBe(cell);
    for (const cell of ['-1-cmd', '-1.5+2', '--1', '-1e3']) expect(escapeCell(cell)).toBe(`'${cell}`);
  });
});

describe('export rows', () => {
  it('write every column: typed and numeric values, slab facts, dates and the image link', () => {
    const row = exportRow(card(), { imageLink: (p) => `https://ratio.example${p}`, now: new Date(), countsValue: 'own' });
    expect(row).toHaveLength(EXPORT_COLUMNS.length);
    expect(Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      Slot: '3',
      Title: '2018 Topps Chrome Shohei Ohtani',
      Description: 'Topps • PSA 10 GEM MT • Cert #12345678',
      Value: '$1,250.50',
      'Value (USD)': '1250.50',
      'All-Time High': '1500',
      'All-Time High (USD)': '1500.00',
      Grader: 'PSA',
      Grade: '10',
      'Cert Number': '012345678',
      Qualifier: '',
      Year: '2018',
      Set: 'Topps Chrome',
      'Card Number': '',
      Subject: 'Shohei Ohtani',
      Variety: '',
      Sport: '',
      Serial: '',
      'Autograph Grade': '',
      Subgrades: '9.5//9/10',
      'Cost (USD)': '500.00',
      'Acquired On': '2025-11-20',
      Source: '',
      Notes: '',
      'Market Value (USD)': '',
      'Market Source': '',
      'Market As Of': '',
      'Counts In Totals': 'own',
      'Gain (USD)': '750.50',
      Added: '2026-11-01T10:00:00.000Z',
      Updated: '2026-11-02T10:00:00.000Z',
      Image: 'https://ratio.example/api/images/abc/original',
    });
  });

  it('leave the image and numbers empty when there are none, and escape formulas', () => {
    const row = exportRow(card({ originalUrl: null, value: 'n/a', valueCents: null, title: '=cmd' }), {
      imageLink: (p) => p,
      now: new Date(),
      countsValue: 'own',
    });
    expect(row[1]).toBe("'=cmd");
    expect([row[3], row[4], row.at(-1)]).toEqual(['n/a', '', '']);
    expect(centsCell(5)).toBe('0.05');
    expect([centsCell(-550), centsCell(-50), centsCell(0)]).toEqual(['-5.50', '-0.50', '0.00']);
  });
});

describe('reading an import', () => {
  const ratioHeader = [...EXPORT_COLUMNS];
  const blank = (n: number) => Array.from({ length: n }, () => '');
  const ratioRow = (slot: string, value = '$10', valueUsd = '10.00') => [slot, 'Card', '', value, valueUsd, ...blank(ratioHeader.length - 5)];

  const wall = (over: Partial<TWallNow> = {}): TWallNow => ({ taken: new Map(), certs: new Map(), keys: new Map(), maxSlots: 10, ...over });
  const plan = (layout: typeof ratioLayout | typeof psaStyleLayout, header: string[], rows: string[][], w: TWallNow = wall()) => {
    const read = readRows(
      layout,
      header,
      rows,
      rows.map((_, i) => i + 2),
    );
    return planImport(read.cards, read.errors, w);
  };

  it('knows our export and a PSA-style export by their headers', () => {
    expect(detectLayout(ratioHeader)?.id).toBe('ratio');
    expect(detectLayout(['Year', 'Brand', 'Card Number', 'Subject', 'Variety', 'Grade', 'Cert Number'])?.id).toBe('psa');
    expect(detectLayout(['Name', 'Email'])).toBeNull();
    expect(detectLayout(['foo', 'bar'])).toBeNull();
  });

  it("maps PSA columns to the card's fields; the title and description are made from them", () => {
    const header = ['Year', 'Brand', 'Card Number', 'Subject/Player', 'Variety', 'Grade', 'Cert Number', 'Value'];
    const { cards, errors } = readRows(
      psaStyleLayout,
      header,
      [['2018', 'Topps Update', 'US250', 'Shohei Ohtani', 'Rookie', 'GEM MT 10', '012345678', '$900']],
      [2],
    );
    expect(errors).toEqual([]);
    expect(cards[0]).toMatchObject({
      slot: null,
      value: '$900',
      text: {
        data: {
          year: '2018',
          set: 'Topps Update',
          cardNumber: 'US250',
          subject: 'Shohei Ohtani',
          variety: 'Rookie',
          grader: 'PSA',
          grade: 10,
          certNumber: '012345678',
        },
      },
    });
    const [card] = planImport(cards, errors, wall()).cards;
    expect(card).toMatchObject({
      slotNumber: 1,
      title: '2018 Topps Update Shohei Ohtani Rookie #US250',
      description: 'PSA 10 GEM MT',
      certNumber: '012345678',
    });
  });

  it('reads an older Ratio export (13 columns): the grade with its words, the fields from the typed text', () => {
    const header = [
      'Slot',
      'Title',
      'Description',
      'Value',
      'Value (USD)',
      'All-Time High',
      'All-Time High (USD)',
      'Grader',
      'Grade',
      'Cert Number',
      'Added',
      'Updated',
      'Image',
    ];
    const {
      cards: [card],
      errors,
    } = plan(ratioLayout, header, [
      ['1', '2018 Topps Chrome Shohei Ohtani', 'PSA 10 GEM MT • Cert #12345678', '$5', '5.00', '', '', 'PSA', '10 GEM MT', '12345678', '', '', ''],
    ]);
    expect(errors).toEqual([]);
    expect(card).toMatchObject({
      title: '2018 Topps Chrome Shohei Ohtani',
      description: 'PSA 10 GEM MT • Cert #12345678',
      year: '2018',
      set: 'Topps Chrome',
      grader: 'PSA',
      grade: 10,
      certNumber: '12345678',
    });
  });

  it("lists a field that breaks the card's rules as a row error naming it", () => {
    const header = ['Subject', 'Year', 'Grade', 'Cert Number'];
    const { errors } = readRows(
      psaStyleLayout,
      header,
      [
        ['A', '18', '10', '12345678'],
        ['B', '2018', '11', '12'],
        ['C', '2018', 'PSA 9', '87654321'],
      ],
      [2, 3, 4],
    );
    expect(errors.map((e) => [e.line, e.kind, e.message])).toEqual([
      [2, 'bad_field', "Year '18': A year is four digits, e.g. 2018 or 2018-19"],
      [3, 'bad_field', "Grade '11': A grade is 1 to 10, in half steps"],
      [3, 'bad_field', "Cert Number '12': A PSA cert number is 7 to 9 digits"],
    ]);
  });

  it('reports a bad value, a slot out of range, a missing title and a too long text, by line', () => {
    const rows = [
      ratioRow('1', 'lots', '12'),
      ratioRow('1001'),
      ['2', ...blank(ratioHeader.length - 1)],
      ['3', 'x'.repeat(201), ...blank(ratioHeader.length - 2)],
    ];
    const { errors } = readRows(ratioLayout, ratioHeader, rows, [2, 3, 4, 5]);
    expect(errors.map((e) => [e.line, e.kind])).toEqual([
      [2, 'bad_value'],
      [3, 'slot_out_of_range'],
      [4, 'missing_title'],
      [5, 'too_long'],
    ]);
  });

  it('keeps a typed value without a number when our export had no number for it', () => {
    const { cards, errors } = readRows(ratioLayout, ratioHeader, [ratioRow('1', 'n/a', '')], [2]);
    expect(errors).toEqual([]);
    expect(cards[0]!.value).toBe('n/a');
  });

  it('places cards: asked slots, then the first free ones; a slot used twice is a row error; the room runs out in file order', () => {
    const rows = [ratioRow('2'), ratioRow(''), ratioRow('2'), ratioRow('4'), ratioRow('')];
    const taken = new Map([
      [1, 'Other'],
      [4, 'Another'],
    ]);
    const placed = plan(ratioLayout, ratioHeader, rows, wall({ taken, maxSlots: 5 }));
    expect(placed.cards.map((c) => [c.line, c.slotNumber])).toEqual([
      [2, 2],
      [3, 3],
      [6, 5],
    ]);
    expect(placed.errors.map((e) => [e.line, e.kind])).toEqual([
      [4, 'duplicate'],
      [5, 'duplicate'],
    ]);
    const full = plan(ratioLayout, ratioHeader, rows, wall({ taken, maxSlots: 3 }));
    expect(full.errors.filter((e) => e.kind === 'over_limit').map((e) => e.line)).toEqual([6]);
    expect(full.limit).toMatchObject({ room: 2, fitting: 2, over: 1, overRows: 1, withPro: 1 });
    expect(full.limit!.message).toBe(
      'Your gallery has room for 2 more cards: the 2 cards of lines 2–3 fit. The other card needs PRO, which holds 1,000 cards.',
    );
  });

  it('leaves out a row whose cert is on the wall, and refuses a cert seen twice in the file', () => {
    const header = ['Subject', 'Grade', 'Cert Number'];
    const placed = plan(
      psaStyleLayout,
      header,
      [
        ['A', '10', '11111111'],
        ['B', '9', '11111111'],
        ['C', '8', '22222222'],
      ],
      wall({ certs: new Map([['22222222', 7]]) }),
    );
    expect(placed.errors.map((e) => [e.line, e.kind])).toEqual([[3, 'duplicate']]);
    expect(placed.already).toEqual([{ line: 4, message: 'Cert #22222222 is already on your wall (slot 7)' }]);
    expect(placed.cards.map((c) => c.line)).toEqual([2]);
  });
});
